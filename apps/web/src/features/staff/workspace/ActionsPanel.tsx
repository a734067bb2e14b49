import {
  type ActorContext,
  missingAssessmentFields,
  type StaffPractice,
  type Transition,
} from '@lisbon/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionOf, mayChange, offeredTransitions } from './rules';
import { AssignDialog } from '../components/AssignDialog';
import { personName } from '../components/QueueTable';
import { Section } from './Section';
import { TransitionDialog } from './TransitionDialog';

/**
 * The moves this staff member may make on this request now, and only those (the domain's
 * transition table for their abilities and their part in the request).
 */
export function ActionsPanel({ practice, context }: { practice: StaffPractice; context: ActorContext }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Transition | null>(null);
  const [isReassigning, setIsReassigning] = useState(false);
  // Past the `assign` move, assigning staff may still hand the request to other people.
  const mayReassign = mayChange('reassign', practice, context);
  const transitions = offeredTransitions(practice, context);
  const missing = missingAssessmentFields(practice.assessment);
  const isBlocked = (transition: Transition) =>
    transition.requires?.assessment === true && missing.length > 0;
  const blocksReview = transitions.some(isBlocked);
  const last = practice.history.at(-1);
  const sentBack = last?.action === 'send_back' && last.to_status === practice.status ? last : null;

  return (
    <Section id="actions" title={t('staff.actions.title')}>
      {transitions.length === 0 && !mayReassign ? (
        <Text>{t('staff.actions.none')}</Text>
      ) : (
        <Group gap="sm">
          {transitions.map((transition) => (
            <Button
              key={transition.action}
              variant={transition.action === 'close' ? 'outline' : 'filled'}
              color={transition.action === 'close' ? 'red' : undefined}
              disabled={isBlocked(transition)}
              aria-describedby={isBlocked(transition) ? 'actions-missing' : undefined}
              onClick={() => setOpen(transition)}
            >
              {t(`staff.actions.names.${actionOf(transition)}`)}
            </Button>
          ))}
          {mayReassign && (
            <Button variant="outline" onClick={() => setIsReassigning(true)}>
              {t('staff.assign.change')}
            </Button>
          )}
        </Group>
      )}
      {sentBack && (
        // Why the review sent it back, in place beside the moves, while it is being evaluated again.
        <Alert role="note" color="blue" variant="light" mt="sm">
          {t('operations.workspace.sentBack', {
            name: personName(sentBack.by) ?? t('staff.history.system'),
            note: sentBack.note ?? '',
          })}
        </Alert>
      )}
      {blocksReview && (
        // A note the disabled button points to, not an alert: announced when the button is reached,
        // not again after every save or move that leaves it standing.
        <Alert id="actions-missing" role="note" color="orange" variant="light" mt="sm">
          {t('staff.assessment.missing', {
            fields: missing.map((field) => t(`staff.assessment.fields.${field}`)).join(', '),
          })}
        </Alert>
      )}
      <AssignDialog
        practiceIds={[practice.id]}
        opened={open?.action === 'assign'}
        onClose={() => setOpen(null)}
      />
      {mayReassign && (
        <AssignDialog
          key={`${practice.assignee?.id}-${practice.reviewer?.id}`}
          practiceIds={[practice.id]}
          opened={isReassigning}
          onClose={() => setIsReassigning(false)}
          current={{ evaluatorId: practice.assignee?.id ?? null, reviewerId: practice.reviewer?.id ?? null }}
        />
      )}
      {open && open.action !== 'assign' && (
        <TransitionDialog practice={practice} transition={open} onClose={() => setOpen(null)} />
      )}
    </Section>
  );
}
