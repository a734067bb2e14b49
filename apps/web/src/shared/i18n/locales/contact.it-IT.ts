import type { contactEn } from './contact.en-US';

/** La pagina dei contatti, in italiano. */
export const contactIt: typeof contactEn = {
  contact: {
    title: 'Contattaci',
    intro:
      'Domande su una richiesta, un pagamento o il tuo account? Scrivici o chiamaci durante l’orario di apertura. Indica il numero della tua richiesta, se ne hai una.',
    address: 'Indirizzo',
    email: 'Email',
    phone: 'Telefono',
    hours: 'Orario di apertura',
    demo: 'Questi recapiti sono valori dimostrativi: il portale non è ancora stato configurato con quelli reali.',
    unavailable: 'Al momento non è possibile caricare i recapiti. Riprova più tardi.',
  },
};
