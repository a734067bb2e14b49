import { Alert, Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentUser } from '@/shared/session/currentUser';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { staffPracticeQuery } from '../api/workspace';
import { ActionsPanel } from '../workspace/ActionsPanel';
import { PublicationPanel } from '../workspace/PublicationPanel';
import { actorContext, mayChange } from '../workspace/rules';
import { WorkspaceParts } from '../workspace/WorkspaceParts';

/** `/staff/practices/{id}`: the request workspace, everything a staff member works with. */
export function StaffPracticePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const user = useCurrentUser().data;
  const query = useQuery({ ...staffPracticeQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const title = t('staff.workspace.title', { id: Number.isInteger(id) ? id : '' });

  if (query.isPending || query.isError || !user) {
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
  const context = actorContext(user, practice);
  const may = (change: Parameters<typeof mayChange>[0]) => mayChange(change, practice, context);

  return (
    <Stack gap="lg">
      <PageHeading>{title}</PageHeading>
      {/* The current step's moves stay in view beside the parts on wide screens, above them on phones. */}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg" pos={{ base: 'static', md: 'sticky' }} top={80}>
            <ActionsPanel practice={practice} context={context} />
            <PublicationPanel practice={practice} context={context} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <WorkspaceParts practice={practice} may={may} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
