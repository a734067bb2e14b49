import { DOCUMENT_TYPE_NAMES, SERVICE_NAMES, STATUS_LABEL_NAMES_EN } from '@lisbon/domain';

/** Names of the domain's values (statuses, purposes, document types…), in English. */
export const labelsEn = {
  labels: {
    // Spec §4's labels in words, as the API's refusals say them too.
    status: STATUS_LABEL_NAMES_EN,
    service: SERVICE_NAMES['en-US'],
    level: { higher: 'Higher education', upper_secondary: 'Upper secondary education' },
    purpose: {
      further_studies: 'Access to further studies',
      nostrification: 'Nostrification',
      public_competition: 'Public competition',
      public_administration_career: 'Career progression in public administration',
      visa_non_study: 'Visa application for non-study purposes',
      other: 'Other',
    },
    document: DOCUMENT_TYPE_NAMES['en-US'],
    // An additional document is named by the applicant: "Internship letter (additional document)".
    additionalDocument: '{{name}} (additional document)',
    deliveryMode: { in_presence: 'In presence', blended: 'Blended', distance_learning: 'Distance learning' },
    studiesType: { full_time: 'Full time', part_time: 'Part time' },
    diplomaType: { final: 'Final diploma', provisional: 'Provisional certificate' },
    yes: 'Yes',
    no: 'No',
    none: 'Not given',
  },
} as const;
