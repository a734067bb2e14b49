import { findTransition, mayHaveStatement, type StaffPractice } from '@lisbon/domain';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { useCurrentUser } from '@/shared/session/currentUser';
import { errorMessage } from '@/shared/ui/errorMessage';
import { showSuccess } from '@/shared/ui/toast';
import { useOpenerFocus } from '@/shared/ui/useOpenerFocus';
import { PUBLICATION_POLL_MS, publicationQuery, retryPublication } from '../api/publication';
import { useReloadPractice } from '../api/workspace';
import { Section } from './Section';
import { ChangedMeanwhileAlert, TransitionDialog } from './TransitionDialog';

/**
 * The statement of a request ready for issue or published: the 'publish' move while nothing is
 * published, "publication pending" while the job runs (no second publish offered), "publish
 * again" when the job gave up, and the publish date once done.
 */
export function PublicationPanel({ practice }: { practice: StaffPractice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [wasChangedMeanwhile, setWasChangedMeanwhile] = useState(false);
  // The dialog leaves the page as it closes: focus goes back to the Publish button.
  const openerFocus = useOpenerFocus();
  const isShown = mayHaveStatement(practice.status);
  const publication = useQuery({
    ...publicationQuery(practice.id),
    enabled: isShown,
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? PUBLICATION_POLL_MS : false),
  });
  const state = publication.data?.state;
  const reloadPractice = useReloadPractice();
  // Once the job has finished, the request itself has moved on: show its new status, and the
  // queues and counts it has left and joined (ready for issue → archive) at once, not at their poll.
  useEffect(() => {
    if (state === 'published' && practice.status === 'ready_for_issue') void reloadPractice(practice.id);
  }, [state, practice.status, practice.id, reloadPractice]);
  const retry = useMutation({
    mutationFn: () => retryPublication(practice.id),
    onSuccess: (data) => {
      queryClient.setQueryData(publicationQuery(practice.id).queryKey, data);
      showSuccess(t('publication.retried'));
    },
  });
  // Publishing again after a failure is the publisher's, while no move is offered (the API's rule).
  const mayRetry = useCurrentUser().data?.abilities['staff.publish'] === true;
  if (!isShown) return null;

  const publish = findTransition('publish', practice.status);
  // Whether this user may publish is the API's answer (`available_actions`).
  const publishAction = practice.available_actions.find((action) => action.action === 'publish');
  const mayPublish = publishAction !== undefined;

  return (
    <Section id="publication" title={t('publication.title')}>
      <Stack gap="sm">
        {wasChangedMeanwhile && <ChangedMeanwhileAlert />}
        {publication.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(publication.error, t)}
          </Alert>
        )}
        {state === 'none' && publish && (
          <>
            <Text size="sm">{t('publication.publishHelp')}</Text>
            {mayPublish ? (
              <Button
                w="fit-content"
                onClick={(event) => {
                  openerFocus.remember(event.currentTarget);
                  setIsDialogOpen(true);
                }}
              >
                {t('publication.publish')}
              </Button>
            ) : (
              // Who may publish (decision 055), so that nobody waits for a button that is not theirs.
              <Text size="sm">{t('publication.onlyAdmin')}</Text>
            )}
          </>
        )}
        {practice.statement_withdrawn_at && (
          <Alert color="red" variant="light">
            {t('publication.withdrawn', { date: formatDate(practice.statement_withdrawn_at, locale) })}
          </Alert>
        )}
        <div role="status" aria-live="polite">
          {state === 'pending' && (
            <Alert color="yellow" variant="light">
              {t('publication.pending')}
            </Alert>
          )}
          {state === 'published' && publication.data?.published_at && (
            <Text>
              {t('publication.published', { date: formatDate(publication.data.published_at, locale) })}{' '}
              {publication.data.certificate_id && (
                <Anchor component={Link} to={`/verify/${publication.data.certificate_id}`}>
                  {t('publication.verifyPage')}
                </Anchor>
              )}
            </Text>
          )}
        </div>
        {state === 'failed' && (
          <Alert color="red" variant="light">
            <Text mb={mayRetry ? 'sm' : 0}>{t('publication.failed')}</Text>
            {mayRetry && (
              <Group gap="sm">
                <Button onClick={() => retry.mutate()} loading={retry.isPending}>
                  {t('publication.retry')}
                </Button>
              </Group>
            )}
          </Alert>
        )}
        {retry.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(retry.error, t)}
          </Alert>
        )}
      </Stack>
      {isDialogOpen && publishAction && (
        <TransitionDialog
          practice={practice}
          transition={publishAction}
          onClose={(outcome) => {
            setIsDialogOpen(false);
            setWasChangedMeanwhile(outcome === 'changedMeanwhile');
            // Once published (by this member or someone else first), the button is gone: the heading takes focus.
            openerFocus.giveBack(() => document.getElementById('publication-title'));
            void queryClient.invalidateQueries({ queryKey: publicationQuery(practice.id).queryKey });
          }}
        />
      )}
    </Section>
  );
}
