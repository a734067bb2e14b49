import type { StaffChange } from '@lisbon/domain';
import { Alert, Anchor, Grid, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { staffPracticeQuery } from '../api/workspace';
import { AnsweredBadge } from '../components/AnsweredBadge';
import { ActionsPanel } from '../workspace/ActionsPanel';
import { PublicationPanel } from '../workspace/PublicationPanel';
import { WorkspaceParts } from '../workspace/WorkspaceParts';

/** `/staff/practices/{id}`: the request workspace, everything a staff member works with. */
export function StaffPracticePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useQuery({ ...staffPracticeQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const title = t('practice.title', { id: Number.isInteger(id) ? id : '' });

  if (query.isPending || query.isError) {
    return (
      <Stack gap="lg">
        <PageHeading>{title}</PageHeading>
        {query.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(query.error, t)}
          </Alert>
        ) : (
          <PageLoader />
        )}
      </Stack>
    );
  }
  const practice = query.data;
  // What this staff member may change is the API's answer (decision 073).
  const may = (change: StaffChange) => practice.allowed_changes.includes(change);

  return (
    <Stack gap="lg">
      <PageHeading>{title}</PageHeading>
      {/* Above every part: the reply waits for the evaluator whichever part they open. */}
      {practice.applicant_answered && (
        <Group gap="sm">
          <AnsweredBadge />
          <Anchor component={Link} to="?part=thread">
            {t('staff.answered.readReply')}
          </Anchor>
        </Group>
      )}
      {/* The current step's moves beside the parts from the side navigation up (1024 px), sticky
          under the header as long forms scroll (app.css); above the parts on phones and tablets. */}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 4 }} order={{ base: 1, sm: 2 }}>
          <Stack gap="lg" className="staff-actions">
            <ActionsPanel practice={practice} />
            <PublicationPanel practice={practice} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }} order={{ base: 2, sm: 1 }}>
          <WorkspaceParts practice={practice} may={may} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
