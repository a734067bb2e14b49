import { APPLICANT_SORT_FIELDS, SORT_FIELDS, type SortField } from '@lisbon/domain';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { value: string; onChange: (sort: string) => void };

/**
 * The sort options of spec §9 that mean something on one's own requests, each ascending and
 * descending, as `field` or `-field`; a link sorted by another keeps that order, offered as well.
 */
export function SortSelect({ value, onChange }: Props) {
  const { t } = useTranslation();
  const current = SORT_FIELDS.find((field) => field === value.replace(/^-/, ''));
  const fields: readonly SortField[] =
    current === undefined || APPLICANT_SORT_FIELDS.some((field) => field === current)
      ? APPLICANT_SORT_FIELDS
      : [...APPLICANT_SORT_FIELDS, current];
  const options = fields.flatMap((field) => [
    { value: field, label: t('practices.sortAsc', { field: t(`practices.sortFields.${field}`) }) },
    { value: `-${field}`, label: t('practices.sortDesc', { field: t(`practices.sortFields.${field}`) }) },
  ]);
  return (
    <NativeSelect
      label={t('practices.sortLabel')}
      data={options}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={320}
    />
  );
}
