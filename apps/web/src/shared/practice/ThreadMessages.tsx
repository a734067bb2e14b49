import { EVALUATION_OFFICE, type PracticeDocument, type ThreadMessage } from '@lisbon/domain';
import { Group, List, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format';
import { useLocale } from '../i18n';
import { documentLabel } from '@/shared/documents/documentLabel';
import { TYPED_TEXT } from '@/shared/ui/typedText';

type Props = {
  messages: readonly ThreadMessage[];
  /** Who reads the thread: the applicant sees their own messages as "You", staff as the office. */
  viewer: 'staff' | 'applicant';
  /** What an attached document offers (a download button), besides its name. */
  renderDocument?: (document: PracticeDocument) => ReactNode;
};

/** A request's message thread, oldest first: questions of the evaluation office and the applicant's replies. */
export function ThreadMessages({ messages, viewer, renderDocument }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (messages.length === 0) return <Text>{t('thread.empty')}</Text>;
  const authorOf = (message: ThreadMessage) => {
    if (message.side === 'staff') return message.author_name ?? EVALUATION_OFFICE[locale];
    return viewer === 'applicant' ? t('thread.you') : (message.author_name ?? t('thread.applicant'));
  };

  return (
    <Stack component="ol" className="plain-list" gap="sm">
      {messages.map((message) => (
        <li key={message.id}>
          <Paper
            withBorder
            p="md"
            component="article"
            aria-label={
              message.side === 'applicant' && viewer === 'applicant'
                ? t('thread.yourMessage')
                : t('thread.messageOf', { author: authorOf(message) })
            }
            bg={message.side === 'staff' ? 'blue.0' : undefined}
          >
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text fw={600}>
                  {authorOf(message)}
                  {message.side === 'staff' && message.author_name ? ` (${EVALUATION_OFFICE[locale]})` : ''}
                </Text>
                <Text size="sm">
                  <time dateTime={message.created_at}>{formatDateTime(message.created_at, locale)}</time>
                </Text>
              </Group>
              <Text style={TYPED_TEXT}>{message.body}</Text>
              {message.requested_documents.length > 0 && (
                <div>
                  <Text fw={600} size="sm">
                    {t('thread.requested')}
                  </Text>
                  <List size="sm">
                    {message.requested_documents.map((type) => (
                      <List.Item key={type}>{t(`labels.document.${type}`)}</List.Item>
                    ))}
                  </List>
                </div>
              )}
              {message.documents.length > 0 && (
                <div>
                  <Text fw={600} size="sm">
                    {t('thread.attached')}
                  </Text>
                  <ul className="plain-list">
                    {message.documents.map((document) => (
                      <li key={document.id}>
                        <Group gap="xs">
                          <Text size="sm">
                            {documentLabel(document, t)}: {document.file_name}
                          </Text>
                          {renderDocument?.(document)}
                        </Group>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
