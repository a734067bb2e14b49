import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Fact = [label: string, value: ReactNode];

/**
 * Label–value pairs as a description list; a missing value says so instead of staying blank. Apart
 * from PracticeFacts.tsx, whose country names public pages showing facts need not load (decision 063).
 */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  const { t } = useTranslation();
  return (
    <dl className="facts">
      {facts.map(([label, value]) => (
        <div key={label} className="facts-row">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? t('labels.none') : value}</dd>
        </div>
      ))}
    </dl>
  );
}
