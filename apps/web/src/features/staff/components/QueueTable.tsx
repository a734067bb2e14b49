import { countryName, type StaffPracticeSummary, type StaffRef } from '@lisbon/domain';
import { Box, Checkbox, Table, Text } from '@mantine/core';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { CardList, useIsNarrowScreen } from '@/shared/ui/CardList';
import { RowLink } from '@/shared/ui/RowLink';
import { AnsweredBadge } from './AnsweredBadge';
import { DeadlineFlag } from './DeadlineFlag';
import { StaffStatus } from './StaffStatus';
import { ScrollableTable } from '@/shared/ui/ScrollableTable';

type Selection = {
  /** Requests that may be assigned now (their status allows the `assign` move). */
  isSelectable: (practice: StaffPracticeSummary) => boolean;
  selected: ReadonlySet<number>;
  onToggle: (ids: readonly number[], isSelected: boolean) => void;
  /** The name of the box that selects the whole page; what makes a row selectable, said. */
  selectAllLabel?: string;
};

type Props = {
  practices: readonly StaffPracticeSummary[];
  caption: string;
  /** Given to users who may assign: a column of checkboxes. */
  selection?: Selection | undefined;
};

export const personName = (person: StaffRef | null) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : null;

/**
 * One page of a staff queue: the request, its applicant, status and deadline first, then the
 * people, service and country. Cards on phones and tablets; from the side navigation up a table
 * whose first columns, the deadline among them, stay in view beside it (issue 33).
 */
export function QueueTable({ practices, caption, selection }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const selectAllHintId = useId();
  const date = (value: string | null) => (value ? formatDate(value, locale) : '—');
  const selectable = selection ? practices.filter(selection.isSelectable).map((practice) => practice.id) : [];
  const selectedHere = selectable.filter((id) => selection?.selected.has(id));
  const selectAllLabel = selection && (selection.selectAllLabel ?? t('staff.queue.selectAll'));
  const selectAllState = selection && {
    checked: selectable.length > 0 && selectedHere.length === selectable.length,
    indeterminate: selectedHere.length > 0 && selectedHere.length < selectable.length,
    disabled: selectable.length === 0,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      selection.onToggle(selectable, event.currentTarget.checked),
  };
  // In the table's header the box is named by its column; above the cards it has a label of its
  // own, "Select all", what it selects said to screen readers as its description.
  const selectAll = selectAllState && <Checkbox aria-label={selectAllLabel} {...selectAllState} />;
  const selectOne = (practice: StaffPracticeSummary) =>
    selection?.isSelectable(practice) && (
      <Checkbox
        aria-label={t('staff.queue.selectRow', { id: practice.id })}
        checked={selection.selected.has(practice.id)}
        onChange={(event) => selection.onToggle([practice.id], event.currentTarget.checked)}
      />
    );
  const link = (practice: StaffPracticeSummary) => (
    <RowLink to={`/staff/practices/${practice.id}`} name={t('practice.title', { id: practice.id })}>
      {t('practices.rowNumber', { id: practice.id })}
    </RowLink>
  );
  const applicant = (practice: StaffPracticeSummary) =>
    `${practice.applicant.first_name} ${practice.applicant.last_name}`;
  const service = (practice: StaffPracticeSummary) =>
    `${t(`labels.service.${practice.service}`)}${practice.is_urgent ? ` (${t('practices.urgent')})` : ''}`;
  const country = (practice: StaffPracticeSummary) =>
    `${countryName(practice.country, locale)}, ${t(`labels.level.${practice.level}`)}`;
  const deadline = (practice: StaffPracticeSummary) => (
    <>
      {date(practice.expected_deadline)}
      {practice.deadline_flag && practice.days_to_go !== null && (
        <DeadlineFlag flag={practice.deadline_flag} daysToGo={practice.days_to_go} />
      )}
    </>
  );

  if (isNarrow)
    return (
      <CardList
        caption={caption}
        header={
          selectAllState && (
            <Box mb="xs">
              <Checkbox
                label={t('staff.queue.selectAllShort')}
                aria-describedby={selectAllHintId}
                {...selectAllState}
              />
              <span id={selectAllHintId} className="visually-hidden">
                {selectAllLabel}
              </span>
            </Box>
          )
        }
        items={practices.map((practice) => ({
          key: practice.id,
          before: selectOne(practice),
          title: link(practice),
          // The status line under the number, from the card's left edge: at the top right of a
          // 375 px card it broke into a ragged column beside the number.
          badge: practice.applicant_answered && <AnsweredBadge />,
          status: <StaffStatus practice={practice} />,
          lines: [
            [applicant(practice), practice.qualification_name].filter(Boolean).join(' · '),
            service(practice),
            country(practice),
          ],
          facts: [
            { label: t('staff.columns.deadline'), value: deadline(practice) },
            {
              label: t('staff.columns.assignee'),
              value: personName(practice.assignee) ?? t('staff.people.none'),
            },
            {
              label: t('staff.columns.reviewer'),
              value: personName(practice.reviewer) ?? t('staff.people.none'),
            },
          ],
        }))}
      />
    );
  return (
    // Fits beside the side navigation from 1024 px up: below 1440 px the service and the country
    // are lines under the applicant rather than columns of their own.
    <ScrollableTable minWidth={640} label={caption}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selection && <Table.Th scope="col">{selectAll}</Table.Th>}
            <Table.Th scope="col">{t('staff.columns.number')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.applicant')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.deadline')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.assignee')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.reviewer')}</Table.Th>
            <Table.Th scope="col" visibleFrom="md">
              {t('staff.columns.service')}
            </Table.Th>
            <Table.Th scope="col" visibleFrom="md">
              {t('staff.columns.country')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {practices.map((practice) => (
            <Table.Tr key={practice.id}>
              {selection && <Table.Td>{selectOne(practice)}</Table.Td>}
              <Table.Th scope="row">{link(practice)}</Table.Th>
              <Table.Td>
                <Text size="sm">{applicant(practice)}</Text>
                {practice.qualification_name && <Text size="xs">{practice.qualification_name}</Text>}
                <Text size="xs" hiddenFrom="md">
                  {service(practice)}
                </Text>
                <Text size="xs" hiddenFrom="md">
                  {country(practice)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StaffStatus practice={practice} />
                {practice.applicant_answered && (
                  <Box mt={4}>
                    <AnsweredBadge />
                  </Box>
                )}
              </Table.Td>
              <Table.Td>{deadline(practice)}</Table.Td>
              <Table.Td>{personName(practice.assignee) ?? t('staff.people.none')}</Table.Td>
              <Table.Td>{personName(practice.reviewer) ?? t('staff.people.none')}</Table.Td>
              <Table.Td visibleFrom="md">{service(practice)}</Table.Td>
              <Table.Td visibleFrom="md">{country(practice)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
