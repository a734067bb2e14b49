import {
  BODY_TIME_ZONE,
  countryName,
  formatLongDate,
  type Locale,
  WALLET_CLAIM_LABELS,
  WALLET_RESULT_KEPT_HOURS,
  type WalletCheck,
  type WalletClaim,
  type WalletResultAccess,
} from '@lisbon/domain';
import { Alert, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { useLocale } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { walletCheckQuery } from '../api/wallet';

const isClaim = (name: string): name is WalletClaim => name in WALLET_CLAIM_LABELS['en-US'];

/** A disclosed value as the statement's own pages write it: a date in words, a country by its name. */
function claimText(name: string, value: unknown, locale: Locale): string {
  if (name === 'issue_date' && typeof value === 'string')
    return formatLongDate(value, locale, BODY_TIME_ZONE);
  if (name === 'country_of_education_system' && typeof value === 'string') return countryName(value, locale);
  return String(value);
}

/** A transaction's hash has no space to break at: it wraps anywhere rather than widen a phone's page. */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

function Checked({ check }: { check: WalletCheck }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const labels = WALLET_CLAIM_LABELS[locale];
  return (
    <Stack gap="sm">
      <Alert color={check.is_valid ? 'green' : 'red'} variant="light" data-testid="wallet-result">
        {/* A statement no longer in force says why in the PDF check's words, which begin "NOT valid". */}
        {!check.is_valid && check.reason !== null ? (
          <Text fw={700} size="lg" data-testid="wallet-reason">
            {t(`wallet.reasons.${check.reason}`)}
          </Text>
        ) : (
          <Text fw={700} size="lg">
            {check.is_valid ? t('wallet.valid') : t('wallet.notValid')}
          </Text>
        )}
      </Alert>
      <section aria-labelledby="wallet-steps">
        <Title order={3} size="h5" id="wallet-steps">
          {t('wallet.stepsTitle')}
        </Title>
        <List>
          {check.checks.map(({ step, outcome }) => (
            <List.Item key={step} style={WRAP_ANYWHERE}>
              {t(`wallet.steps.${step}`)}: <strong>{t(`wallet.outcomes.${outcome}`)}</strong>
            </List.Item>
          ))}
        </List>
      </section>
      {Object.keys(check.claims).length > 0 && (
        <section aria-labelledby="wallet-claims">
          <Title order={3} size="h5" id="wallet-claims">
            {t('wallet.disclosed')}
          </Title>
          <List>
            {Object.entries(check.claims).map(([name, value]) => (
              <List.Item key={name} style={WRAP_ANYWHERE}>
                {isClaim(name) ? labels[name] : name}: {claimText(name, value, locale)}
              </List.Item>
            ))}
          </List>
        </section>
      )}
    </Stack>
  );
}

/** The outcome of a wallet's presentation, read again while the wallet has not answered; in a live region. */
export function WalletResult({ id, access }: { id: string; access: WalletResultAccess }) {
  const { t } = useTranslation();
  const check = useQuery(walletCheckQuery(id, access));
  return (
    <section aria-labelledby="wallet-result-title" aria-live="polite">
      <Title order={2} size="h4" id="wallet-result-title" mb="xs">
        {t('wallet.resultTitle')}
      </Title>
      {check.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {check.isError && (
        <Alert color="red" variant="light" role="alert">
          {isApiError(check.error) && check.error.status === 404
            ? t('wallet.gone', { hours: WALLET_RESULT_KEPT_HOURS })
            : errorMessage(check.error, t)}
        </Alert>
      )}
      {check.data?.state === 'waiting' && <Text>{t('wallet.waiting')}</Text>}
      {check.data?.state === 'expired' && <Text>{t('wallet.expired')}</Text>}
      {check.data?.state === 'declined' && (
        <Text>{check.data.is_open ? t('wallet.declinedOpen') : t('wallet.declined')}</Text>
      )}
      {check.data?.state === 'checked' && <Checked check={check.data} />}
      {/* A NOT valid answer or a decline leaves the request open: a valid answer may still replace it. */}
      {check.data?.state !== 'waiting' && check.data?.is_open && (
        <Text mt="sm" data-testid="wallet-still-waiting">
          {t('wallet.stillWaiting')}
        </Text>
      )}
    </section>
  );
}
