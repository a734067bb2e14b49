import { SORT_FIELDS } from '@lisbon/domain';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { value: string; onChange: (sort: string) => void };

/** The sort options of spec §9, each ascending and descending, as `field` or `-field`. */
export function SortSelect({ value, onChange }: Props) {
  const { t } = useTranslation();
  const options = SORT_FIELDS.flatMap((field) => [
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
