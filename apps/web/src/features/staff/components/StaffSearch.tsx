import { countryName, isSearchableQuery, type StaffSearchResult } from '@lisbon/domain';
import { Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '@/shared/i18n';
import { useStaffSearch } from '../api/search';
import { AnsweredBadge } from './AnsweredBadge';
import { DeadlineFlag } from './DeadlineFlag';
import { StaffStatus } from './StaffStatus';

/** How long typing pauses before the search is asked: a request per pause, not per keystroke. */
const PAUSE_MS = 150;

function ResultLine({ result }: { result: StaffSearchResult }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = `${result.applicant.first_name} ${result.applicant.last_name}`.trim();
  return (
    <Stack gap={4}>
      {/* The text gives way (an email has no space to break at) so nothing leaves a phone's list. */}
      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={600}>
          {t('practices.rowNumber', { id: result.id })} · {name || result.applicant.email}
        </Text>
        <Text size="xs">
          {[result.qualification_name, countryName(result.country, locale), result.applicant.email]
            .filter(Boolean)
            .join(' · ')}
          {result.is_id_match ? ` · ${t('operations.search.byNumber')}` : ''}
        </Text>
      </div>
      {/* Every label the queue's row gives it, said as the row says them: the status line (the
          staff's status, then the applicant's label), "The applicant answered", the deadline's flag;
          under the text, where a phone's list has the width for them. */}
      <StaffStatus practice={result} />
      {(result.applicant_answered || result.deadline_flag) && (
        <Group gap="sm" align="flex-start">
          {result.applicant_answered && <AnsweredBadge />}
          {result.deadline_flag && result.days_to_go !== null && (
            <DeadlineFlag flag={result.deadline_flag} daysToGo={result.days_to_go} />
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The one search box of every staff page (decision 069): a combobox whose options are the
 * requests found as one types, from two characters; arrow keys choose, Enter opens. `/` anywhere
 * on the page (outside a field) brings the focus here. The count of results is announced.
 */
const OPTIONS_ID = 'staff-search-options';
const optionId = (practiceId: number) => `${OPTIONS_ID}-${practiceId}`;

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
  const { selectFirstOption, resetSelectedOption } = combobox;
  // A new answer: the first result is the one Enter opens.
  useEffect(() => {
    if (hasAnswer && search.data && search.data.length > 0) selectFirstOption();
    else resetSelectedOption();
  }, [hasAnswer, search.data, selectFirstOption, resetSelectedOption]);
  // The option the box points assistive technologies at: the one the arrow keys chose in this
  // answer, else its first; none while no answer can be chosen (Mantine's own target would keep
  // naming an option gone with the list it was in).
  const [chosen, setChosen] = useState<{ answer: unknown; optionId: string } | null>(null);
  const firstOptionId = hasAnswer && results[0] ? optionId(results[0].id) : null;
  const activeOption =
    firstOptionId === null
      ? null
      : chosen !== null && chosen.answer === search.data
        ? chosen.optionId
        : firstOptionId;
  const readChosenOption = () => {
    const selected = document.querySelector(`#${OPTIONS_ID} [data-combobox-selected]`);
    if (selected) setChosen({ answer: search.data, optionId: selected.id });
  };

  const open = (id: string) => {
    setValue('');
    combobox.closeDropdown();
    void navigate(`/staff/practices/${id}`);
  };
  const isListShown = combobox.dropdownOpened && combobox.listId !== null;
  let status = '';
  if (isLongEnough && !hasAnswer && search.isFetching) status = t('operations.search.searching');
  else if (hasAnswer) {
    status =
      results.length > 0
        ? t('operations.search.results', { count: results.length })
        : t('operations.search.none', { query: query.trim() });
  }

  return (
    <div role="search" aria-label={t('operations.search.region')}>
      <Combobox store={combobox} onOptionSubmit={open}>
        {/* The box's ARIA is ours: Mantine's target would keep naming an option gone from the list. */}
        <Combobox.Target withAriaAttributes={false}>
          <TextInput
            ref={inputRef}
            label={t('operations.search.label')}
            description={
              <>
                {t('operations.search.hint')}
                {/* No keyboard on a phone or a tablet: the shortcut is said only where one is likely. */}
                <span className="keyboard-hint"> {t('operations.search.shortcut')}</span>
              </>
            }
            placeholder={t('operations.search.placeholder')}
            value={value}
            autoComplete="off"
            role="combobox"
            aria-autocomplete="list"
            aria-haspopup="listbox"
            aria-expanded={isListShown}
            aria-controls={isListShown ? (combobox.listId ?? undefined) : undefined}
            aria-activedescendant={isListShown ? (activeOption ?? undefined) : undefined}
            rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.openDropdown();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setValue('');
              // Mantine moves the selection in its own handler, right after this one.
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') queueMicrotask(readChosenOption);
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!isLongEnough || (!hasAnswer && results.length === 0)}>
          <Combobox.Options id={OPTIONS_ID} aria-label={t('operations.search.label')}>
            {results.map((result) => (
              <Combobox.Option
                value={String(result.id)}
                key={result.id}
                id={optionId(result.id)}
                disabled={!hasAnswer}
              >
                <ResultLine result={result} />
              </Combobox.Option>
            ))}
            {hasAnswer && results.length === 0 && (
              <Combobox.Empty>{t('operations.search.none', { query: query.trim() })}</Combobox.Empty>
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
