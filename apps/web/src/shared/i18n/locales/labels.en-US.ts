import { SERVICE_NAMES } from '@lisbon/domain';

/** Names of the domain's values (statuses, purposes, document types…), in English. */
export const labelsEn = {
  labels: {
    /**
     * Spec §4's labels. Its four codes with underscores are shown as words in both languages
     * (issue 14: applicants read 'appeal_issued' as a raw code), and 'cimea request' as a request
     * for information (issue 33, decision 085); the API's `status_label` keeps the spec's words.
     */
    status: {
      draft: 'draft',
      'in evaluation': 'in evaluation',
      // The spec's 'cimea request' names a body the portal never mentions (issue 33, decision 085).
      'cimea request': 'request for information',
      closed: 'closed',
      published: 'published',
      'appeal in evaluation': 'appeal in evaluation',
      appeal_rejected: 'appeal rejected',
      appeal_issued: 'appeal issued',
      amend_issued: 'amendment issued',
      appeal_refused: 'appeal refused',
    },
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
    document: {
      identity_document: 'ID card or passport',
      consent_form: 'Consent form',
      diploma: 'Diploma or provisional certificate',
      grade_12_certificate: '12th grade certificate',
      transcript_of_records: 'Transcript of records',
      final_examination: 'Final or national examination',
      diploma_supplement: 'Diploma supplement',
      translation: 'Translation',
      refugee_status_certificate: 'Refugee status certificate',
      marriage_certificate: 'Marriage certificate',
      student_card: 'Student card',
      apostille: 'Apostille or legalisation',
      additional: 'Additional document',
    },
    deliveryMode: { in_presence: 'In presence', blended: 'Blended', distance_learning: 'Distance learning' },
    studiesType: { full_time: 'Full time', part_time: 'Part time' },
    diplomaType: { final: 'Final diploma', provisional: 'Provisional certificate' },
    yes: 'Yes',
    no: 'No',
    none: 'Not given',
  },
} as const;
