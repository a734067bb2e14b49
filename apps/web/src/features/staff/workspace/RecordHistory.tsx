import { type AuditEntry, type StaffPractice, statusNameOf } from '@lisbon/domain';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { personName } from '../components/QueueTable';
import { PageLoader } from '@/shared/ui/PageLoader';
import { isMoveNamed, moveEntryName, useAppealType } from './appealWording';
import { errorMessage } from '@/shared/ui/errorMessage';
import { fetchStaffHistory } from '../api/workspace';
import { mergeTrail, recordEntries, type LoadedTrail, type RecordEntry } from './record';
import { documentLabel } from '@/shared/documents/documentLabel';
import { TYPED_TEXT } from '@/shared/ui/typedText';

/** The older moves shown of a request's trail, with those shown when they were asked for. */
type OlderMoves = { practiceId: number; moves: AuditEntry[]; hasOlder: boolean };

/**
 * The record's history on one page (issue #18): every move, note, message and document, with who
 * and when, oldest first, the latest marked as the current step. The workspace holds the trail's
 * newest page: "Show older entries" adds the page before it, as often as older ones remain.
 */
export function RecordHistory({ practice }: { practice: StaffPractice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [older, setOlder] = useState<OlderMoves | null>(null);
  // The older pages shown reach the workspace's newest page, unless more than a page was written
  // since they were read: then they are left, and the button offers what lies between anew.
  const reachesNewest =
    !practice.has_older_history || older?.moves.some((move) => move.id === practice.history[0]?.id);
  const loaded = older?.practiceId === practice.id && reachesNewest ? older : null;
  // The moves asked for, with the workspace's newest page: one written meanwhile shows at once.
  const trail: LoadedTrail = loaded
    ? { moves: mergeTrail(loaded.moves, practice.history), hasOlder: loaded.hasOlder }
    : { moves: practice.history, hasOlder: practice.has_older_history };
  const listRef = useRef<HTMLOListElement>(null);
  const showOlder = useMutation({
    mutationFn: (shown: readonly AuditEntry[]) => fetchStaffHistory(practice.id, shown[0]?.id ?? 0),
    onSuccess: (page, shown) => {
      setOlder({ practiceId: practice.id, moves: mergeTrail(page.entries, shown), hasOlder: page.has_older });
      // The button goes with the oldest page: the focus goes to the history it showed.
      if (!page.has_older) requestAnimationFrame(() => listRef.current?.focus());
    },
  });
  const entries = recordEntries(practice, trail);
  const appealType = useAppealType(practice);
  if (entries.length === 0) return <Text>{t('operations.workspace.record.none')}</Text>;
  // An appeal's moves are named for an appeal or an amendment, as the Actions' buttons: until its
  // type comes, the history waits rather than say "Appeal" of an amendment for a moment.
  const isNaming = entries.some(
    (entry) => entry.kind === 'move' && !isMoveNamed(entry.entry.action, appealType),
  );
  if (isNaming) return <PageLoader />;

  // Every entry names who acted, staff or applicant, by their name as a move does; the
  // applicant's documents and messages too ("the applicant" only when no name is known).
  const applicant = personName(practice.applicant) || t('operations.workspace.record.byApplicant');
  const who = (entry: RecordEntry): string => {
    switch (entry.kind) {
      case 'move':
        return entry.entry.by ? (personName(entry.entry.by) ?? '') : t('staff.history.system');
      case 'note':
        return personName(entry.author) ?? '—';
      case 'staffMessage':
        return entry.author ?? '—';
      case 'applicantMessage':
        return entry.author || applicant;
      case 'document':
        return applicant;
    }
  };
  const what = (entry: RecordEntry) => {
    switch (entry.kind) {
      case 'move': {
        const { entry: move } = entry;
        return (
          <>
            <Text fw={600}>{moveEntryName(t, move.action, appealType)}</Text>
            <Text size="sm">
              {move.from_status && move.from_status !== move.to_status
                ? t('staff.history.move', {
                    from: t(`staff.status.${statusNameOf(move.from_status, practice.appeal_type)}`),
                    to: t(`staff.status.${statusNameOf(move.to_status, practice.appeal_type)}`),
                  })
                : t(`staff.status.${statusNameOf(move.to_status, practice.appeal_type)}`)}
            </Text>
            <DocumentChange entry={move} />
            {typeof move.details?.reason === 'string' && (
              <Text size="sm" style={TYPED_TEXT}>
                {t('staff.history.reason', { reason: move.details.reason })}
              </Text>
            )}
            {move.note && (
              <Text size="sm" style={TYPED_TEXT}>
                {t('staff.history.note', { note: move.note })}
              </Text>
            )}
          </>
        );
      }
      case 'document':
        return <Text size="sm">{`${documentLabel(entry.document, t)}: ${entry.document.file_name}`}</Text>;
      default:
        return (
          <Text size="sm" style={TYPED_TEXT}>
            {entry.text}
          </Text>
        );
    }
  };

  return (
    <Stack gap="sm">
      <Text>{t('operations.workspace.record.intro')}</Text>
      {trail.hasOlder && trail.moves.length > 0 && (
        <Group>
          {/* Busy while a page comes, yet focusable (Mantine's `data-disabled`): a disabled button
              would drop the keyboard's focus to the page's top. */}
          <Button
            variant="outline"
            data-disabled={showOlder.isPending || undefined}
            aria-disabled={showOlder.isPending || undefined}
            onClick={() => {
              if (!showOlder.isPending) showOlder.mutate(trail.moves);
            }}
          >
            {t('operations.workspace.record.showOlder')}
          </Button>
        </Group>
      )}
      {showOlder.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(showOlder.error, t)}
        </Alert>
      )}
      <ol className="timeline" ref={listRef} tabIndex={-1}>
        {entries.map((entry, index) => (
          <li key={`${entry.kind}-${index}`} aria-current={index === entries.length - 1 ? 'step' : undefined}>
            <Group gap="xs" wrap="wrap">
              <Badge
                radius="sm"
                variant={entry.kind === 'move' ? 'filled' : 'default'}
                color={entry.kind === 'move' ? 'blue.9' : undefined}
              >
                {t(`operations.workspace.record.kinds.${entry.kind}`)}
              </Badge>
              <Text size="sm">
                <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
                {' · '}
                {who(entry)}
              </Text>
            </Group>
            {what(entry)}
          </li>
        ))}
      </ol>
    </Stack>
  );
}

/** What an applicant's replacement or deletion of a document changed: the document, the file there before, and the new one. */
function DocumentChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const details = entry.details ?? {};
  const text = (key: string) => (typeof details[key] === 'string' ? details[key] : '');
  const type = text('type');
  const document = documentLabel({ type, additional_type: text('additional_type') }, t);
  // A refugee's declaration that a document of their studies cannot be obtained (decision 119).
  if (entry.action === 'document_declared_unobtainable') {
    const explanation = text('explanation');
    return explanation ? (
      <Text size="sm" style={TYPED_TEXT}>
        {t('staff.history.unobtainableExplanation', { document, explanation })}
      </Text>
    ) : (
      <Text size="sm">{document}</Text>
    );
  }
  if (entry.action === 'unobtainable_declaration_withdrawn') {
    return (
      <Text size="sm">
        {details.by_upload === true ? t('staff.history.unobtainableByUpload', { document }) : document}
      </Text>
    );
  }
  if (entry.action !== 'document_replaced' && entry.action !== 'document_deleted') return null;
  return (
    <Text size="sm">
      {entry.action === 'document_replaced'
        ? t('staff.history.documentReplaced', {
            document,
            file: text('file_name'),
            replacement: text('new_file_name'),
          })
        : t('staff.history.documentDeleted', { document, file: text('file_name') })}
    </Text>
  );
}
