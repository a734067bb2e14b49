import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Each page names itself in the browser tab, so screen readers announce where a link led. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}
