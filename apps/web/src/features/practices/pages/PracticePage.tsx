import type { ReactNode } from 'react';
import {
  APPEAL_WINDOW_DAYS,
  areDocumentsEditable,
  blockingDocuments,
  isDeliveryAwaitingOpening,
  isDraftOfOperatorCountry,
  type Practice,
  statusWordingOf,
} from '@lisbon/domain';
import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DocumentTable } from '@/shared/documents/DocumentTable';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { deadlineFacts } from '@/shared/practice/deadlineFacts';
import { paymentFact } from '@/shared/practice/paymentFact';
import { Facts } from '@/shared/practice/Facts';
import { OperatorCountryDraftNotice } from '@/shared/practice/OperatorCountryDraftNotice';
import { PurposeFacts, QualificationFacts, ServiceFacts } from '@/shared/practice/PracticeFacts';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { StatusBadge } from '@/shared/ui/StatusBadge';
import { practiceQuery } from '../api/practices';
import { AppealEntry } from '../components/AppealEntry';
import { AppealStatementPanel } from '../components/AppealStatement';
import { ClosureNotice } from '../components/ClosureNotice';
import { DeleteDraft } from '../components/DeleteDraft';
import { isNotFound, isRequestId, PracticeNotFound } from '../components/PracticeNotFound';
import { PracticeConversation } from '../components/PracticeConversation';
import { StatementPanel } from '../components/StatementPanel';
import { StatusTimeline } from '../components/StatusTimeline';
import { useDaysInWords } from '@/shared/ui/daysInWords';

/** What comes next for the applicant, under the status. */
function nextStepText(practice: Practice, t: TFunction): string | null {
  // Not "complete the steps and submit it": its notice says what to do instead.
  if (isDraftOfOperatorCountry(practice)) return null;
  if (practice.statement_withdrawn_at) return t('practice.nextWithdrawn');
  // The server's calendar says whether the appeal window is still open (issue 33).
  if (practice.status_label === 'published' && practice.is_appeal_window_open === false)
    return t('practice.nextPublishedWindowClosed', { days: APPEAL_WINDOW_DAYS });
  return t(`practice.next.${statusWordingOf(practice.status_label, practice.appeal_type)}`);
}

/**
 * `/practices/{id}`: every field of the request, its documents, its history and what comes next.
 * `statementActions` adds what another feature offers on a published statement (the wallet's
 * offer), composed by the router so features stay apart.
 */
export function PracticePage({
  statementActions,
}: { statementActions?: (practiceId: number) => ReactNode } = {}) {
  const { t } = useTranslation();
  const inWords = useDaysInWords('underLabel');
  const locale = useLocale();
  const id = Number(useParams().id);
  const isWellFormed = isRequestId(id);
  const query = useQuery({ ...practiceQuery(id), enabled: isWellFormed });
  const title = t('practice.title', { id: isWellFormed ? id : '' });

  // No such request of the applicant's (another's answers the same), or an address that names none
  // (`/practices/abc`, which waited for ever): said so, with the way back to the list.
  if (!isWellFormed || (query.isError && isNotFound(query.error))) return <PracticeNotFound id={id} />;
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
  const date = (value: string | null) => (value ? formatDate(value, locale) : null);
  const isEditable = areDocumentsEditable(practice.status);
  // A refugee's document declared unobtainable (decision 119) is not missing to them any more.
  const stillMissing = blockingDocuments(practice.missing_documents, practice.unobtainable_documents ?? []);
  const nextStep = nextStepText(practice, t);

  return (
    <Stack gap="xl" maw={960}>
      <Stack gap="sm">
        <PageHeading>{title}</PageHeading>
        <div>
          <StatusBadge label={practice.status_label} appealType={practice.appeal_type} />
        </div>
        {nextStep && <Text>{nextStep}</Text>}
        {practice.delivery_opened_at && !practice.delivery_paid_at && (
          // Opened to delivery, not yet paid: "closed, no further action" above is not the last word.
          <Text>
            {t('practice.deliveryOpen')}{' '}
            <Anchor component={Link} to="/delivery">
              {t('practice.deliveryOrder')}
            </Anchor>
          </Text>
        )}
        <ClosureNotice practice={practice} />
        {isDraftOfOperatorCountry(practice) ? (
          // Never paid for or submitted (decision 113): a new request instead, and this one deleted.
          // The buttons under the notice: the red outline of the deletion is too faint on its tint (axe).
          <>
            <OperatorCountryDraftNotice practice={practice} />
            <Group gap="sm">
              <Button component={Link} to="/service/new">
                {t('practice.operatorCountry.startNew')}
              </Button>
              <DeleteDraft practiceId={practice.id} />
            </Group>
          </>
        ) : (
          practice.status === 'draft' && (
            <Group gap="sm">
              <Button component={Link} to={`/service/new/${practice.wizard_step}`}>
                {t('practice.continueDraft')}
              </Button>
              <DeleteDraft practiceId={practice.id} />
            </Group>
          )
        )}
      </Stack>

      <StatementPanel practice={practice} {...(statementActions ? { actions: statementActions } : {})} />

      <AppealStatementPanel practice={practice} />

      <AppealEntry practice={practice} />

      <PracticeConversation practice={practice} />

      <section aria-labelledby="practice-request">
        <Title order={2} id="practice-request" mb="xs">
          {t('practice.requestTitle')}
        </Title>
        <Stack gap="xs">
          <ServiceFacts practice={practice} />
          <Facts
            facts={[
              [t('practiceFacts.createdAt'), date(practice.created_at)],
              // A draft was not submitted: "Not yet", as the delivery's dates still to come, not "Not given".
              [
                t('practiceFacts.requestedAt'),
                date(practice.requested_at) ??
                  (practice.status === 'draft' ? t('practiceFacts.notYet') : null),
              ],
              paymentFact(practice, t, date),
              ...deadlineFacts(practice, t, date, inWords),
              // Return delivery of the originals, shown once staff have opened it.
              ...(practice.delivery_opened_at
                ? ([
                    [t('practiceFacts.deliveryOpenedAt'), date(practice.delivery_opened_at)],
                    // Dates still to come, not missing ones: "Not yet", not "Not given".
                    [
                      t('practiceFacts.deliveryPaidAt'),
                      date(practice.delivery_paid_at ?? null) ?? t('practiceFacts.notYet'),
                    ],
                    [
                      t('practiceFacts.deliveredAt'),
                      date(practice.delivered_at ?? null) ?? t('practiceFacts.notYet'),
                    ],
                  ] satisfies [string, string | null][])
                : []),
              // Not opened yet: say when it will be, so an empty /delivery is no mystery.
              ...(isDeliveryAwaitingOpening(practice)
                ? ([[t('practiceFacts.delivery'), t('practiceFacts.deliveryNotOpen')]] satisfies [
                    string,
                    string,
                  ][])
                : []),
            ]}
          />
        </Stack>
      </section>

      {practice.purpose && (
        <section aria-labelledby="practice-purpose">
          <Title order={2} id="practice-purpose" mb="xs">
            {t('wizard.steps.purpose')}
          </Title>
          <PurposeFacts purpose={practice.purpose} />
        </section>
      )}
      {practice.qualification && (
        <section aria-labelledby="practice-qualification">
          <Title order={2} id="practice-qualification" mb="xs">
            {t('wizard.steps.qualification')}
          </Title>
          <QualificationFacts qualification={practice.qualification} />
        </section>
      )}

      <section aria-labelledby="practice-documents">
        <Title order={2} id="practice-documents" mb="xs">
          {t('wizard.steps.documents')}
        </Title>
        {stillMissing.length > 0 && (
          // The title as body text: Mantine's light orange title colour fails contrast (axe).
          <Alert color="orange" variant="light" mb="sm">
            <Text fw={700} mb={4}>
              {t('practice.missingTitle')}
            </Text>
            <List>
              {stillMissing.map((type) => (
                <List.Item key={type}>
                  {t(`labels.document.${type}`)}
                  {/* The consent form is generated on /consent, to be printed and signed. */}
                  {isEditable && type === 'consent_form' && (
                    <>
                      {' · '}
                      <Anchor component={Link} to="/consent" c="blue.9">
                        {t('documentsPage.getConsentForm')}
                      </Anchor>
                    </>
                  )}
                </List.Item>
              ))}
            </List>
            {isEditable && (
              // blue.9: the link colour (blue.8) is 4.22:1 on the orange tint (issue 14).
              <Anchor component={Link} to="/documents" c="blue.9">
                {t('practice.uploadLink')}
              </Anchor>
            )}
          </Alert>
        )}
        <DocumentTable
          documents={practice.documents}
          caption={t('practice.documentsCaption', { id: practice.id })}
          isEditable={isEditable}
          practice={practice}
        />
      </section>

      <section aria-labelledby="practice-history">
        <Title order={2} id="practice-history" mb="xs">
          {t('practice.historyTitle')}
        </Title>
        <StatusTimeline history={practice.history} appealType={practice.appeal_type} />
      </section>
    </Stack>
  );
}
