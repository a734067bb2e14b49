import { CERTIFICATE_LABELS_IT, VERIFY_REASONS_IT } from '@lisbon/domain';
import type { verifyEn } from './verify.en-US';

/** La verifica pubblica e il riquadro dell'attestato del richiedente, in italiano. */
export const verifyIt: typeof verifyEn = {
  verify: {
    title: 'Verifica un attestato',
    intro:
      'Carica il PDF di un attestato per controllare che sia l’originale che abbiamo pubblicato. È valido solo il file originale: una stampa, una scansione o una copia salvata di nuovo non lo sono.',
    idLabel: 'Codice dell’attestato',
    walletTitle: 'Attestato in un portafoglio digitale',
    walletIntro:
      'Il titolare può anche mostrare l’attestato da un portafoglio digitale (portafoglio europeo di identità digitale, IT-Wallet).',
    walletLink: 'Verifica una credenziale da un portafoglio',
    states: {
      published: 'Questo codice appartiene a un attestato pubblicato il {{date}} da {{authority}}.',
      pending: 'Questo codice appartiene a un attestato non ancora pubblicato. Riprova più tardi.',
      superseded: 'Questo codice appartiene a un attestato sostituito da una rettifica.',
      revoked: 'Questo codice appartiene a un attestato revocato.',
      unknown:
        'Non esiste alcun attestato con questo codice. Controlla l’indirizzo o inquadra di nuovo il codice sull’attestato.',
    },
    fileTitle: 'Controlla un file',
    drop: 'Trascina qui il PDF dell’attestato',
    hint: 'Un file PDF, al massimo {{max}} MB. Il file viene solo controllato, mai conservato.',
    choose: 'Scegli un file PDF',
    checking: 'Controllo del file in corso…',
    tooLarge: 'Il file è troppo grande: la dimensione massima è {{max}} MB.',
    notPdf: 'Non è un file PDF: scegli il PDF dell’attestato.',
    resultTitle: 'Esito',
    valid: 'Valido',
    notValid: 'NON valido',
    notPublished: 'Non ancora pubblicato',
    checkedFile: 'File controllato: {{name}}',
    details: {
      holder: 'Titolare (in parte nascosto)',
      qualification: 'Titolo di studio',
      publishedAt: 'Data di pubblicazione',
      transactionHash: 'Hash della transazione',
      authority: 'Ente certificatore',
      ledgerLink: 'Vedi la registrazione sul registro',
    },
    reasons: {
      ...VERIFY_REASONS_IT,
      not_yet_published: 'La pubblicazione è ancora in corso: riprova più tardi.',
    },
    another: 'Controlla un altro file',
  },
  statement: {
    title: 'Attestato',
    pending: 'La pubblicazione del tuo attestato è ancora in corso. Riprova più tardi.',
    refresh: 'Controlla di nuovo',
    withdrawn:
      'Questo attestato è stato ritirato il {{date}}. Le sue verifiche ora rispondono NON valido e le sue copie nei portafogli digitali risultano revocate. Ti abbiamo inviato il motivo per email.',
    intro: 'Il tuo attestato è stato pubblicato. Scarica il PDF firmato: è l’unico originale valido.',
    download: 'Scarica l’attestato (PDF)',
    fileName: 'attestato-{{id}}.pdf',
    share: 'Pagina di verifica di questo attestato',
    shareHelp:
      'Dai questo indirizzo a chi deve controllare il tuo attestato, insieme al file PDF: lo caricherà lì.',
    fields: CERTIFICATE_LABELS_IT,
  },
};
