import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeLogoutConfirmation } from '@/shared/session/session';
import { ANNOUNCE_DELAY_MS } from '@/shared/ui/PageLoader';

/**
 * "You have logged out.", once, on the page a logout on purpose leads to. The live region is there
 * from the start, empty: the words set in it a moment later are announced politely, where a region
 * inserted with its words is not.
 */
export function LoggedOutNotice() {
  const { t } = useTranslation();
  const [hasLoggedOut, setHasLoggedOut] = useState(false);
  useEffect(() => {
    // Taken when shown, not before: a render that never reaches the screen leaves it to the next.
    const timer = setTimeout(() => setHasLoggedOut(takeLogoutConfirmation()), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status">
      {hasLoggedOut && (
        // A light success alert's look, without an alert's role: the region above says it.
        <Text bg="var(--mantine-color-green-light)" p="sm" bdrs="sm" mb="md">
          {t('auth.login.loggedOut')}
        </Text>
      )}
    </div>
  );
}
