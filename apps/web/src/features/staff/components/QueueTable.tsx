import { countryName, type StaffPracticeSummary, type StaffRef } from '@lisbon/domain';
import { Checkbox, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format';
import { currentLocale } from '@/shared/i18n';
import { RowLink } from '@/shared/ui/RowLink';
import { StatusBadge } from '@/shared/ui/StatusBadge';
import { DeadlineFlag } from './DeadlineFlag';

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

/** One page of a staff queue: the request, its applicant, status, service, deadline and people. */
export function QueueTable({ practices, caption, selection }: Props) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const date = (value: string | null) => (value ? formatDate(value, locale) : '—');
  const selectable = selection ? practices.filter(selection.isSelectable).map((practice) => practice.id) : [];
  const selectedHere = selectable.filter((id) => selection?.selected.has(id));

  return (
    // Fits beside the side navigation from 1280 px up (the Reviewer column in view); narrower
    // screens scroll it sideways, with the browser's own visible scrollbar.
    <Table.ScrollContainer minWidth={960} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th scope="col">
                <Checkbox
                  aria-label={selection.selectAllLabel ?? t('staff.queue.selectAll')}
                  checked={selectable.length > 0 && selectedHere.length === selectable.length}
                  indeterminate={selectedHere.length > 0 && selectedHere.length < selectable.length}
                  disabled={selectable.length === 0}
                  onChange={(event) => selection.onToggle(selectable, event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <Table.Th scope="col">{t('staff.columns.number')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.applicant')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.service')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.country')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.deadline')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.assignee')}</Table.Th>
            <Table.Th scope="col">{t('staff.columns.reviewer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {practices.map((practice) => (
            <Table.Tr key={practice.id}>
              {selection && (
                <Table.Td>
                  {selection.isSelectable(practice) && (
                    <Checkbox
                      aria-label={t('staff.queue.selectRow', { id: practice.id })}
                      checked={selection.selected.has(practice.id)}
                      onChange={(event) => selection.onToggle([practice.id], event.currentTarget.checked)}
                    />
                  )}
                </Table.Td>
              )}
              <Table.Th scope="row">
                <RowLink
                  to={`/staff/practices/${practice.id}`}
                  name={`${t('practices.requestNumber')} #${practice.id}`}
                >
                  #{practice.id}
                </RowLink>
              </Table.Th>
              <Table.Td>
                <Text size="sm">{`${practice.applicant.first_name} ${practice.applicant.last_name}`}</Text>
                {practice.qualification_name && <Text size="xs">{practice.qualification_name}</Text>}
              </Table.Td>
              <Table.Td>
                <StatusBadge label={practice.status_label} />
                <Text size="xs" mt={4}>
                  {t(`staff.status.${practice.status}`)}
                </Text>
              </Table.Td>
              <Table.Td>
                {t(`labels.service.${practice.service}`)}
                {practice.is_urgent ? ` (${t('practices.urgent')})` : ''}
              </Table.Td>
              <Table.Td>
                {countryName(practice.country, locale)}, {t(`labels.level.${practice.level}`)}
              </Table.Td>
              <Table.Td>
                {date(practice.expected_deadline)}
                {practice.deadline_flag && practice.days_to_go !== null && (
                  <DeadlineFlag flag={practice.deadline_flag} daysToGo={practice.days_to_go} />
                )}
              </Table.Td>
              <Table.Td>{personName(practice.assignee) ?? t('staff.people.none')}</Table.Td>
              <Table.Td>{personName(practice.reviewer) ?? t('staff.people.none')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
