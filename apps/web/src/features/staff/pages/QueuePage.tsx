import { assignmentMoveOf, type ListMeta, type StaffPracticeSummary } from '@lisbon/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { RequestList } from '@/shared/practice/RequestList';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PageHeading } from '@/shared/ui/PageHeading';
import { useStaffPractices } from '../api/queues';
import { AssignDialog } from '../components/AssignDialog';
import { MessageDialog } from '../components/MessageDialog';
import { QueueFilters } from '../components/QueueFilters';
import { QueueTable } from '../components/QueueTable';
import { queuePath } from '../queueNavigation';
import { FILTER_KEYS, isQueue, readQueueSearch } from '../queueSearch';
import { useOpenerFocus } from '@/shared/ui/useOpenerFocus';

type QueueKinds = NonNullable<ListMeta['kinds']>;

/** What the API assigns: for the first time, or to other people while it is worked on. */
const isAssignable = (practice: StaffPracticeSummary) => assignmentMoveOf(practice.status) !== null;

/** `/staff/queues/{queue}`: one queue as a table, filtered, sorted and paginated from the URL. */
export function QueuePage() {
  const queue = useParams().queue;
  if (!isQueue(queue)) return <Navigate to={queuePath('all')} replace />;
  return <QueueView key={queue} queue={queue} />;
}

function QueueView({ queue }: { queue: Parameters<typeof queuePath>[0] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readQueueSearch(queue, params);
  const practices = useStaffPractices(search);
  const abilities = useCurrentUser().data?.abilities;
  const canAssign = abilities?.['staff.assign'] === true;
  // Secretaries may also write to the applicants of any requests of the queue (decision 071).
  const canMessage = abilities?.['staff.broadcast'] === true;
  // The queue waits for a publisher: who cannot publish is told who does (decision 055).
  const isPublishedByOthers = queue === 'ready_for_issue' && abilities?.['staff.publish'] !== true;
  // A selection holds for the table it was made in: another page, filter or sort starts afresh.
  const tableKey = params.toString();
  const [selection, setSelection] = useState<{ table: string; ids: ReadonlySet<number> }>({
    table: tableKey,
    ids: new Set(),
  });
  const selected = selection.table === tableKey ? selection.ids : new Set<number>();
  const setSelected = (ids: ReadonlySet<number>) => setSelection({ table: tableKey, ids });
  const [isAssigning, setIsAssigning] = useState(false);
  const [isMessaging, setIsMessaging] = useState(false);
  const assignable = (practices.data?.practices ?? [])
    .filter((practice) => selected.has(practice.id) && isAssignable(practice))
    .map((practice) => practice.id);

  // A change made before the previous one reached the URL (a navigation runs the route's guard
  // first) builds on it rather than on the URL, so that none is lost; the URL is followed again
  // once it shows the last change, or when something else (a link) changes it.
  const latest = useRef({ params, isPending: false });
  useEffect(() => {
    const mine = latest.current;
    if (!mine.isPending || params.toString() === mine.params.toString())
      latest.current = { params, isPending: false };
  }, [params]);
  const change = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(latest.current.params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    latest.current = { params: next, isPending: true };
    setParams(next);
  };
  const clearFilters = () => change(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])));
  const toggle = (ids: readonly number[], isSelected: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (isSelected) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  };

  const title = t(`staff.queueTitles.${queue}`);
  // The total as the first requests, the appeals and the amendments it holds, where it is exact
  // (its numbers written as the total's).
  const captionOf = (caption: string, kinds: QueueKinds | null) =>
    kinds
      ? t('staff.queue.kinds', {
          caption,
          first: kinds.first_requests,
          appeals: kinds.appeals,
          amendments: kinds.amendments,
        })
      : caption;
  // An empty list says what is missing: the queue's own words, or that the filters left nothing.
  const isFiltered = FILTER_KEYS.some((key) => Boolean(params.get(key)));
  // Once the selected requests are assigned or written to, the dialog's button is disabled (none
  // selected): focus goes to the page's heading, above the table.
  const dialogFocus = useOpenerFocus();
  const queueHeading = () => document.querySelector<HTMLElement>('#main-content h1');

  return (
    <Stack gap="lg">
      <PageHeading>{title}</PageHeading>
      {isPublishedByOthers && <Text>{t('staff.queue.publishedByAdmin')}</Text>}
      <QueueFilters search={search} onChange={change} onClear={clearFilters} />
      {(canAssign || canMessage) && (
        <Group>
          {canAssign && (
            <Button
              disabled={assignable.length === 0}
              onClick={(event) => {
                dialogFocus.remember(event.currentTarget);
                setIsAssigning(true);
              }}
            >
              {t('staff.queue.assignSelected', { count: assignable.length })}
            </Button>
          )}
          {canMessage && (
            <Button
              variant="outline"
              disabled={selected.size === 0}
              onClick={(event) => {
                dialogFocus.remember(event.currentTarget);
                setIsMessaging(true);
              }}
            >
              {t('operations.bulk.message', { count: selected.size })}
            </Button>
          )}
        </Group>
      )}
      <RequestList
        list={practices}
        page={search.page}
        onPage={(page) => change({ page: String(page) })}
        none={isFiltered ? t('staff.queue.noneFiltered', { title }) : t(`staff.queue.none.${queue}`)}
        empty={isFiltered ? t('staff.queue.emptyFiltered') : undefined}
      >
        {({ practices: rows, total, isTotalCapped, kinds }, pages) => (
          <QueueTable
            practices={rows}
            caption={captionOf(
              t(isTotalCapped ? 'staff.queue.captionCapped' : 'staff.queue.caption', {
                title,
                page: search.page,
                pages,
                total,
                count: total,
              }),
              kinds,
            )}
            selection={
              canMessage
                ? {
                    isSelectable: () => true,
                    selected,
                    onToggle: toggle,
                    selectAllLabel: t('operations.bulk.selectAll'),
                  }
                : canAssign
                  ? { isSelectable: isAssignable, selected, onToggle: toggle }
                  : undefined
            }
          />
        )}
      </RequestList>
      {canMessage && (
        <MessageDialog
          practiceIds={[...selected]}
          opened={isMessaging}
          onClose={() => {
            setIsMessaging(false);
            dialogFocus.giveBack(queueHeading);
          }}
          onSent={() => setSelected(new Set())}
        />
      )}
      {canAssign && (
        <AssignDialog
          practiceIds={assignable}
          opened={isAssigning}
          onClose={() => {
            setIsAssigning(false);
            dialogFocus.giveBack(queueHeading);
          }}
          onAssigned={() => setSelected(new Set())}
        />
      )}
    </Stack>
  );
}
