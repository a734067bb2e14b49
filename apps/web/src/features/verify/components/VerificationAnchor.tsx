import type { Verification } from '@lisbon/domain';
import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorChecks, AnchorFacts } from '@/shared/anchor/AnchorRecord';
import { ReceiptDownload } from '@/shared/anchor/ReceiptDownload';

/**
 * What the verification checked, step by step, and the statement's record on the blockchain
 * (decision 066): on the body's own ledger only, anchoring pending, or anchored with its receipt.
 */
export function VerificationAnchor({ result }: { result: Verification }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!result.anchor) return null;
  return (
    <Stack gap="sm" mt="sm">
      <AnchorChecks checks={result.checks} />
      <section aria-labelledby={headingId}>
        <Text fw={700} mb={4} id={headingId}>
          {t('anchor.title')}
        </Text>
        <Stack gap="xs">
          <AnchorFacts anchor={result.anchor} />
          {result.anchor.state === 'anchored' && result.certificate_id && (
            <ReceiptDownload certificateId={result.certificate_id} />
          )}
        </Stack>
      </section>
    </Stack>
  );
}
