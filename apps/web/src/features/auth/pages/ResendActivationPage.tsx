import { useTranslation } from 'react-i18next';
import { resendActivation } from '../api/auth';
import { AccountActive, useIsLoggedIn } from '../components/AccountActive';
import { EmailRequestForm } from '../components/EmailRequestForm';

/** /auth/activate: a new activation link, for a lost or expired one. */
export function ResendActivationPage() {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  // Logged in, the account is active: no activation mail to send nor to look for.
  if (isLoggedIn) return <AccountActive />;
  return (
    <EmailRequestForm
      name="resend-activation"
      title={t('auth.resend.title')}
      intro={t('auth.resend.intro')}
      submitLabel={t('auth.resend.submit')}
      send={resendActivation}
    />
  );
}
