import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ThreadMessages } from '@/shared/practice/ThreadMessages';
import { useCurrentUser } from '@/shared/session/currentUser';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { staffPracticeQuery } from '../api/workspace';
import { ActionsPanel } from '../workspace/ActionsPanel';
import { AppealSection } from '../workspace/AppealSection';
import { AssessmentSection } from '../workspace/AssessmentSection';
import { AuditTrail } from '../workspace/AuditTrail';
import { DeliverySection } from '../workspace/DeliverySection';
import { DocumentButtons, StaffDocuments } from '../workspace/StaffDocuments';
import { FileCheckSection } from '../workspace/FileCheckSection';
import { NotesSection } from '../workspace/NotesSection';
import { PracticeOverview } from '../workspace/PracticeOverview';
import { PublicationPanel } from '../workspace/PublicationPanel';
import { Section } from '../workspace/Section';
import { VerificationSection } from '../workspace/VerificationSection';
import { actorContext, mayChange } from '../workspace/rules';

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
    <Stack gap="xl" maw={1100}>
      <PageHeading>{title}</PageHeading>
      <ActionsPanel practice={practice} context={context} />
      <PublicationPanel practice={practice} context={context} />
      <PracticeOverview practice={practice} />
      <AppealSection practice={practice} />
      <StaffDocuments practice={practice} />
      <Section id="file-check" title={t('staff.fileCheck.title')}>
        <FileCheckSection practice={practice} isAllowed={may('file_check')} />
      </Section>
      <Section id="verification" title={t('staff.verification.title')}>
        <VerificationSection practice={practice} isAllowed={may('verification')} />
      </Section>
      <Section id="assessment" title={t('staff.assessment.title')}>
        <AssessmentSection practice={practice} isAllowed={may('assessment')} />
      </Section>
      <Section id="delivery" title={t('staff.delivery.title')}>
        <DeliverySection practice={practice} may={may} />
      </Section>
      <Section id="thread" title={t('thread.title')}>
        <ThreadMessages
          messages={practice.thread}
          viewer="staff"
          renderDocument={(document) => <DocumentButtons practiceId={practice.id} document={document} />}
        />
      </Section>
      <Section id="notes" title={t('staff.notes.title')}>
        <NotesSection practice={practice} isAllowed={may('note')} />
      </Section>
      <Section id="history" title={t('staff.history.title')}>
        <AuditTrail history={practice.history} />
      </Section>
    </Stack>
  );
}
