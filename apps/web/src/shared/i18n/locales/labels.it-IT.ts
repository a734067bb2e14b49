import { SERVICE_NAMES, STATUS_LABEL_NAMES_IT } from '@lisbon/domain';
import type { Catalogue } from './en-US';

/** I nomi dei valori del dominio (stati, finalità, tipi di documento…), in italiano. */
export const labelsIt: Pick<Catalogue, 'labels'> = {
  labels: {
    status: STATUS_LABEL_NAMES_IT,
    service: SERVICE_NAMES['it-IT'],
    level: { higher: 'Istruzione superiore', upper_secondary: 'Istruzione secondaria superiore' },
    purpose: {
      further_studies: 'Accesso al proseguimento degli studi',
      nostrification: 'Nostrificazione',
      public_competition: 'Concorso pubblico',
      public_administration_career: 'Progressione di carriera nella pubblica amministrazione',
      visa_non_study: 'Richiesta di visto per motivi diversi dallo studio',
      other: 'Altro',
    },
    document: {
      identity_document: "Carta d'identità o passaporto",
      consent_form: 'Modulo di consenso',
      diploma: 'Diploma o certificato provvisorio',
      grade_12_certificate: 'Certificato del dodicesimo anno',
      transcript_of_records: 'Certificato degli esami (transcript of records)',
      final_examination: 'Esame finale o nazionale',
      diploma_supplement: 'Supplemento al diploma',
      translation: 'Traduzione',
      refugee_status_certificate: 'Certificato dello status di rifugiato',
      marriage_certificate: 'Certificato di matrimonio',
      student_card: 'Tessera dello studente',
      apostille: 'Apostille o legalizzazione',
      additional: 'Documento aggiuntivo',
    },
    additionalDocument: '{{name}} (documento aggiuntivo)',
    deliveryMode: { in_presence: 'In presenza', blended: 'Mista', distance_learning: 'A distanza' },
    studiesType: { full_time: 'Tempo pieno', part_time: 'Tempo parziale' },
    diplomaType: { final: 'Diploma definitivo', provisional: 'Certificato provvisorio' },
    yes: 'Sì',
    no: 'No',
    none: 'Non indicato',
  },
};
