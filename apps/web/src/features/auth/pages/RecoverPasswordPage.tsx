import { useTranslation } from 'react-i18next';
import { forgotPassword } from '../api/auth';
import { EmailRequestForm } from '../components/EmailRequestForm';

/** /auth/recover-password: a link to set a new password, by mail. */
export function RecoverPasswordPage() {
  const { t } = useTranslation();
  return (
    <EmailRequestForm
      name="recover-password"
      title={t('pages.recoverPassword.title')}
      intro={t('pages.recoverPassword.purpose')}
      submitLabel={t('auth.recover.submit')}
      send={forgotPassword}
    />
  );
}
