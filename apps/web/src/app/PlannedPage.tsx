import { useTranslation } from 'react-i18next';
import type { Catalogue } from '@/shared/i18n/locales/en-US';
import { ComingSoon } from '@/shared/ui/ComingSoon';

export type PlannedPageName = keyof Catalogue['pages'];

/** A route of spec §2 whose feature arrives with a later issue: its purpose and a plain note. */
export function PlannedPage({ page }: { page: PlannedPageName }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`pages.${page}.title`)} purpose={t(`pages.${page}.purpose`)} />;
}
