import type { CertificateField, VerifyReason } from './statement-fields';
import { withVerdicts } from './verify-verdicts';

// The statement's labels and the verification's answers in Italian, apart from the other
// languages' (decision 079): the SPA's catalogue of a language takes only its own.

export const CERTIFICATE_LABELS_IT: Record<CertificateField, string> = {
  holder_name: 'Nome del titolare',
  birth_date: 'Data di nascita',
  reference_id: 'Codice di riferimento',
  request_id: 'Numero della richiesta',
  qualification_name: 'Denominazione del titolo',
  qualification_type: 'Tipo di titolo',
  classification: 'Classificazione o livello',
  major: 'Indirizzo di studio',
  awarding_institution: 'Istituzione che rilascia il titolo',
  award_year: 'Anno di conseguimento',
  institution_status: 'Status dell’istituzione',
  teaching_institution: 'Istituzione che ha impartito la formazione',
  country_of_studies: 'Paese degli studi',
  country_of_education_system: 'Paese del sistema di istruzione',
  workload: 'Carico di lavoro',
  duration: 'Durata',
  deqar_id: 'Codice DEQAR',
  whed_id: 'Codice WHED',
  access_requirements: 'Requisiti di accesso',
  access_to_further_studies: 'Accesso a ulteriori studi',
  evaluation_notes: 'Note di valutazione',
  certificate_authority: 'Ente certificatore',
  publish_date: 'Data di pubblicazione',
  transaction_hash: 'Hash della transazione',
};

/** Why a file is valid or not, after its verdict: the verify page shows the verdict above it. */
export const VERIFY_REASONS_IT: Record<VerifyReason, string> = {
  original:
    'Questo file è l’attestato originale, esattamente come è stato pubblicato, e la sua registrazione sul registro è verificata.',
  not_original:
    'Questo file non è l’attestato originale. Qualsiasi modifica rende una copia non valida, anche salvarla di nuovo o stamparla in PDF.',
  other_statement: 'Questo file è un attestato, ma non quello con questo codice.',
  unknown_id:
    'Non esiste alcun attestato con questo codice. Il codice nell’indirizzo potrebbe essere sbagliato: è la parte finale dell’indirizzo stampato nel PDF dell’attestato, sotto “Verifica questo attestato”.',
  not_yet_published: 'L’attestato non è ancora pubblicato. Riprova più tardi.',
  superseded: 'Sostituito da una rettifica. Questo attestato è stato sostituito da una nuova versione.',
  revoked: 'Questo attestato è stato revocato.',
  ledger_broken:
    'La registrazione di questo attestato sul registro non risulta integra. Contatta l’ente che lo ha rilasciato.',
  anchor_broken:
    'La registrazione di questo attestato sulla blockchain non corrisponde al registro dell’ente (vedi qui sotto il passaggio non riuscito). Contatta l’ente che lo ha rilasciato.',
};

/** The verdict and its reason in one sentence (the API's `message`), as “NON valido: …”. */
export const VERIFY_MESSAGES_IT = /* @__PURE__ */ withVerdicts(VERIFY_REASONS_IT, {
  valid: 'Valido',
  notValid: 'NON valido',
});
