import { appealSchema, hasAppeal, type StaffPractice } from '@lisbon/domain';
import { Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/api';
import { formatDateTime } from '@/shared/format';
import { currentLocale } from '@/shared/i18n';
import { Facts } from '@/shared/practice/PracticeFacts';
import { Section } from './Section';

/** GET /staff/practices/{id}/appeal: the applicant's appeal or amendment, null when none. */
export const staffAppealQuery = (practiceId: number, status: string) =>
  queryOptions({
    queryKey: ['staff', 'appeal', practiceId, status] as const,
    queryFn: async () =>
      (await api.get(`staff/practices/${practiceId}/appeal`, null, { schema: appealSchema.nullable() })).data,
  });

/** What the applicant asked for in their appeal (the motivation is also the thread's first message). */
export function AppealSection({ practice }: { practice: StaffPractice }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const isAppealed = hasAppeal(practice.status);
  const query = useQuery({ ...staffAppealQuery(practice.id, practice.status), enabled: isAppealed });
  const appeal = query.data;
  if (!isAppealed || !appeal) return null;
  return (
    <Section id="appeal" title={t('appeal.entryTitle')}>
      <Facts
        facts={[
          [t('appeal.type'), t(`appeal.types.${appeal.type}`)],
          [t('appeal.askedAt'), formatDateTime(appeal.created_at, locale)],
          [t('appeal.motivation'), <Text style={{ whiteSpace: 'pre-wrap' }}>{appeal.motivation}</Text>],
          [t('appeal.documents'), t('appeal.documentCount', { count: appeal.document_ids.length })],
        ]}
      />
    </Section>
  );
}
