import { countryName, isSearchableQuery, type StaffSearchResult } from '@lisbon/domain';
import { Box, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '@/shared/i18n';
import { StatusBadge } from '@/shared/ui/StatusBadge';
import { useStaffSearch } from '../api/search';

/** How long typing pauses before the search is asked: a request per pause, not per keystroke. */
const PAUSE_MS = 150;

function ResultLine({ result }: { result: StaffSearchResult }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = `${result.applicant.first_name} ${result.applicant.last_name}`.trim();
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      {/* The text gives way (an email has no space to break at) so the badge stays inside a phone's list. */}
      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={600}>
          #{result.id} · {name || result.applicant.email}
        </Text>
        <Text size="xs">
          {[result.qualification_name, countryName(result.country, locale), result.applicant.email]
            .filter(Boolean)
            .join(' · ')}
          {result.is_id_match ? ` · ${t('operations.search.byNumber')}` : ''}
        </Text>
      </div>
      <Box style={{ flexShrink: 0 }}>
        <StatusBadge label={result.status_label} />
      </Box>
    </Group>
  );
}

/**
 * The one search box of every staff page (decision 069): a combobox whose options are the
 * requests found as one types, from two characters; arrow keys choose, Enter opens. `/` anywhere
 * on the page (outside a field) brings the focus here. The count of results is announced.
 */
export function StaffSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [query] = useDebouncedValue(value, PAUSE_MS);
  const search = useStaffSearch(query);
  const inputRef = useRef<HTMLInputElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  useHotkeys([['/', () => inputRef.current?.focus()]]);

  const isLongEnough = isSearchableQuery(query);
  const results = isLongEnough ? (search.data ?? []) : [];
  // The list answers what is typed only once the pause has passed and its own answer has come;
  // until then the earlier list stays in view, but none of it can be chosen: Enter never opens a
  // request found for other words than those in the box.
  const hasAnswer = isLongEnough && query === value && search.data !== undefined && !search.isPlaceholderData;
  const { selectFirstOption } = combobox;
  // A new answer: the first result is the one Enter opens.
  useEffect(() => {
    if (hasAnswer && search.data && search.data.length > 0) selectFirstOption();
  }, [hasAnswer, search.data, selectFirstOption]);

  const open = (id: string) => {
    setValue('');
    combobox.closeDropdown();
    void navigate(`/staff/practices/${id}`);
  };
  let status = '';
  if (isLongEnough && !hasAnswer && search.isFetching) status = t('operations.search.searching');
  else if (hasAnswer) {
    status =
      results.length > 0
        ? t('operations.search.results', { count: results.length })
        : t('operations.search.none');
  }

  return (
    <div role="search" aria-label={t('operations.search.region')}>
      <Combobox store={combobox} onOptionSubmit={open}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={inputRef}
            label={t('operations.search.label')}
            description={t('operations.search.hint')}
            placeholder={t('operations.search.placeholder')}
            value={value}
            autoComplete="off"
            aria-autocomplete="list"
            rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.openDropdown();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setValue('');
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!isLongEnough || (!hasAnswer && results.length === 0)}>
          <Combobox.Options aria-label={t('operations.search.label')}>
            {results.map((result) => (
              <Combobox.Option value={String(result.id)} key={result.id} disabled={!hasAnswer}>
                <ResultLine result={result} />
              </Combobox.Option>
            ))}
            {hasAnswer && results.length === 0 && (
              <Combobox.Empty>{t('operations.search.none')}</Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <div className="visually-hidden" role="status" aria-live="polite">
        {status}
      </div>
    </div>
  );
}
