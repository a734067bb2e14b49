import type { Locale } from '@lisbon/domain';

type ConsentText = {
  title: string;
  paragraphs: (holder: { name: string; email: string }) => string[];
  signatureLines: string[];
};

/** The data-processing consent the applicant signs and uploads as the `consent_form` document. */
export const CONSENT_TEXTS: Record<Locale, ConsentText> = {
  'en-US': {
    title: 'Consent to the processing of personal data',
    paragraphs: ({ name, email }) => [
      `I, the undersigned ${name} (account ${email}), have read the information on the processing of personal data under Regulation (EU) 2016/679 (GDPR).`,
      'I consent to the evaluation body processing my personal data, and the data in the documents I upload, for the recognition of my qualification: assessing my request, verifying my qualification with the institutions that awarded it where the service includes verification, issuing the statement and recording its fingerprint on the ledger.',
      'I know that I may withdraw this consent, ask to see, correct or erase my data, and complain to the data protection authority; the withdrawal does not affect processing already carried out.',
    ],
    signatureLines: ['Place and date:', 'Signature:'],
  },
  'it-IT': {
    title: 'Consenso al trattamento dei dati personali',
    paragraphs: ({ name, email }) => [
      `Il/La sottoscritto/a ${name} (account ${email}) dichiara di aver letto l’informativa sul trattamento dei dati personali ai sensi del Regolamento (UE) 2016/679 (GDPR).`,
      'Acconsento al trattamento dei miei dati personali, e dei dati contenuti nei documenti che carico, da parte dell’ente di valutazione per il riconoscimento del mio titolo: esame della richiesta, verifica del titolo presso le istituzioni che lo hanno rilasciato quando il servizio la comprende, emissione dell’attestato e registrazione della sua impronta nel registro.',
      'So di poter revocare questo consenso, chiedere di accedere ai miei dati, rettificarli o cancellarli, e presentare reclamo all’autorità di controllo; la revoca non pregiudica il trattamento già effettuato.',
    ],
    signatureLines: ['Luogo e data:', 'Firma:'],
  },
};
