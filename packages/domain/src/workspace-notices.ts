import type { Locale } from './locales';
import type { WorkspaceNoticeKey } from './workspace-notice-keys';

/** The words of each success message (workspace-notice-keys.ts), per language. */
export const WORKSPACE_NOTICES: Record<Locale, Record<WorkspaceNoticeKey, string>> = {
  'en-US': {
    practiceAssigned: 'Request assigned',
    practicesAssigned: 'Requests assigned',
    practiceUpdated: 'Request updated',
    fileCheckConcluded: 'File check concluded',
    verificationUpdated: 'Verification updated',
    assessmentUpdated: 'Assessment updated',
    noteAdded: 'Note added',
    sentInReview: 'Sent in review',
    sentBack: 'Sent back to evaluation',
    reviewConcluded: 'Review concluded',
    practicePublished: 'Request published',
    closed: 'Closed',
    messageSent: 'Message sent',
    appealCreated: 'Appeal created',
    appealConfirmed: 'Appeal confirmed',
    amendmentCreated: 'Amendment created',
    amendmentConfirmed: 'Amendment confirmed',
    appealRefused: 'Appeal refused',
    appealRejected: 'Appeal rejected',
    openToDelivery: 'Open to delivery',
    setAsDelivered: 'Set as delivered',
    refundRequested: 'Refund requested: the credit note follows once the provider confirms',
    deliveryCancelled: 'Delivery cancelled: the fee is being refunded',
  },
  'it-IT': {
    practiceAssigned: 'Richiesta assegnata',
    practicesAssigned: 'Richieste assegnate',
    practiceUpdated: 'Richiesta aggiornata',
    fileCheckConcluded: 'Controllo del fascicolo concluso',
    verificationUpdated: 'Verifica aggiornata',
    assessmentUpdated: 'Valutazione aggiornata',
    noteAdded: 'Nota aggiunta',
    sentInReview: 'Inviata in revisione',
    sentBack: 'Rimandata in valutazione',
    reviewConcluded: 'Revisione conclusa',
    practicePublished: 'Richiesta pubblicata',
    closed: 'Chiusa',
    messageSent: 'Messaggio inviato',
    appealCreated: 'Ricorso creato',
    appealConfirmed: 'Ricorso confermato',
    amendmentCreated: 'Rettifica creata',
    amendmentConfirmed: 'Rettifica confermata',
    appealRefused: 'Ricorso respinto',
    appealRejected: 'Ricorso rigettato',
    openToDelivery: 'Aperta alla restituzione',
    setAsDelivered: 'Impostata come consegnata',
    refundRequested: 'Rimborso richiesto: la nota di credito segue alla conferma del gestore',
    deliveryCancelled: 'Restituzione annullata: la tariffa è in rimborso',
  },
};

/** How the applicant sees who wrote a staff message: the office, never a staff member's name. */
export const EVALUATION_OFFICE: Record<Locale, string> = {
  'en-US': 'Evaluation office',
  'it-IT': 'Ufficio valutazioni',
};
