import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoon } from '@/shared/ui/ComingSoon';

export type AuthPageName =
  | 'login'
  | 'register'
  | 'registerRefugee'
  | 'activate'
  | 'recoverPassword'
  | 'resetPassword'
  | 'marketingOptOut';

/** Login, registration and account links: their forms arrive with the auth issue. */
export function AuthPage({ page }: { page: AuthPageName }) {
  const { t } = useTranslation();
  return (
    <>
      <ComingSoon
        title={t(`pages.${page}.title`)}
        purpose={t(`pages.${page}.purpose`)}
        note={page === 'marketingOptOut' ? t('common.comingSoon') : t('auth.comingSoon')}
      />
      <Group mt="lg" gap="lg">
        <Anchor component={Link} to="/">
          {t('common.backHome')}
        </Anchor>
        <Anchor component={Link} to="/faq">
          {t('nav.faq')}
        </Anchor>
      </Group>
    </>
  );
}
