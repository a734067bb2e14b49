import type { Practice } from '@lisbon/domain';
import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadDocument } from '@/shared/documents/api';
import { formatDateTime } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { ThreadMessages } from '@/shared/practice/ThreadMessages';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageLoader } from '@/shared/ui/PageLoader';
import { showError } from '@/shared/ui/toast';
import { threadQuery } from '../api/thread';
import { ReplyForm } from './ReplyForm';
import { TYPED_TEXT } from '@/shared/ui/typedText';

/** What the office asks, when it asks something ('cimea request'), the reply form, and the whole thread. */
export function PracticeConversation({ practice }: { practice: Practice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const thread = useQuery({ ...threadQuery(practice.id), enabled: practice.status !== 'draft' });
  const question = practice.pending_question ?? null;
  if (practice.status === 'draft') return null;

  return (
    <>
      {question && (
        <>
          <Alert
            color="orange"
            variant="light"
            title={t('reply.questionTitle')}
            role="note"
            // The orange title on its own tint falls short of 4.5:1: the text colour instead.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <Stack gap="xs">
              <Text style={TYPED_TEXT}>{question.message}</Text>
              <Text size="sm">{t('reply.askedOn', { date: formatDateTime(question.asked_at, locale) })}</Text>
              {question.requested_documents.length > 0 && (
                <div>
                  <Text fw={600}>{t('reply.requested')}</Text>
                  <List>
                    {question.requested_documents.map((type) => (
                      <List.Item key={type}>{t(`labels.document.${type}`)}</List.Item>
                    ))}
                  </List>
                </div>
              )}
            </Stack>
          </Alert>
          <ReplyForm
            practiceId={practice.id}
            requested={question.requested_documents}
            askedAt={question.asked_at}
            documents={practice.documents}
          />
        </>
      )}
      <section aria-labelledby="practice-thread">
        {/* Focusable by script: where focus goes once a reply is sent. */}
        <Title order={2} id="practice-thread" mb="xs" tabIndex={-1}>
          {t('thread.title')}
        </Title>
        {thread.isPending ? (
          <PageLoader />
        ) : thread.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(thread.error, t)}
          </Alert>
        ) : (
          <ThreadMessages
            messages={thread.data}
            viewer="applicant"
            renderDocument={(document) => (
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  void downloadDocument(document).catch(() => showError(t('messages.exportFailed')))
                }
              >
                {t('documentUpload.download')}
                <span className="visually-hidden"> {document.file_name}</span>
              </Button>
            )}
          />
        )}
      </section>
    </>
  );
}
