import { Alert, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../ui/errorMessage';
import { PageNavigation } from '../ui/PageNavigation';
import { PageLoader } from '../ui/PageLoader';

/** One page of a list of requests, as the API's list answers it. */
type RequestPage = { practices: readonly unknown[]; total: number; perPage: number };

type Props<Page extends RequestPage> = {
  list: UseQueryResult<Page>;
  /** The page shown, from 1. */
  page: number;
  onPage: (page: number) => void;
  /** What an empty list says is missing, in the list's words ("You have no requests yet."). */
  none: string;
  /** What an empty list says after that: what to do next, or why. */
  empty?: ReactNode;
  /** The page's table, given how many pages there are for its caption. */
  children: (page: Page, pages: number) => ReactNode;
};

/**
 * A list of requests as the applicant's and the staff's pages show it: loading, its error, "no
 * items", or the page's table and, past one page, the pages to move between.
 */
export function RequestList<Page extends RequestPage>({
  list,
  page,
  onPage,
  none,
  empty,
  children,
}: Props<Page>) {
  const { t } = useTranslation();
  if (list.isPending) return <PageLoader />;
  if (list.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(list.error, t)}
      </Alert>
    );
  if (list.data.practices.length === 0)
    return (
      <div>
        <Text>{none}</Text>
        {empty && <Text c="dimmed">{empty}</Text>}
      </div>
    );
  const pages = Math.max(1, Math.ceil(list.data.total / list.data.perPage));
  return (
    <>
      {children(list.data, pages)}
      <PageNavigation
        label={t('practices.pagesLabel')}
        pageLabel={(item) => t('practices.page', { page: item })}
        pages={pages}
        page={page}
        onPage={onPage}
      />
    </>
  );
}
