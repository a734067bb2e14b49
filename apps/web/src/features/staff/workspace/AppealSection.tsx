import { appealSchema, hasAppeal, type StaffPractice } from '@lisbon/domain';
import { Group, List, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/api';
import { formatDateTime } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { documentLabel } from '@/shared/documents/documentLabel';
import { Facts } from '@/shared/practice/Facts';
import { PUBLICATION_POLL_MS } from '../api/publication';
import { useReloadPractice } from '../api/workspace';
import { Section } from './Section';
import { DocumentButtons } from './StaffDocuments';
import { TYPED_TEXT } from '@/shared/ui/typedText';

/** GET /staff/practices/{id}/appeal: the applicant's appeal or amendment, null when none. */
export const staffAppealQuery = (practiceId: number, status: string) =>
  queryOptions({
    queryKey: ['staff', 'appeal', practiceId, status] as const,
    queryFn: async () =>
      (await api.get(`staff/practices/${practiceId}/appeal`, null, { schema: appealSchema.nullable() })).data,
  });

/**
 * What the applicant asked for in their appeal (the motivation is also the thread's first message).
 * While its statement is being published it looks again, and once published it refreshes the
 * request, which the publish job has moved on (appeal_issued, amend_issued).
 */
export function AppealSection({ practice }: { practice: StaffPractice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isAppealed = hasAppeal(practice.status);
  const query = useQuery({
    ...staffAppealQuery(practice.id, practice.status),
    enabled: isAppealed,
    refetchInterval: (current) =>
      current.state.data?.statement?.status === 'pending' ? PUBLICATION_POLL_MS : false,
  });
  const appeal = query.data;
  const isIssuedMeanwhile =
    appeal?.statement?.status === 'published' && practice.status === 'appeal_reviewed';
  const reloadPractice = useReloadPractice();
  // With the queues and counts it has left and joined, at once.
  useEffect(() => {
    if (isIssuedMeanwhile) void reloadPractice(practice.id);
  }, [isIssuedMeanwhile, practice.id, reloadPractice]);
  if (!isAppealed || !appeal) return null;
  return (
    <Section id="appeal" title={t(`appeal.types.${appeal.type}`)}>
      <Facts
        facts={[
          [t('appeal.type'), t(`appeal.types.${appeal.type}`)],
          [t('appeal.askedAt'), formatDateTime(appeal.created_at, locale)],
          [t('appeal.motivation'), <Text style={TYPED_TEXT}>{appeal.motivation}</Text>],
          [t('appeal.documents'), <AppealDocuments practice={practice} documentIds={appeal.document_ids} />],
        ]}
      />
    </Section>
  );
}

/**
 * The documents the applicant gave with the appeal, each by its name with its download: the
 * evaluator judges the appeal on them. One the request no longer holds is counted, not named.
 */
function AppealDocuments({ practice, documentIds }: { practice: StaffPractice; documentIds: number[] }) {
  const { t } = useTranslation();
  const documents = practice.documents.filter((document) => documentIds.includes(document.id));
  const count = t('appeal.documentCount', { count: documentIds.length });
  if (documents.length === 0) return <Text>{count}</Text>;
  return (
    <Stack gap={4}>
      {documents.length < documentIds.length && <Text>{count}</Text>}
      <List listStyleType="none" spacing={4} aria-label={t('appeal.documents')}>
        {documents.map((document) => (
          <List.Item key={document.id}>
            <Group gap="xs" wrap="wrap">
              <Text span>
                {documentLabel(document, t)}:{' '}
                <span style={{ wordBreak: 'break-all' }}>{document.file_name}</span>
              </Text>
              <DocumentButtons practiceId={practice.id} document={document} />
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
