import {
  APPEAL_TYPES,
  appealNoticeOf,
  type AppealOverview,
  createAppealSchema,
  DOCUMENT_TYPES,
  type PracticeDocument,
  statusLabel,
  WORKSPACE_NOTICES,
} from '@lisbon/domain';
import { Alert, Anchor, Button, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { createSendKeys } from '@/api';
import type { PendingFile } from '@/shared/documents/DocumentUploader';
import { radioTabIndex } from '@/shared/forms/radioTabStop';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { useUnsavedChanges } from '@/shared/forms/useUnsavedChanges';
import { formatDateTime, formatRomeDateTime } from '@/shared/format';
import { currentLocale, useLocale } from '@/shared/i18n';
import { Facts } from '@/shared/practice/Facts';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { StatusBadge } from '@/shared/ui/StatusBadge';
import { showSuccess } from '@/shared/ui/toast';
import { appealQuery, createAppeal } from '../api/appeal';
import { AppealStatement } from '../components/AppealStatement';
import { DocumentAttachments, pendingAlertId } from '../components/DocumentAttachments';
import { isNotFound, isRequestId, PracticeNotFound } from '../components/PracticeNotFound';
import { TYPED_TEXT } from '@/shared/ui/typedText';

/**
 * `/practices/{id}/appeal`: within seven days of the statement's release, an appeal or an
 * amendment with its motivation and supporting documents; afterwards it is too late. Once asked
 * for, the page shows the appeal, its status and, when issued, its statement.
 */
export function AppealPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const isWellFormed = isRequestId(id);
  const query = useQuery({ ...appealQuery(id), enabled: isWellFormed });
  const title = t('appeal.title', { id: isWellFormed ? id : '' });

  // No such request of the applicant's, or an address that names none (`/practices/0/appeal`,
  // which said "Loading…" for ever): as the request's own page says it.
  if (!isWellFormed || (query.isError && isNotFound(query.error))) return <PracticeNotFound id={id} />;
  return (
    <Stack gap="lg" maw={760}>
      <PageHeading>{title}</PageHeading>
      {query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(query.error, t)}
        </Alert>
      ) : query.isPending ? (
        <PageLoader />
      ) : (
        <AppealContent overview={query.data} />
      )}
      <Anchor component={Link} to={`/practices/${id}`}>
        {t('appeal.back', { id })}
      </Anchor>
    </Stack>
  );
}

function AppealContent({ overview }: { overview: AppealOverview }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const deadline = overview.deadline ? formatRomeDateTime(overview.deadline, locale, t) : null;
  if (overview.appeal) return <AppealView overview={overview} />;
  if (overview.can_request) {
    return (
      <Stack gap="md">
        <Text>{t('appeal.intro', { deadline })}</Text>
        <AppealForm practiceId={overview.practice_id} />
      </Stack>
    );
  }
  return (
    <Alert color="orange" variant="light" title={t('appeal.closedTitle')} role="status">
      {overview.statement_withdrawn_at
        ? t('appeal.withdrawn')
        : overview.status === 'published' && deadline
          ? t('appeal.tooLate', { deadline })
          : t('appeal.notPublished')}
    </Alert>
  );
}

/** The heading of the appeal asked for: focus goes to it once the form that asked is gone. */
const CURRENT_ID = 'appeal-current';

function AppealView({ overview }: { overview: AppealOverview }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const appeal = overview.appeal;
  if (!appeal) return null;
  const statement = appeal.statement;

  return (
    <section aria-labelledby={CURRENT_ID}>
      <Title order={2} id={CURRENT_ID} mb="xs" tabIndex={-1}>
        {t(appeal.is_open ? `appeal.openTitle.${appeal.type}` : `appeal.decidedTitle.${appeal.type}`)}
      </Title>
      <Stack gap="sm">
        <div>
          <StatusBadge label={statusLabel(overview.status)} appealType={appeal.type} />
        </div>
        <Facts
          facts={[
            [t('appeal.type'), t(`appeal.types.${appeal.type}`)],
            [t('appeal.askedAt'), formatDateTime(appeal.created_at, locale)],
            [t('appeal.motivation'), <span style={TYPED_TEXT}>{appeal.motivation}</span>],
            [t('appeal.documents'), t('appeal.documentCount', { count: appeal.document_ids.length })],
          ]}
        />
        {overview.status === 'appeal_pending_student_reply' && (
          <Alert color="blue" variant="light">
            <Anchor component={Link} to={`/practices/${overview.practice_id}`}>
              {t('appeal.replyLink')}
            </Anchor>
          </Alert>
        )}
        {statement?.status === 'pending' && (
          <Alert color="blue" variant="light" role="status">
            {t('appeal.statementPending')}
          </Alert>
        )}
        {statement?.status === 'published' && (
          <AppealStatement practiceId={overview.practice_id} statement={statement} />
        )}
      </Stack>
    </section>
  );
}

const UPLOAD_NAME = 'appeal-upload';

function AppealForm({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [attached, setAttached] = useState<PracticeDocument[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [pending, setPending] = useState<PendingFile | null>(null);
  const [isPendingShown, setIsPendingShown] = useState(false);
  // One key per composed filing: Send pressed again after a lost answer files it once.
  const [sendKeys] = useState(createSendKeys);
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'appeal',
    schema: createAppealSchema,
    initialValues: { type: '', motivation: '' },
    toInput: (values) => ({
      // None chosen yet: a required field left empty, as every other form says, not a wrong option.
      type: values.type === '' ? undefined : values.type,
      motivation: values.motivation,
      document_ids: attached.map((document) => document.id),
    }),
  });

  const send = submit(async (body) => {
    setFailure(null);
    setIsBusy(true);
    try {
      const { data, notice } = await sendKeys.send(body, (key) => createAppeal(practiceId, body, key));
      unsaved.clear();
      queryClient.setQueryData(appealQuery(practiceId).queryKey, data);
      await Promise.all(
        [['practices'], ['documents'], ['notifications']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      showSuccess(
        WORKSPACE_NOTICES[currentLocale()][notice?.notice ?? appealNoticeOf('appealCreated', body.type)],
      );
      // The form is gone with its button: the keyboard goes to the appeal it sent, not the page's top.
      setTimeout(() => document.getElementById(CURRENT_ID)?.focus(), 0);
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
      await queryClient.invalidateQueries({ queryKey: appealQuery(practiceId).queryKey });
      setIsBusy(false);
    }
  });

  const unsaved = useUnsavedChanges(form, `appeal.${practiceId}`);

  // A file chosen and not attached yet would not go with the appeal, and an appeal is asked once.
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    setIsPendingShown(pending !== null);
    if (pending) {
      event?.preventDefault();
      document.getElementById(pendingAlertId(UPLOAD_NAME))?.focus();
      return;
    }
    send(event);
  };

  return (
    <section aria-labelledby="appeal-form-title">
      <Title order={2} id="appeal-form-title" mb="xs">
        {t('appeal.formTitle')}
      </Title>
      <Stack gap="md">
        {unsaved.dialog}
        {unsaved.notice}
        <FormAlert message={failure} />
        <form onSubmit={onSubmit} noValidate id="appeal-form">
          <Stack gap="sm">
            <Radio.Group label={t('appeal.type')} required {...form.getInputProps('type')}>
              <Stack gap="xs" mt="xs">
                {APPEAL_TYPES.map((type) => (
                  <Radio
                    key={type}
                    value={type}
                    label={t(`appeal.types.${type}`)}
                    description={t(`appeal.typeHints.${type}`)}
                    tabIndex={radioTabIndex(form.values.type, type, APPEAL_TYPES)}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('appeal.motivation')}
              required
              rows={5}
              {...form.getInputProps('motivation')}
            />
          </Stack>
        </form>
        <Title order={3} size="h4">
          {t('appeal.documentsTitle')}
        </Title>
        <Text size="sm">{t('appeal.documentsHint')}</Text>
        <DocumentAttachments
          name={UPLOAD_NAME}
          practiceId={practiceId}
          types={DOCUMENT_TYPES}
          defaultType="additional"
          isOptional
          attached={attached}
          setAttached={setAttached}
          attachedLabel={t('appeal.attached')}
          removeLabel={(fileName) => t('appeal.remove', { name: fileName })}
          onPendingChange={setPending}
          refusedPending={isPendingShown ? pending : null}
        />
        <Button type="submit" form="appeal-form" loading={isBusy} w="fit-content">
          {t('appeal.submit')}
        </Button>
      </Stack>
    </section>
  );
}
