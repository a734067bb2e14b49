import { loginSchema, type Session } from '@lisbon/domain';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isApiError } from '@/api';
import { PasswordField } from '@/shared/forms/PasswordField';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { errorMessage, failureMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { useIsPrerendered } from '@/shared/ui/hydration';
import { nextFromSearch, rememberNextForActivation } from '@/shared/session/loginPath';
import { PageHeading } from '@/shared/ui/PageHeading';
import { logIn } from '../api/auth';
import { LoggedOutNotice } from './LoggedOutNotice';

/** The login's alert, which the password is described by after wrong credentials (one login form a page). */
const FAILURE_ID = 'login-failure';

/** First step of a login: email and password (spec §2 /login). */
export function LoginForm({ onSession }: { onSession: (session: Session) => Promise<void> | void }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [isWrongCredentials, setWrongCredentials] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Wrong credentials: the alert is announced (role=alert) and the focus goes to the password,
  // marked invalid and described by the alert, to type it again; left on "Log in", a screen
  // reader user had to find their way back up the form. Mantine's input takes no
  // `aria-describedby` but its own description's and error's (the field has neither here).
  useEffect(() => {
    const password = passwordRef.current;
    if (!isWrongCredentials) password?.removeAttribute('aria-describedby');
    else if (password) {
      password.setAttribute('aria-describedby', FAILURE_ID);
      password.focus();
    }
  }, [isWrongCredentials]);
  const isPrerendered = useIsPrerendered();
  const { form, submit } = useSchemaForm({
    name: 'login',
    schema: loginSchema,
    initialValues: { email: '', password: '' },
  });
  // The email an activation just answered (`ActivatePage`'s navigation state), filled in after the
  // pre-rendered page is hydrated, whose field is empty. Read in line: this page's first visit is
  // at its JS budget (decision 082).
  const stateEmail: unknown = (useLocation().state as { email?: unknown } | null)?.email;
  const activatedEmail = typeof stateEmail === 'string' ? stateEmail : null;
  const fillEmail = useEffectEvent((email: string) => {
    if (form.getValues().email === '') form.setFieldValue('email', email);
  });
  useEffect(() => {
    if (activatedEmail) fillEmail(activatedEmail);
  }, [activatedEmail]);

  const onSubmit = submit(async (credentials) => {
    setFailure(null);
    setWrongCredentials(false);
    try {
      await onSession(await logIn(credentials));
    } catch (error) {
      const isWrong = isApiError(error) && error.code === 'INVALID_CREDENTIALS';
      setFailure(isWrong ? t('messages.loginFailed') : failureMessage(error, errorMessage(error, t)));
      setWrongCredentials(isWrong);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <LoggedOutNotice />
      <Stack gap="md">
        <PageHeading>{t('pages.login.title')}</PageHeading>
        <Text>{t('pages.login.purpose')}</Text>
        <FormAlert message={failure} id={FAILURE_ID} />
        {/* Said to every failed login alike, so it tells no one whether the email has an account. */}
        {isWrongCredentials && (
          <Text>
            <Anchor component={Link} to="/auth/activate">
              {t('auth.login.notActivated')}
            </Anchor>
          </Text>
        )}
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          required
          disabled={isPrerendered}
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          required
          disabled={isPrerendered}
          ref={passwordRef}
          {...form.getInputProps('password')}
          {...(isWrongCredentials && { 'aria-invalid': true })}
        />
        <Button type="submit" loading={form.submitting} disabled={isPrerendered}>
          {t('auth.login.submit')}
        </Button>
        {/* No boundary of its own: the form renders again as it comes alive (its controls are enabled),
            and a boundary still to hydrate would be hydrated then, at once (decision 082). */}
        <Stack gap={4} component="ul" className="plain-list">
          <li>
            <Anchor component={Link} to="/auth/recover-password">
              {t('auth.login.forgotPassword')}
            </Anchor>
          </li>
          <li>
            <Anchor
              component={Link}
              to="/auth/register"
              // The same link as the build wrote it; the page wanted (a service chosen) is kept
              // for the first login after activation.
              onClick={() => rememberNextForActivation(nextFromSearch(search))}
            >
              {t('auth.login.register')}
            </Anchor>
          </li>
          <li>
            <Anchor component={Link} to="/auth/activate">
              {t('auth.login.resendActivation')}
            </Anchor>
          </li>
        </Stack>
      </Stack>
    </form>
  );
}
