import {
  type AppealType,
  type Practice,
  statusLabel,
  type StatusLabel,
  statusWordingOf,
} from '@lisbon/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { TYPED_TEXT } from '@/shared/ui/typedText';

/** A step and the reason staff gave the applicant for it (a closure, an appeal refused or rejected). */
type Step = { label: StatusLabel; at: string; reason: string | null };

/** The history as the applicant sees it: one entry per change of label (spec §4), with its date. */
export function timelineOf(history: Practice['history']): Step[] {
  const steps: Step[] = [];
  for (const entry of [...history].sort((a, b) => a.at.localeCompare(b.at))) {
    const label = statusLabel(entry.to_status);
    const reason = entry.reason ?? null;
    const last = steps.at(-1);
    if (last?.label !== label) steps.push({ label, at: entry.at, reason });
    else if (reason) last.reason = reason;
  }
  return steps;
}

/** The request's steps; an amendment's are named for it (`appealType`, `statusWordingOf`). */
export function StatusTimeline({
  history,
  appealType = null,
}: {
  history: Practice['history'];
  appealType?: AppealType | null | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const steps = timelineOf(history);
  if (steps.length === 0) return <Text>{t('practice.historyNone')}</Text>;
  return (
    <ol className="timeline">
      {steps.map((step, index) => (
        <li key={`${step.label}-${step.at}`} aria-current={index === steps.length - 1 ? 'step' : undefined}>
          <Text fw={600}>{t(`labels.status.${statusWordingOf(step.label, appealType)}`)}</Text>
          <Text size="sm">
            <time dateTime={step.at}>{formatDateTime(step.at, locale)}</time>
          </Text>
          {step.reason && (
            <Text size="sm" style={TYPED_TEXT}>
              {t('practice.reason', { reason: step.reason })}
            </Text>
          )}
        </li>
      ))}
    </ol>
  );
}
