import { documentExpiryWarning } from '@lisbon/domain';
import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../format';
import { useLocale } from '../i18n';
import { useCurrentUser } from '../session/currentUser';

/**
 * The passport-expiry warning of spec §5 for an identity document's expiration date (the domain's
 * `documentExpiryWarning`): expired, or expiring within six months; nothing otherwise.
 */
export function DocumentExpiryWarning({ expirationDate }: { expirationDate: string | null | undefined }) {
  const { t } = useTranslation();
  const warning = documentExpiryWarning(expirationDate, new Date());
  if (!warning) return null;
  return (
    <Text span c="red.9" fw={600} size="sm">
      <span aria-hidden>⚠ </span>
      {t(warning === 'expired' ? 'account.documentExpired' : 'account.documentExpiring')}
    </Text>
  );
}

/**
 * The same warning in the request wizard (Documents and Review steps), for the logged-in
 * applicant's identity document as the account holds it, with the way to the account to update it.
 */
export function IdentityDocumentExpiryNotice() {
  const { t } = useTranslation();
  const locale = useLocale();
  const expirationDate = useCurrentUser().data?.document_expiration_date;
  if (!expirationDate || !documentExpiryWarning(expirationDate, new Date())) return null;
  return (
    <Alert color="red" variant="light" mb="sm">
      <Text size="sm" fw={700}>
        {t('account.fields.documentExpirationDate')}: {formatDate(expirationDate, locale)}
      </Text>
      <DocumentExpiryWarning expirationDate={expirationDate} />{' '}
      <Anchor component={Link} to="/account" size="sm" c="blue.9">
        {t('account.updateDocumentLink')}
      </Anchor>
    </Alert>
  );
}
