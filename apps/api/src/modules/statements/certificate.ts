import {
  certificateSchema,
  emptyAssessment,
  isLocale,
  savedQualificationStepSchema,
  type Assessment,
  type Certificate,
} from '@lisbon/domain';
import { canonicalJson } from '../../platform/ledger/canonical';
import { sha256Hex } from '../../platform/ledger/entry';
import type { CertificateSources } from './repository';

const joined = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/** The name as on the diploma when the applicant gave one that differs, else the account's. */
function holderName(sources: CertificateSources): string {
  const step = sources.qualification
    ? savedQualificationStepSchema.safeParse(JSON.parse(sources.qualification))
    : undefined;
  const diploma = step?.success ? step.data : undefined;
  const hasDiplomaName = Boolean(
    diploma?.diploma_first_name || diploma?.diploma_middle_name || diploma?.diploma_last_name,
  );
  if (diploma && hasDiplomaName) {
    return joined(
      diploma.diploma_first_name ?? sources.first_name,
      diploma.diploma_middle_name,
      diploma.diploma_last_name ?? sources.last_name,
    );
  }
  return joined(sources.first_name, sources.middle_name, sources.last_name);
}

/** The certificate fields of spec §3, fixed once when publication starts: what the issue entry hashes. */
export function buildCertificate({
  certificateId,
  sources,
  assessment,
  authority,
  publishDate,
}: {
  certificateId: string;
  sources: CertificateSources;
  assessment: Assessment | null;
  authority: string;
  publishDate: string;
}): Certificate {
  const values = { ...emptyAssessment(), ...assessment };
  return certificateSchema.parse({
    reference_id: certificateId,
    holder_name: holderName(sources),
    birth_date: sources.birth_date,
    classification: values.classification,
    awarding_institution: values.awarding_institution,
    award_year: values.award_year,
    institution_status: values.institution_status,
    country_of_studies: values.country_of_studies,
    country_of_education_system: sources.country,
    teaching_institution: values.teaching_institution,
    qualification_type: values.qualification_type,
    major: values.major,
    qualification_name: values.qualification_name,
    workload: values.workload,
    duration: values.duration,
    deqar_id: values.deqar_id,
    whed_id: values.whed_id,
    access_requirements: values.access_requirements,
    access_to_further_studies: values.access_to_further_studies,
    evaluation_notes: values.evaluation_notes,
    request_id: sources.id,
    certificate_authority: authority,
    publish_date: publishDate,
    locale: isLocale(sources.locale) ? sources.locale : 'en-US',
  });
}

/** SHA-256 of a certificate's canonical JSON, over the stored text as it is (the issue entry's payload hash): a later change of the schema never changes an old hash. */
export const storedCertificateHash = (json: string): string => sha256Hex(canonicalJson(JSON.parse(json)));

export const parseCertificate = (json: string): Certificate => certificateSchema.parse(JSON.parse(json));
