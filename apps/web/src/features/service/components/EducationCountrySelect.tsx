import { type Country, RESOURCE_SEARCH_MIN_CHARS } from '@lisbon/domain';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountry, useCountrySearch } from '../api/discovery';

const SEARCH_DELAY_MS = 250;

type Props = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'filter' | 'allowDeselect' | 'onOptionSubmit'
> & {
  value: string | null;
  onChange: (code: string | null) => void;
};

/**
 * The country of education system, searched on the API (`GET /countries?search=`) from the second
 * character typed (spec §5), so the list is the reference data an administrator maintains.
 */
export function EducationCountrySelect({ value, onChange, ...props }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const results = useCountrySearch(debounced);
  const selected = useCountry(value);
  const selectedName = selected.data?.name;
  const isTyping = search.trim().length < RESOURCE_SEARCH_MIN_CHARS || search === selectedName;

  const found: Country[] = isTyping ? [] : (results.data ?? []);
  const options = new Map(found.map((country) => [country.code, country.name]));
  // The chosen country stays an option, or the select could not show its name.
  if (value && selectedName) options.set(value, selectedName);

  const nothingFound = isTyping
    ? t('search.typeMore', { min: RESOURCE_SEARCH_MIN_CHARS })
    : results.isFetching || search !== debounced
      ? t('app.loading')
      : t('search.noCountry');

  return (
    <Select
      {...props}
      value={value}
      onChange={(code) => onChange(code)}
      data={[...options].map(([code, name]) => ({ value: code, label: name }))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // Picking the chosen country again keeps it, its name back in the field (issue 14).
      allowDeselect={false}
      onOptionSubmit={(code) => {
        if (code === value && selectedName !== undefined) setSearch(selectedName);
      }}
      // The API has filtered already; below the minimum nothing is suggested (the chosen one stays hidden too).
      filter={({ options: all }) => (isTyping ? [] : all)}
      nothingFoundMessage={nothingFound}
      clearable
      clearButtonProps={{ 'aria-label': t('common.clear') }}
    />
  );
}
