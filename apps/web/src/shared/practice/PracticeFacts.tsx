import { countryName, type Practice, type PurposeStep, type QualificationStep } from '@lisbon/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../format';
import { useLocale } from '../i18n';
import { type Fact, Facts } from './Facts';

/** The request itself: service, country and level of education system, urgency. */
export function ServiceFacts({
  practice,
}: {
  practice: Pick<Practice, 'service' | 'country' | 'level' | 'is_urgent'>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Facts
      facts={[
        [t('practiceFacts.service'), t(`labels.service.${practice.service}`)],
        [t('practiceFacts.country'), countryName(practice.country, locale)],
        [t('practiceFacts.level'), t(`labels.level.${practice.level}`)],
        [t('practiceFacts.urgent'), t(practice.is_urgent ? 'labels.yes' : 'labels.no')],
      ]}
    />
  );
}

/** Step 1 as saved. */
export function PurposeFacts({ purpose }: { purpose: PurposeStep }) {
  const { t } = useTranslation();
  return (
    <Facts
      facts={[
        [t('practiceFacts.purpose'), t(`labels.purpose.${purpose.purpose}`)],
        ...(purpose.purpose === 'other'
          ? [[t('practiceFacts.purposeOther'), purpose.purpose_other] satisfies Fact]
          : []),
        [t('practiceFacts.institution'), purpose.italian_institution],
        [t('practiceFacts.programme'), purpose.programme_name],
        [t('practiceFacts.visa'), t(purpose.has_visa ? 'labels.yes' : 'labels.no')],
        ...(purpose.has_visa
          ? [[t('practiceFacts.representation'), purpose.diplomatic_representation] satisfies Fact]
          : []),
      ]}
    />
  );
}

/** Step 2 as saved, with the optional parts only when they apply. */
export function QualificationFacts({ qualification: q }: { qualification: QualificationStep }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const country = (code: string | null | undefined) => (code ? countryName(code, locale) : null);
  const yesNo = (flag: boolean) => t(flag ? 'labels.yes' : 'labels.no');
  // A box the applicant ticks to state it; left unticked it states nothing, so not "No".
  const accreditation = (flag: boolean) => t(flag ? 'labels.yes' : 'practiceFacts.accreditationNotStated');
  const facts: Fact[] = [
    [t('practiceFacts.qualification'), q.qualification_name],
    [t('practiceFacts.awardingInstitution'), `${q.institution_name}, ${q.institution_city}`],
    [t('practiceFacts.institutionCountry'), country(q.institution_country)],
    [t('practiceFacts.countryDiffers'), yesNo(q.is_institution_country_different)],
  ];
  if (q.is_teaching_institution_different) {
    const place = [q.teaching_institution_city, country(q.teaching_institution_country)].filter(Boolean);
    facts.push([t('practiceFacts.teaching'), [q.teaching_institution_name, ...place].join(', ')]);
  }
  if (q.is_awarding_body_different) {
    facts.push([
      t('practiceFacts.awardingBody'),
      [q.awarding_body_name, country(q.awarding_body_country)].filter(Boolean).join(', '),
    ]);
  }
  facts.push(
    [t('practiceFacts.programme'), q.study_program_name],
    [t('practiceFacts.language'), q.study_program_locale],
    [t('practiceFacts.deliveryMode'), t(`labels.deliveryMode.${q.delivery_mode}`)],
    [t('practiceFacts.studiesType'), t(`labels.studiesType.${q.studies_type}`)],
    [t('practiceFacts.credits'), typeof q.credits === 'number' ? formatNumber(q.credits, locale) : null],
    [t('practiceFacts.enrolledAt'), formatDate(q.enrolled_at, locale)],
    [t('practiceFacts.graduatedAt'), formatDate(q.graduated_at, locale)],
    [t('practiceFacts.issuedAt'), formatDate(q.issued_at, locale)],
    [t('practiceFacts.diplomaType'), t(`labels.diplomaType.${q.diploma_type}`)],
    [t('practiceFacts.awardingAccredited'), accreditation(q.is_awarding_institution_accredited)],
    [t('practiceFacts.teachingAccredited'), accreditation(q.is_teaching_institution_accredited)],
  );
  const diplomaName = [q.diploma_first_name, q.diploma_middle_name, q.diploma_last_name].filter(Boolean);
  if (diplomaName.length > 0) facts.push([t('practiceFacts.diplomaName'), diplomaName.join(' ')]);
  return <Facts facts={facts} />;
}
