import {
  ANCHOR_CHECK_MESSAGES,
  ANCHOR_CHECK_STEPS,
  type AnchorCheck,
  type AnchorView,
  type Locale,
} from '@lisbon/domain';
import { Anchor, Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format';
import { useLocale } from '../i18n';
import { Facts } from '../practice/Facts';

const breakAll = { wordBreak: 'break-all' } as const;
/** A hash or address inside a sentence: it may wrap anywhere, the sentence's words may not. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** A chain transaction's hash, linked to the configured block explorer when there is one. */
export function ChainTransaction({ hash, explorerUrl }: { hash: string; explorerUrl: string | null }) {
  const { t } = useTranslation();
  if (!explorerUrl) return <Code style={breakAll}>{hash}</Code>;
  return (
    <Anchor
      href={explorerUrl}
      target="_blank"
      rel="noopener noreferrer"
      c="inherit"
      underline="always"
      style={breakAll}
    >
      {t('anchor.explorerLink', { hash })}
    </Anchor>
  );
}

/**
 * A statement's record on the blockchain (decision 065), in plain words: on the body's own ledger
 * only, anchoring pending, or anchored with its chain, block, transaction and time.
 */
export function AnchorFacts({ anchor }: { anchor: AnchorView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (anchor.state !== 'anchored') return <Text size="sm">{t(`anchor.${anchor.state}`)}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('anchor.anchored')}</Text>
      <Facts
        facts={[
          [t('anchor.chain'), anchor.chain_name ?? t('anchor.chainId', { id: anchor.chain_id })],
          [t('anchor.block'), String(anchor.block_number)],
          [
            t('anchor.transaction'),
            <ChainTransaction key="tx" hash={anchor.transaction_hash} explorerUrl={anchor.explorer_url} />,
          ],
          [t('anchor.time'), formatDateTime(anchor.block_time, locale)],
        ]}
      />
    </Stack>
  );
}

const OUTCOME_MARKS: Record<AnchorCheck['outcome'], string> = {
  passed: '✓',
  failed: '✗',
  pending: '…',
  unavailable: '?',
  skipped: '–',
};

/**
 * A step's outcome in words. A step skipped because the body keeps the record on its own ledger only
 * says so, neutrally: "Not checked" beside a valid result read as a failure.
 */
const outcomeKey = (check: AnchorCheck) =>
  check.outcome === 'skipped' && check.reason === 'anchoring_off'
    ? 'anchor.outcomes.notAnchored'
    : (`anchor.outcomes.${check.outcome}` as const);

/**
 * A check's message in the visitor's language with its values (hashes, addresses, numbers) in place:
 * each value in its own span that may wrap anywhere, so a 64-character hash fits a phone's width
 * while the words around it wrap only between words.
 */
function CheckMessage({ check, locale }: { check: AnchorCheck; locale: Locale }) {
  const parts = ANCHOR_CHECK_MESSAGES[locale][check.reason].split(/(\{\{\w+\}\})/);
  return parts.map((part, index) => {
    const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
    if (!name) return part;
    return (
      // The parts of a fixed template, never reordered: the index is a stable key.
      <span key={index} style={wrapAnywhere}>
        {check.values[name] ?? part}
      </span>
    );
  });
}

/**
 * Each step of a check with its outcome and why, in the visitor's language (the domain's words, with
 * the hashes in place): never a bare "failed".
 */
export function AnchorChecks({ checks }: { checks: readonly AnchorCheck[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (checks.length === 0) return null;
  return (
    <section aria-label={t('anchor.checksTitle')}>
      <Text fw={700} mb={4}>
        {t('anchor.checksTitle')}
      </Text>
      <ol style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {checks.map((check) => (
          <li key={check.step} data-outcome={check.outcome}>
            <Text size="sm" fw={600}>
              {t('anchor.step', {
                number: ANCHOR_CHECK_STEPS.indexOf(check.step) + 1,
                title: t(`anchor.steps.${check.step}`),
              })}
              {': '}
              <span aria-hidden="true">{OUTCOME_MARKS[check.outcome]} </span>
              {t(outcomeKey(check))}
            </Text>
            <Text size="sm" mb={6}>
              <CheckMessage check={check} locale={locale} />
            </Text>
          </li>
        ))}
      </ol>
    </section>
  );
}
