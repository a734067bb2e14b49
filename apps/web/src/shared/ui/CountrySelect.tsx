import { countryOptions, DEFAULT_LOCALE, isLocale, RESOURCE_SEARCH_MIN_CHARS } from '@lisbon/domain';
import { type ComboboxParsedItem, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<
  SelectProps,
  'data' | 'searchable' | 'filter' | 'nothingFoundMessage' | 'allowDeselect' | 'searchValue'
>;

/** Lower case without accents, so "cote" finds "Côte d'Ivoire". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** Suggests nothing until the search has RESOURCE_SEARCH_MIN_CHARS characters (spec §5). */
const filterCountries: OptionsFilter = ({ options, search }) => {
  const query = fold(search);
  if (query.length < RESOURCE_SEARCH_MIN_CHARS) return [];
  return options.filter(
    (option: ComboboxParsedItem) => 'label' in option && fold(option.label).includes(query),
  );
};

/** A searchable country select, names in the interface language, values ISO 3166-1 alpha-2. */
export function CountrySelect({ onSearchChange, onOptionSubmit, value, ...props }: Props) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  // Names and their order follow the interface language.
  const { language } = i18n;
  const data = useMemo(() => countryOptions(isLocale(language) ? language : DEFAULT_LOCALE), [language]);
  const selectedLabel = data.find((option) => option.value === value)?.label;
  const isWaitingForInput =
    fold(search).length < RESOURCE_SEARCH_MIN_CHARS ||
    (selectedLabel !== undefined && search === selectedLabel);
  return (
    <Select
      {...props}
      value={value ?? null}
      data={data}
      searchable
      clearable
      // Picking the selected country again keeps it, its name back in the field; the clear button
      // empties the field (issue 14).
      allowDeselect={false}
      searchValue={search}
      onOptionSubmit={(picked) => {
        if (picked === value && selectedLabel !== undefined) setSearch(selectedLabel);
        onOptionSubmit?.(picked);
      }}
      clearButtonProps={{ 'aria-label': t('common.clear') }}
      filter={filterCountries}
      nothingFoundMessage={
        isWaitingForInput ? t('search.typeMore', { min: RESOURCE_SEARCH_MIN_CHARS }) : t('search.noCountry')
      }
      onSearchChange={(next) => {
        setSearch(next);
        onSearchChange?.(next);
      }}
    />
  );
}
