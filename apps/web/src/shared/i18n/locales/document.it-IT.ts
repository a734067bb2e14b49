import type { documentEn } from './document.en-US';

/** L'intestazione della pagina e il testo senza JavaScript, scritti dalla build in italiano. */
export const documentIt: typeof documentEn = {
  document: {
    description:
      'Lisbon: richiedi la comparabilità e la verifica di un titolo di studio estero, segui la tua richiesta e verifica un attestato.',
    noscript: 'Lisbon ha bisogno di JavaScript per funzionare. Attivalo e ricarica la pagina.',
  },
};
