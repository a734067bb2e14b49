import { useTranslation } from 'react-i18next';
import { resendActivation } from '../api/auth';
import { EmailRequestForm } from '../components/EmailRequestForm';

/** /auth/activate: a new activation link, for a lost or expired one. */
export function ResendActivationPage() {
  const { t } = useTranslation();
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
