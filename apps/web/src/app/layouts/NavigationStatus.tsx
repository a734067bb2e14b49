import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { useTellNavigationLoading } from '@/shared/ui/navigationAnnouncement';

/**
 * While the router fetches the next page (its chunk, its guard's answer), the current page stays as
 * it is and this says so: a thin bar over the top edge, out of the layout's flow so nothing moves,
 * and "Loading…" in a polite live region for screen readers, once for the navigation (decision 063).
 */
export function NavigationStatus() {
  const { t } = useTranslation();
  const isLoading = useNavigation().state === 'loading';
  // The page this navigation brings does not say "Loading…" again (its PageLoader keeps quiet).
  useTellNavigationLoading(isLoading);
  return (
    <>
      <div className="navigation-progress" data-active={isLoading || undefined} aria-hidden="true" />
      <div className="visually-hidden" aria-live="polite">
        {isLoading ? t('app.loading') : ''}
      </div>
    </>
  );
}
