import type { Verification } from '@lisbon/domain';
import { Alert, Anchor, Code, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Facts } from '@/shared/practice/Facts';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { VerificationAnchor } from './VerificationAnchor';

/** The answer for one file: valid (green, with the details) or NOT valid (with the reason), in plain words. */
export function VerificationResult({ result, fileName }: { result: Verification; fileName: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isValid = result.result === 'valid';
  const title =
    result.result === 'valid'
      ? t('verify.valid')
      : result.result === 'not_published'
        ? t('verify.notPublished')
        : t('verify.notValid');
  const details = result.details;
  return (
    // Title and links in the body's own colour: Mantine's light alert colours fail contrast (axe).
    // A group, not an alert: the polite live region around it announces it once.
    <Alert
      color={isValid ? 'green' : result.result === 'not_published' ? 'yellow' : 'red'}
      variant="light"
      role="group"
      aria-label={title}
    >
      <Text fw={700} size="lg" mb={4}>
        {title}
      </Text>
      <Text mb="xs">{t(`verify.reasons.${result.reason}`)}</Text>
      <Text size="sm" c="dimmed" mb={details ? 'sm' : 0}>
        {t('verify.checkedFile', { name: fileName })}
      </Text>
      {details && (
        <Facts
          facts={[
            [t('verify.details.holder'), details.holder_name],
            [t('verify.details.qualification'), details.qualification_name],
            [t('verify.details.publishedAt'), formatDate(details.published_at, locale)],
            [
              t('verify.details.transactionHash'),
              <>
                <Code style={{ wordBreak: 'break-all' }}>{details.transaction_hash}</Code>{' '}
                <Anchor
                  component={Link}
                  to={`/ledger/${details.transaction_hash}`}
                  size="sm"
                  c="inherit"
                  underline="always"
                >
                  {t('verify.details.ledgerLink')}
                </Anchor>
              </>,
            ],
            [t('verify.details.authority'), details.certificate_authority],
          ]}
        />
      )}
      <VerificationAnchor result={result} />
    </Alert>
  );
}
