import { missingProfileFields } from '@lisbon/domain';
import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PROFILE_FIELD_LABELS } from '@/shared/session/profileFields';

/**
 * On My requests, where a login lands once the applicant has requests: the account details still
 * empty, and the way to the account page that completes them. Nothing once it is complete.
 */
export function AccountIncompleteNotice() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const missing = user && user.abilities['staff.workspace'] !== true ? missingProfileFields(user) : [];
  if (missing.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={t('practices.accountIncomplete.title')}>
      <Text size="sm">
        {t('practices.accountIncomplete.missing', {
          fields: missing.map((field) => t(PROFILE_FIELD_LABELS[field])).join(', '),
        })}{' '}
        <Anchor component={Link} to="/account" inherit c="blue.9">
          {t('practices.accountIncomplete.link')}
        </Anchor>
      </Text>
    </Alert>
  );
}
