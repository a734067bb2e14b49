import type { StaffChange, StaffPractice } from '@lisbon/domain';
import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ThreadMessages } from '@/shared/practice/ThreadMessages';
import { AppealSection } from './AppealSection';
import { AssessmentSection } from './AssessmentSection';
import { DeliverySection } from './DeliverySection';
import { FileCheckSection } from './FileCheckSection';
import { NotesSection } from './NotesSection';
import { PaymentsSection } from './PaymentsSection';
import { PracticeOverview } from './PracticeOverview';
import { RecordHistory } from './RecordHistory';
import { Section } from './Section';
import { DocumentButtons, StaffDocuments } from './StaffDocuments';
import { VerificationSection } from './VerificationSection';

/** The parts of the workspace (issue #18), in the order of the work. */
export const WORKSPACE_PARTS = [
  'request',
  'documents',
  'checks',
  'assessment',
  'thread',
  'notes',
  'history',
] as const;
export type WorkspacePart = (typeof WORKSPACE_PARTS)[number];

const partOf = (value: string | null): WorkspacePart =>
  WORKSPACE_PARTS.find((part) => part === value) ?? 'request';

type Props = { practice: StaffPractice; may: (change: StaffChange) => boolean };

/**
 * The request's parts as tabs rather than one long page; the part shown is kept in the address
 * (`?part=assessment`), so a reload or a link opens it. Every part stays mounted while another is
 * shown: what was typed in a form is still there on coming back.
 */
export function WorkspaceParts({ practice, may }: Props) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const part = partOf(params.get('part'));
  const show = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (partOf(value) === 'request') next.delete('part');
    else next.set('part', partOf(value));
    setParams(next, { replace: true });
  };

  return (
    <Tabs value={part} onChange={show} keepMounted>
      <Tabs.List aria-label={t('operations.workspace.partsLabel')} mb="md">
        {WORKSPACE_PARTS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {t(`operations.workspace.parts.${value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="request">
        <Stack gap="xl">
          <PracticeOverview practice={practice} />
          <AppealSection practice={practice} />
          <Section id="payments" title={t('staff.payments.title')}>
            <PaymentsSection practice={practice} may={may} />
          </Section>
          <Section id="delivery" title={t('staff.delivery.title')}>
            <DeliverySection practice={practice} may={may} />
          </Section>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="documents">
        <StaffDocuments practice={practice} />
      </Tabs.Panel>
      <Tabs.Panel value="checks">
        <Stack gap="xl">
          <Section id="file-check" title={t('staff.fileCheck.title')}>
            <FileCheckSection practice={practice} isAllowed={may('file_check')} />
          </Section>
          <Section id="verification" title={t('staff.verification.title')}>
            <VerificationSection practice={practice} isAllowed={may('verification')} />
          </Section>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="assessment">
        <Section id="assessment" title={t('staff.assessment.title')}>
          <AssessmentSection practice={practice} isAllowed={may('assessment')} />
        </Section>
      </Tabs.Panel>
      <Tabs.Panel value="thread">
        <Section id="thread" title={t('thread.title')}>
          <ThreadMessages
            messages={practice.thread}
            viewer="staff"
            renderDocument={(document) => <DocumentButtons practiceId={practice.id} document={document} />}
          />
        </Section>
      </Tabs.Panel>
      <Tabs.Panel value="notes">
        <Section id="notes" title={t('staff.notes.title')}>
          <NotesSection practice={practice} isAllowed={may('note')} />
        </Section>
      </Tabs.Panel>
      <Tabs.Panel value="history">
        <Section id="history" title={t('staff.history.title')}>
          <RecordHistory practice={practice} />
        </Section>
      </Tabs.Panel>
    </Tabs>
  );
}
