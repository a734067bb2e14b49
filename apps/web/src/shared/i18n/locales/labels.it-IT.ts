import { DOCUMENT_TYPE_NAMES, SERVICE_NAMES, STATUS_LABEL_NAMES_IT } from '@lisbon/domain';
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
    document: DOCUMENT_TYPE_NAMES['it-IT'],
    additionalDocument: '{{name}} (documento aggiuntivo)',
    deliveryMode: { in_presence: 'In presenza', blended: 'Mista', distance_learning: 'A distanza' },
    studiesType: { full_time: 'Tempo pieno', part_time: 'Tempo parziale' },
    diplomaType: { final: 'Diploma definitivo', provisional: 'Certificato provvisorio' },
    yes: 'Sì',
    no: 'No',
    none: 'Non indicato',
  },
};
