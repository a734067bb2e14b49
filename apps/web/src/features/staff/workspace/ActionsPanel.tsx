import {
  ASSESSMENT_FIELDS,
  assessmentReadiness,
  type AvailableAction,
  fitsStatement,
  invalidAssessmentFields,
  isIssuing,
  isOneOf,
  mayHaveStatement,
  needsStatementInForce,
  type StaffPractice,
  waitsForApplicant,
} from '@lisbon/domain';
import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/shared/ui/PageLoader';
import { useCurrentUser } from '@/shared/session/currentUser';
import { useOpenerFocus } from '@/shared/ui/useOpenerFocus';
import { AssignDialog } from '../components/AssignDialog';
import { publicationQuery } from '../api/publication';
import { personName } from '../components/QueueTable';
import { isMoveNamed, moveName, useAppealType } from './appealWording';
import { Section } from './Section';
import { ChangedMeanwhileAlert, TransitionDialog, type TransitionOutcome } from './TransitionDialog';

/** Changes made in the sections below the moves: the return delivery and the payments. */
const WORK_BELOW = ['open_to_delivery', 'set_delivered', 'cancel_delivery', 'refund_payment'] as const;

/** The moves that end a request or an appeal without what was asked: red outlines, never the filled primary. */
const ENDING_MOVES = ['close', 'refuse_appeal', 'reject_appeal'] as const;

/**
 * The moves this staff member may make on this request now, and only those: what the API answers
 * (`available_actions`, from the domain's transition table for their abilities and their part).
 */
export function ActionsPanel({ practice }: { practice: StaffPractice }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<AvailableAction | null>(null);
  /** The move's button that opened the dialog, given focus back when the dialog closes. */
  const openerFocus = useOpenerFocus();
  /** Someone else moved the request while this member's dialog was open: said until the next move. */
  const [wasChangedMeanwhile, setWasChangedMeanwhile] = useState(false);
  const closeTransition = (outcome?: TransitionOutcome) => {
    setOpen(null);
    setWasChangedMeanwhile(outcome === 'changedMeanwhile');
    // After a move, its button goes (other moves stand there now): focus on the Actions heading.
    if (outcome) requestAnimationFrame(() => document.getElementById('actions-title')?.focus());
    else openerFocus.giveBack();
  };
  const [isReassigning, setIsReassigning] = useState(false);
  // Assigned, the Assign button goes: focus on the Actions heading, as after any other move.
  const actionsHeading = () => document.getElementById('actions-title');
  const appealType = useAppealType(practice);
  const people = { evaluatorId: practice.assignee?.id ?? null, reviewerId: practice.reviewer?.id ?? null };
  // Past the `assign` move, assigning staff may still hand the request to other people.
  const mayReassign = practice.allowed_changes.includes('reassign');
  // Nobody evaluates it (an appeal admitted on a request nobody held): it is assigned, not changed.
  const hasNobody = people.evaluatorId === null;
  // A statement on its way (or stuck) holds every move back: the API offers none, and says why here.
  const publication = useQuery({
    ...publicationQuery(practice.id),
    enabled: mayHaveStatement(practice.status),
  });
  // A statement of appeal or an amended one needs the statement in force, by the domain's rule the
  // API offers its moves by: none here once the publication is known to have none (withdrawn, or
  // none published), though an answer read before says otherwise. Until the publication answers,
  // those moves wait behind a loading note, so no button shows that then goes (a failed read leaves
  // them to the API, which refuses them without a statement in force).
  const isStatementPending = publication.isLoading;
  const hasNoStatement = publication.data?.state === 'none';
  const transitions = practice.available_actions.filter(
    (action) => action.is_available && fitsStatement(action, !hasNoStatement),
  );
  // An appeal's moves are named for an appeal or an amendment: until its type comes, neither word,
  // but a loading note in their place; so are those that wait for the publication.
  const named = transitions.filter(
    (transition) =>
      isMoveNamed(transition.action, appealType) &&
      !(isStatementPending && needsStatementInForce(transition)),
  );
  const isNaming = named.length < transitions.length;
  // Fields the form shows filled from the request count as filled; they only wait to be saved.
  const { missing, unsaved } = assessmentReadiness(practice.assessment, practice.qualification);
  // Saved values the API refuses in review (a year of award still to come), with why: by the
  // browser's date here, the API deciding by its clock.
  const invalidFields = invalidAssessmentFields(practice.assessment, new Date());
  const invalid = ASSESSMENT_FIELDS.flatMap((field) => {
    const message = invalidFields[field];
    return message ? [{ field, message }] : [];
  });
  const isBlocked = (transition: AvailableAction) =>
    transition.requires.assessment && missing.length + unsaved.length + invalid.length > 0;
  const blocksReview = transitions.some(isBlocked);
  // The file check is no condition of a move (the domain's transition table asks only for the
  // assessment): a request sent in review, or its review concluded, with the check still open is
  // said to whoever makes that move, not refused.
  const fileCheckMove =
    practice.file_check === null
      ? transitions.find(
          (transition) => transition.action === 'send_in_review' || transition.action === 'conclude_review',
        )
      : undefined;
  // The reviewer's send-back, while it is the last move of the status: a change that keeps it (a
  // file check, a note, a document the applicant replaced) does not hide the reviewer's reason. The
  // API reads it of the whole trail, whose newest page alone the workspace carries.
  const sentBack = practice.sent_back;
  // The review leads to 'ready for issue', where only an administrator publishes (decision 055):
  // said to whoever reviews without that ability, so nobody waits for a Publish button (issue 33).
  const abilities = useCurrentUser().data?.abilities;
  const mayPublish = abilities?.['staff.publish'] === true;
  // An appeal asked for waits for those who assign (its queue): said to its evaluator, who has no move.
  const waitsForAdmission = practice.status === 'appeal_requested' && abilities?.['staff.assign'] !== true;
  const isPublishing = publication.data?.state === 'pending' || publication.data?.state === 'failed';
  // No move, but the return delivery or the payments further down take this member's hand.
  const hasWorkBelow = practice.allowed_changes.some((change) => isOneOf(WORK_BELOW, change));
  // Ready for issue (or an appeal reviewed), what is left is the administrator's (decision 055):
  // whoever else opens it, a secretary with only Close, is told who acts, and what Close would do.
  const waitsForPublisher =
    isIssuing(practice.status) && !mayPublish && !publication.isLoading && !isPublishing;
  // Nobody assigned yet, an evaluator or a reviewer who opens it from "All" is told it comes to
  // them once assigned (issue 33's walk), not that there is nothing to do.
  const waitsForAssignment = practice.status === 'unassigned' && abilities?.['staff.assign'] !== true;
  // In review, the evaluator who sent it there is told it is the reviewer's now.
  const waitsForReviewer = practice.status === 'in_review' && abilities?.['staff.review'] !== true;
  // Waiting for the applicant's answer, no move is anyone's but closing: said so, and what this
  // member may still do meanwhile (close it, the evaluator's checks and assessment, a note), to
  // whoever opens it, beside the buttons of those who may still close or reassign it.
  const waitText = waitsForApplicant(practice.status)
    ? transitions.length > 0
      ? 'staff.actions.waitsForApplicantClose'
      : practice.allowed_changes.includes('assessment')
        ? 'staff.actions.waitsForApplicantEvaluate'
        : practice.allowed_changes.includes('note')
          ? 'staff.actions.waitsForApplicantNote'
          : 'staff.actions.waitsForApplicant'
    : null;
  const noMoveText = isPublishing
    ? 'staff.actions.publishing'
    : (waitText ??
      (hasWorkBelow
        ? 'staff.actions.noneButBelow'
        : waitsForAssignment
          ? 'staff.actions.waitsForAssignment'
          : waitsForReviewer
            ? 'staff.actions.waitsForReviewer'
            : 'staff.actions.none'));
  const isBeforePublishing = transitions.some(
    (transition) => transition.to === 'reviewed' || transition.to === 'ready_for_issue',
  );

  return (
    <Section id="actions" title={t('staff.actions.title')}>
      {transitions.length === 0 && !mayReassign ? (
        // Waiting for an administrator, the sentence below says who acts: "nothing for you to do"
        // above "ask one to publish it" read as two answers (issue 33's walk).
        !waitsForPublisher && <Text>{t(noMoveText)}</Text>
      ) : (
        <Group gap="sm">
          {named.map((transition) => (
            <Button
              key={transition.action}
              variant={isOneOf(ENDING_MOVES, transition.action) ? 'outline' : 'filled'}
              color={isOneOf(ENDING_MOVES, transition.action) ? 'red' : undefined}
              disabled={isBlocked(transition)}
              aria-describedby={isBlocked(transition) ? 'actions-missing' : undefined}
              onClick={(event) => {
                openerFocus.remember(event.currentTarget);
                setOpen(transition);
              }}
            >
              {/* Assigned already, the move changes the people on it (issue 33's walk). */}
              {transition.action === 'assign' && !hasNobody
                ? t('staff.assign.change')
                : moveName(t, transition.action, appealType)}
            </Button>
          ))}
          {isNaming && <PageLoader inline />}
          {mayReassign && (
            <Button
              variant="outline"
              onClick={(event) => {
                openerFocus.remember(event.currentTarget);
                setIsReassigning(true);
              }}
            >
              {t(hasNobody ? 'staff.assign.open' : 'staff.assign.change')}
            </Button>
          )}
        </Group>
      )}
      {(transitions.length > 0 || mayReassign) && waitText && !isPublishing && (
        <Text size="sm" mt="sm">
          {t(waitText)}
        </Text>
      )}
      {wasChangedMeanwhile && (
        <Box mt="sm">
          <ChangedMeanwhileAlert />
        </Box>
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
      {waitsForAdmission && (
        <Text size="sm" mt="sm">
          {t('staff.actions.adminAdmits')}
        </Text>
      )}
      {waitsForPublisher && (
        <Text size="sm" mt="sm">
          {t(
            practice.status === 'appeal_reviewed'
              ? 'staff.actions.adminIssuesAppeal'
              : 'staff.actions.adminIssues',
          )}
          {transitions.some((transition) => transition.action === 'close') &&
            ` ${t('staff.actions.closeWithoutStatement')}`}
        </Text>
      )}
      {isBeforePublishing && !mayPublish && (
        <Text size="sm" mt="sm">
          {t('staff.actions.adminPublishes')}
        </Text>
      )}
      {blocksReview && (
        // A note the disabled button points to, not an alert: announced when the button is reached,
        // not again after every save or move that leaves it standing.
        <Alert id="actions-missing" role="note" color="orange" variant="light" mt="sm">
          {missing.length > 0
            ? t('staff.assessment.missing', {
                fields: missing.map((field) => t(`staff.assessment.fields.${field}`)).join(', '),
              })
            : unsaved.length > 0
              ? t('staff.assessment.unsaved')
              : t('staff.assessment.invalid', {
                  fields: invalid
                    .map(({ field, message }) =>
                      t('staff.assessment.invalidField', {
                        field: t(`staff.assessment.fields.${field}`),
                        message: t(`validation.${message}`),
                      }),
                    )
                    .join('; '),
                })}
        </Alert>
      )}
      {fileCheckMove && (
        <Alert role="note" color="yellow" variant="light" mt="sm">
          {fileCheckMove.action === 'send_in_review'
            ? t('staff.actions.fileCheckOpen', { part: t('operations.workspace.parts.checks') })
            : t('staff.actions.fileCheckOpenReview')}
        </Alert>
      )}
      {/* A request assigned already starts from its people: Assign again changes one of them. */}
      <AssignDialog
        key={`assign-${people.evaluatorId}-${people.reviewerId}`}
        practiceIds={[practice.id]}
        opened={open?.action === 'assign'}
        onClose={() => {
          setOpen(null);
          openerFocus.giveBack(actionsHeading);
        }}
        start={people}
        // Its button says "Change the assignment" on a request assigned already: so does its title.
        isChange={!hasNobody}
      />
      {mayReassign && (
        <AssignDialog
          key={`${people.evaluatorId}-${people.reviewerId}`}
          practiceIds={[practice.id]}
          opened={isReassigning}
          onClose={() => {
            setIsReassigning(false);
            openerFocus.giveBack(actionsHeading);
          }}
          {...(hasNobody ? { start: people } : { current: people })}
        />
      )}
      {open && open.action !== 'assign' && (
        <TransitionDialog practice={practice} transition={open} onClose={closeTransition} />
      )}
    </Section>
  );
}
