import type { Session } from '@lisbon/domain';
import { useState } from 'react';
import { useFinishLogin } from '../api/finishLogin';
import { LoginForm } from '../components/LoginForm';
import { TwoFactorStep } from '../components/TwoFactorStep';

/** /login and /auth/login: credentials, then the second factor when the account has one. */
export function LoginPage() {
  const finishLogin = useFinishLogin();
  // A session waiting for its second factor stays in memory: it can do nothing else yet.
  const [pending, setPending] = useState<Session | null>(null);

  if (pending) {
    return <TwoFactorStep session={pending} onVerified={finishLogin} onCancel={() => setPending(null)} />;
  }
  return (
    <LoginForm
      onSession={(session) => (session.two_factor_required ? setPending(session) : finishLogin(session))}
    />
  );
}
