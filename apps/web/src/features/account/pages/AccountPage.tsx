import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoading } from '@/shared/ui/PageLoading';
import { AccountDetailsForm } from '../components/AccountDetailsForm';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { DeleteAccount } from '../components/DeleteAccount';
import { LogoutEverywhere } from '../components/LogoutEverywhere';
import { MarketingConsent } from '../components/MarketingConsent';
import { ReceiptsSection } from '../components/ReceiptsSection';
import { TwoFactorSettings } from '../components/TwoFactorSettings';

/** /account (spec §2): complete account, settings, receipts and invoices. */
export function AccountPage() {
  const { t } = useTranslation();
  // Loaded by the route's guard before the page renders.
  const user = useCurrentUser().data;
  const { hash } = useLocation();
  // A link to a section (staff sent to #two-factor) lands on it, not at the top of the page, with
  // the focus on its heading, so a screen reader starts there too.
  const isLoaded = user !== undefined;
  useEffect(() => {
    if (!hash || !isLoaded) return;
    const id = decodeURIComponent(hash.slice(1));
    document.getElementById(id)?.scrollIntoView?.();
    document.getElementById(`${id}-title`)?.focus({ preventScroll: true });
  }, [hash, isLoaded]);
  // Its heading while the profile comes (it comes with the guard, but comes again once dropped).
  if (!user) return <PageLoading title={t('pages.account.title')} />;
  // Staff have an account page too, without what speaks of requests and fees.
  const isStaff = user.abilities['staff.workspace'] === true;
  return (
    <Stack gap="xl" maw={960}>
      <div>
        <PageHeading>{t('pages.account.title')}</PageHeading>
        <Text size="lg">{t(isStaff ? 'pages.account.purposeStaff' : 'pages.account.purpose')}</Text>
      </div>
      {/* Keyed by user: a form's initial values are the profile at the time it mounts. */}
      <AccountDetailsForm key={user.id} user={user} />
      <section aria-labelledby="settings-title">
        <Title order={2} id="settings-title" mb="md">
          {t('account.settings.title')}
        </Title>
        <Stack gap="md">
          <ChangePasswordForm />
          <TwoFactorSettings user={user} />
          <LogoutEverywhere />
          {/* The newsletter tells applicants of the services: nothing for staff. */}
          {!isStaff && <MarketingConsent user={user} />}
          <DeleteAccount user={user} />
        </Stack>
      </section>
      {!isStaff && <ReceiptsSection />}
    </Stack>
  );
}
