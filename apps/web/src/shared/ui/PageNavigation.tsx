import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  /** What the pages are of, for screen readers (the navigation's name). */
  label: string;
  /** A page's name for screen readers, e.g. "Page 2". */
  pageLabel: (page: number) => string;
  pages: number;
  /** The page shown, from 1. */
  page: number;
  onPage: (page: number) => void;
};

/** The pages of a list to move between, once there is more than one, each page and control named. */
export function PageNavigation({ label, pageLabel, pages, page, onPage }: Props) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        total={pages}
        value={page}
        onChange={onPage}
        getItemProps={(item) => ({ 'aria-label': pageLabel(item) })}
        getControlProps={(control) => ({ 'aria-label': t(`practices.pageControls.${control}`) })}
      />
    </nav>
  );
}
