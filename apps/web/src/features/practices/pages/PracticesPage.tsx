import { SORT_FIELDS, isSortOf } from '@lisbon/domain';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RequestList } from '@/shared/practice/RequestList';
import { useCurrentUser } from '@/shared/session/currentUser';
import { useRequestLimit } from '@/shared/session/requestLimit';
import { RequestLimitReached } from '@/shared/session/RequestLimitReached';
import { PageHeading } from '@/shared/ui/PageHeading';
import { type ListQuery, usePractices } from '../api/practices';
import { AccountIncompleteNotice } from '../components/AccountIncompleteNotice';
import { PracticesTable } from '../components/PracticesTable';
import { SortSelect } from '../components/SortSelect';

const DEFAULT_SORT = '-created_at';
const isSort = (value: string | null): value is string => isSortOf(SORT_FIELDS, value);

/** `/practices` (My requests) and `/practices?view=archive`: sortable, paginated, from the URL. */
export function PracticesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const isArchive = search.get('view') === 'archive';
  const sortParam = search.get('sort');
  const query: ListQuery = {
    view: isArchive ? 'archive' : search.get('view') === 'current' ? 'current' : undefined,
    sort: isSort(sortParam) ? sortParam : DEFAULT_SORT,
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
  };
  const practices = usePractices(query);
  const limit = useRequestLimit(useCurrentUser().data);

  const change = (changes: Record<string, string>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) next.set(key, value);
      return next;
    });

  const title = t(isArchive ? 'practices.archiveTitle' : 'practices.title');

  return (
    <Stack gap="lg">
      <PageHeading>{title}</PageHeading>
      <AccountIncompleteNotice />
      <Group justify="space-between" align="flex-end">
        <SortSelect value={query.sort} onChange={(sort) => change({ sort, page: '1' })} />
        {limit.isReached ? (
          // A refugee account that has filed its requests can start no other: said where the button
          // was, rather than a button to a page that says so.
          <RequestLimitReached />
        ) : (
          <Button component={Link} to="/service/new">
            {t('practices.new')}
          </Button>
        )}
      </Group>
      <RequestList
        list={practices}
        page={query.page}
        onPage={(page) => change({ page: String(page) })}
        none={t(isArchive ? 'practices.noneArchive' : 'practices.none')}
        empty={t(isArchive ? 'practices.emptyArchive' : 'practices.empty')}
      >
        {(data, pages) => (
          <PracticesTable
            practices={data.practices}
            caption={t('practices.caption', { title, page: query.page, pages, count: data.total })}
          />
        )}
      </RequestList>
    </Stack>
  );
}
