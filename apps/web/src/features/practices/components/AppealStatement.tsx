import type { Appeal, Practice } from '@lisbon/domain';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { appealQuery, downloadAppealStatement } from '../api/appeal';

type IssuedStatement = NonNullable<Appeal['statement']>;

/** A published statement of appeal or amended statement: what it is, its PDF and its verification page. */
export function AppealStatement({
  practiceId,
  statement,
}: {
  practiceId: number;
  statement: IssuedStatement;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setFailure(null);
    try {
      await downloadAppealStatement(
        practiceId,
        t(`appeal.fileName.${statement.kind}`, { id: statement.certificate_id }),
      );
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };
  return (
    <Stack gap="xs">
      <Text>{t(`appeal.statementReady.${statement.kind}`)}</Text>
      <FormAlert message={failure} />
      <Group>
        <Button onClick={() => void download()}>{t(`appeal.download.${statement.kind}`)}</Button>
        <Anchor component={Link} to={`/verify/${statement.certificate_id}`}>
          {t('appeal.verifyLink')}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** On the request page, once an appeal or amendment is issued: its statement beside the original. */
export function AppealStatementPanel({ practice }: { practice: Practice }) {
  const { t } = useTranslation();
  const isIssued = practice.status === 'appeal_issued' || practice.status === 'amend_issued';
  const query = useQuery({ ...appealQuery(practice.id), enabled: isIssued });
  const statement = query.data?.appeal?.statement;
  if (!isIssued || statement?.status !== 'published') return null;
  return (
    <section aria-labelledby="appeal-statement">
      <Title order={2} id="appeal-statement" mb="xs">
        {t(`appeal.statementTitle.${statement.kind}`)}
      </Title>
      <AppealStatement practiceId={practice.id} statement={statement} />
    </section>
  );
}
