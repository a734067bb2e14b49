import {
  DEADLINE_FLAGS,
  isoDateSchema,
  QUEUE_FILTER_STATUSES,
  QUEUE_SORT_FIELDS,
  SERVICE_KINDS,
} from '@lisbon/domain';
import { Button, Collapse, Group, NativeSelect, SimpleGrid } from '@mantine/core';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/shared/forms/DateField';
import { useIsNarrowScreen } from '@/shared/ui/CardList';
import { CountrySelect } from '@/shared/ui/CountrySelect';
import { useStaffUsers } from '../api/queues';
import { staffChoices } from '../staffChoices';
import {
  FILTER_KEYS,
  hasAssigneeFilter,
  type QueueFilters as Filters,
  type QueueSearch,
} from '../queueSearch';

type Props = {
  search: QueueSearch;
  /** A filter or the sort changed: `undefined` removes it. */
  onChange: (changes: Partial<Record<keyof Filters | 'sort', string | undefined>>) => void;
  onClear: () => void;
};

/**
 * The filters of a queue table (status, country, service, urgency, deadline, assignee) and its sort.
 * On phones and tablets the filters wait behind a "Filters" button that says how many are on, so
 * that the requests come first under the search; the sort, which is no filter, stays in view
 * beside that button (decision 085).
 */
export function QueueFilters({ search, onChange, onClear }: Props) {
  const { t } = useTranslation();
  const isNarrow = useIsNarrowScreen();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const activeCount = FILTER_KEYS.filter((key) => search[key] !== undefined).length;
  const evaluators = useStaffUsers('evaluator');
  const any = { value: '', label: t('staff.filters.any') };
  // A deadline typed that is no date: shown as typed, said 'Date not valid' once the field is left,
  // and the queue no longer filtered on the date before it, which the field no longer shows.
  const [typedDeadline, setTypedDeadline] = useState<string | null>(null);
  const [isDeadlineInvalid, setIsDeadlineInvalid] = useState(false);
  const clear = () => {
    setTypedDeadline(null);
    setIsDeadlineInvalid(false);
    onClear();
  };
  const select = (key: keyof Filters) => ({
    value: search[key] === undefined ? '' : String(search[key]),
    onChange: (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
      onChange({ [key]: event.currentTarget.value || undefined }),
  });
  // Only the statuses and sorts this queue can tell apart (its requests can be in no other status).
  const sortOptions = QUEUE_SORT_FIELDS[search.queue].flatMap((field) => [
    { value: field, label: t('practices.sortAsc', { field: t(`practices.sortFields.${field}`) }) },
    { value: `-${field}`, label: t('practices.sortDesc', { field: t(`practices.sortFields.${field}`) }) },
  ]);

  const sort = (
    <NativeSelect
      label={t('practices.sortLabel')}
      data={sortOptions}
      value={search.sort}
      onChange={(event) => onChange({ sort: event.currentTarget.value })}
      // Beside the "Filters" button on a phone it takes the row's room, and gives way below 12rem.
      style={{ flex: '1 1 12rem', minWidth: 0 }}
    />
  );

  const fields = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <NativeSelect
        label={t('staff.filters.status')}
        data={[
          any,
          ...QUEUE_FILTER_STATUSES[search.queue].map((status) => ({
            value: status,
            label: t(`staff.status.${status}`),
          })),
        ]}
        {...select('status')}
      />
      <CountrySelect
        label={t('staff.filters.country')}
        // Empty, the field said nothing where every other filter says "Any".
        placeholder={any.label}
        value={search.country ?? null}
        onChange={(country) => onChange({ country: country ?? undefined })}
      />
      <NativeSelect
        label={t('staff.filters.service')}
        data={[any, ...SERVICE_KINDS.map((kind) => ({ value: kind, label: t(`labels.service.${kind}`) }))]}
        {...select('service')}
      />
      <NativeSelect
        label={t('staff.filters.urgency')}
        data={[
          any,
          { value: 'true', label: t('staff.filters.urgent') },
          { value: 'false', label: t('staff.filters.notUrgent') },
        ]}
        {...select('is_urgent')}
      />
      <DateField
        label={t('staff.filters.deadline')}
        value={typedDeadline ?? search.deadline_before ?? ''}
        error={isDeadlineInvalid ? t('validation.dateInvalid') : undefined}
        // The filter changes once a whole date is typed, or the field is emptied.
        onChange={(value) => {
          if (value === '' || isoDateSchema.safeParse(value).success) {
            setTypedDeadline(null);
            setIsDeadlineInvalid(false);
            onChange({ deadline_before: value || undefined });
          } else setTypedDeadline(value);
        }}
        onBlur={() => {
          if (typedDeadline === null) return;
          setIsDeadlineInvalid(true);
          if (search.deadline_before !== undefined) onChange({ deadline_before: undefined });
        }}
      />
      <NativeSelect
        label={t('operations.deadline.filter')}
        data={[
          any,
          ...DEADLINE_FLAGS.map((flag) => ({ value: flag, label: t(`operations.deadline.flags.${flag}`) })),
        ]}
        {...select('deadline')}
      />
      {hasAssigneeFilter(search.queue) && (
        <NativeSelect
          label={t('staff.filters.assignee')}
          data={[any, ...staffChoices(evaluators.data ?? [])]}
          {...select('assignee_id')}
        />
      )}
      {!isNarrow && sort}
      <Group align="flex-end">
        <Button variant="default" onClick={clear}>
          {t('staff.filters.clear')}
        </Button>
      </Group>
    </SimpleGrid>
  );

  return (
    <form role="search" aria-label={t('staff.filters.title')} onSubmit={(event) => event.preventDefault()}>
      {isNarrow ? (
        <>
          {/* The sort first, then the button right before the filters it opens. */}
          <Group align="flex-end" gap="sm">
            {sort}
            <Button
              variant="default"
              aria-expanded={isOpen}
              aria-controls={panelId}
              onClick={() => setIsOpen((open) => !open)}
            >
              {activeCount === 0
                ? t('staff.filters.toggle')
                : t('staff.filters.toggleActive', { count: activeCount })}
            </Button>
          </Group>
          <Collapse id={panelId} expanded={isOpen} keepMountedMode="display-none" mt={isOpen ? 'sm' : 0}>
            {fields}
          </Collapse>
        </>
      ) : (
        fields
      )}
    </form>
  );
}
