import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab's title for a page whose heading is `title`: the page, then the portal. */
export const pageTitle = (title: string, appName: string): string =>
  title === appName ? appName : `${title} · ${appName}`;

/** Each page names itself in the browser tab, so screen readers announce where a link led. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = pageTitle(title, appName);
  }, [title, appName]);
}
