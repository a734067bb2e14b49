import type { StatusName } from './status-wording';
import type { StaffChange } from './staff-changes';
import type { TransitionAction } from './transitions';

/** Each status of a request by its name for staff, in Italian: the staff pages and the API's refusals. */
export const STATUS_NAMES_IT: Record<StatusName, string> = {
  draft: 'Bozza',
  unassigned: 'Non assegnata',
  assigned: 'Assegnata',
  in_evaluation: 'In valutazione',
  in_review: 'In revisione',
  reviewed: 'Revisionata',
  ready_for_issue: 'Pronta per il rilascio',
  pending_student_reply: 'In attesa del richiedente',
  closed: 'Chiusa',
  published: 'Pubblicata',
  appeal_requested: 'Ricorso richiesto',
  appeal_in_evaluation: 'Ricorso in valutazione',
  appeal_in_review: 'Ricorso in revisione',
  appeal_reviewed: 'Ricorso revisionato',
  appeal_pending_student_reply: 'Ricorso in attesa del richiedente',
  appeal_rejected: 'Ricorso rigettato',
  appeal_issued: 'Ricorso accolto',
  amend_issued: 'Rettifica emessa',
  appeal_refused: 'Ricorso respinto',
  // The same statuses on an amendment (`statusNameOf`).
  amendment_requested: 'Rettifica richiesta',
  amendment_in_evaluation: 'Rettifica in valutazione',
  amendment_in_review: 'Rettifica in revisione',
  amendment_reviewed: 'Rettifica revisionata',
  amendment_pending_student_reply: 'Rettifica in attesa del richiedente',
  amendment_rejected: 'Rettifica rigettata',
  amendment_refused: 'Rettifica respinta',
};

/** Each move of a request, and each change staff make to it, by its button's name, in Italian. */
export const ACTION_NAMES_IT: Record<TransitionAction | StaffChange, string> = {
  submit: 'Invia',
  assign: 'Assegna',
  start: 'Avvia la valutazione',
  ask_applicant: 'Chiedi al richiedente',
  reply: 'Rispondi',
  send_in_review: 'Invia in revisione',
  conclude_review: 'Concludi la revisione',
  send_back: 'Rimanda in valutazione',
  mark_ready_for_issue: 'Segna come pronta per il rilascio',
  publish: 'Pubblica',
  close: 'Chiudi la richiesta',
  request_appeal: 'Richiedi un ricorso',
  admit_appeal: 'Ammetti il ricorso',
  refuse_appeal: 'Respingi il ricorso',
  issue_appeal: 'Rilascia l’attestato del ricorso',
  issue_amendment: 'Rilascia l’attestato rettificato',
  reject_appeal: 'Rigetta il ricorso',
  file_check: 'Concludi il controllo del fascicolo',
  verification: 'Salva la verifica',
  assessment: 'Salva la valutazione',
  note: 'Aggiungi la nota',
  open_to_delivery: 'Apri alla restituzione',
  set_delivered: 'Imposta come consegnata',
  reassign: 'Cambia l’assegnazione',
  refund_payment: 'Rimborsa il pagamento',
  cancel_delivery: 'Annulla la restituzione e rimborsa la tariffa',
};
