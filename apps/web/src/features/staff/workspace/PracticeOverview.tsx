import { countryName, formatPhoneForReading, type StaffPractice } from '@lisbon/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { deadlineFacts } from '@/shared/practice/deadlineFacts';
import { paymentFact } from '@/shared/practice/paymentFact';
import { Facts } from '@/shared/practice/Facts';
import { PurposeFacts, QualificationFacts, ServiceFacts } from '@/shared/practice/PracticeFacts';
import { useDaysInWords } from '@/shared/ui/daysInWords';
import { personName } from '../components/QueueTable';
import { StaffStatus } from '../components/StaffStatus';
import { Section } from './Section';

/** The request at a glance: status and people, the applicant, the request as filed. */
export function PracticeOverview({ practice }: { practice: StaffPractice }) {
  const { t } = useTranslation();
  const inWords = useDaysInWords('underLabel');
  const locale = useLocale();
  const date = (value: string | null | undefined) => (value ? formatDate(value, locale) : null);
  const country = (code: string | null | undefined) => (code ? countryName(code, locale) : null);
  const applicant = practice.applicant;

  return (
    <>
      <Stack gap="xs">
        {/* The staff's status first; then the applicant's label, said to be theirs: beside "Ready
            for issue", a bare "in evaluation" read as a second, contrary status (a staff walk). */}
        <StaffStatus practice={practice} />
        <Facts
          facts={[
            [t('staff.people.assignee'), personName(practice.assignee) ?? t('staff.people.none')],
            [t('staff.people.reviewer'), personName(practice.reviewer) ?? t('staff.people.none')],
            [t('practiceFacts.requestedAt'), date(practice.requested_at)],
            paymentFact(practice, t, date),
            ...deadlineFacts(practice, t, date, inWords),
          ]}
        />
      </Stack>

      <Section id="applicant" title={t('staff.applicant.title')}>
        {applicant ? (
          <Facts
            facts={[
              [
                t('staff.applicant.name'),
                [applicant.first_name, applicant.middle_name, applicant.last_name].filter(Boolean).join(' '),
              ],
              [t('staff.applicant.email'), applicant.email],
              [t('staff.applicant.category'), t(`staff.applicant.categories.${applicant.category}`)],
              [t('staff.applicant.birthDate'), date(applicant.birth_date)],
              [
                t('staff.applicant.birthPlace'),
                [applicant.birth_city, country(applicant.birth_country)].filter(Boolean).join(', '),
              ],
              [t('staff.applicant.nationality'), country(applicant.nationality)],
              [t('staff.applicant.document'), applicant.document_number],
              [t('staff.applicant.phone'), applicant.phone && formatPhoneForReading(applicant.phone)],
              [t('staff.applicant.residence'), country(applicant.residence_country)],
            ]}
          />
        ) : (
          <Text>{t('staff.applicant.deleted')}</Text>
        )}
      </Section>

      <Section id="request" title={t('practice.requestTitle')}>
        <ServiceFacts practice={practice} />
        {practice.purpose && (
          <>
            <Title order={3} mt="md" mb="xs">
              {t('wizard.steps.purpose')}
            </Title>
            <PurposeFacts purpose={practice.purpose} />
          </>
        )}
        {practice.qualification && (
          <>
            <Title order={3} mt="md" mb="xs">
              {t('wizard.steps.qualification')}
            </Title>
            <QualificationFacts qualification={practice.qualification} />
          </>
        )}
      </Section>
    </>
  );
}
