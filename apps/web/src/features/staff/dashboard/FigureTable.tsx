import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n';
import { RowLink } from '@/shared/ui/RowLink';
import { saveBlob } from '@/shared/ui/saveBlob';
import { toCsv } from './csv';
import { ScrollableTable } from '@/shared/ui/ScrollableTable';

/** A figure, a text, nothing (shown as a dash), or a link to a request (its text goes to the CSV). */
export type Cell = string | number | null | { text: string; to: string; name: string };

const plain = (cell: Cell): string | number | null =>
  cell !== null && typeof cell === 'object' ? cell.text : cell;

type Props = {
  id: string;
  title: string;
  intro?: ReactNode;
  /** A chart of the same figures, for those who would rather look than read; the table stays. */
  chart?: ReactNode;
  columns: readonly string[];
  /** The first cell of each row names it (a row header). */
  rows: readonly (readonly Cell[])[];
  footer?: readonly Cell[];
  /** Shown instead of an empty table. */
  empty?: string;
  /** The CSV file's name, without extension. */
  fileName: string;
  /** A last column of controls, one for each row (never in the CSV). */
  action?: { column: string; render: (index: number) => ReactNode };
};

/**
 * One figure of the dashboard (decision 071): its heading, its chart if any (an image to screen
 * readers, pointing to the table), its table, and the table as a CSV file.
 */
export function FigureTable({
  id,
  title,
  intro,
  chart,
  columns,
  rows,
  footer,
  empty,
  fileName,
  action,
}: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const download = () =>
    saveBlob(
      new Blob(
        [
          toCsv(
            columns,
            (footer ? [...rows, footer] : rows).map((row) => row.map(plain)),
          ),
        ],
        {
          type: 'text/csv;charset=utf-8',
        },
      ),
      `${fileName}.csv`,
    );
  const show = (value: Cell): ReactNode => {
    if (value === null) return '—';
    if (typeof value === 'number') return value.toLocaleString(locale);
    if (typeof value === 'object') {
      return (
        <RowLink to={value.to} name={value.name}>
          {value.text}
        </RowLink>
      );
    }
    return value;
  };
  return (
    // No name of its own: the table's scrolling box is the figure's one landmark, named by its
    // title; both named were two regions of one name (axe landmark-unique). The h2 leads to it.
    <section>
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={2} id={`${id}-title`}>
            {title}
          </Title>
          {/* Named with its figure: the dashboard's nine buttons were nine of one name. */}
          <Button
            variant="default"
            size="xs"
            onClick={download}
            aria-label={t('operations.dashboard.csvOf', { title })}
          >
            {t('operations.dashboard.csv')}
          </Button>
        </Group>
        {intro}
        {rows.length === 0 && empty ? (
          <Text>{empty}</Text>
        ) : (
          <>
            {chart && (
              <div role="img" aria-label={`${title}. ${t('operations.dashboard.chartNote')}`}>
                {/* A picture of the table below: none of the chart's own parts takes focus. */}
                <div inert>{chart}</div>
              </div>
            )}
            <ScrollableTable minWidth={Math.min(720, 160 * columns.length)} label={title}>
              <Table striped verticalSpacing="xs">
                <Table.Caption>{title}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th scope="col" key={column}>
                        {column}
                      </Table.Th>
                    ))}
                    {action && <Table.Th scope="col">{action.column}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, index) => (
                    <Table.Tr key={index}>
                      {row.map((cell, column) =>
                        column === 0 ? (
                          <Table.Th scope="row" key={column} fw={400}>
                            {show(cell)}
                          </Table.Th>
                        ) : (
                          <Table.Td key={column}>{show(cell)}</Table.Td>
                        ),
                      )}
                      {action && <Table.Td>{action.render(index)}</Table.Td>}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                {footer && (
                  <Table.Tfoot>
                    <Table.Tr>
                      {footer.map((cell, column) =>
                        column === 0 ? (
                          <Table.Th scope="row" key={column}>
                            {show(cell)}
                          </Table.Th>
                        ) : (
                          <Table.Td key={column} fw={700}>
                            {show(cell)}
                          </Table.Td>
                        ),
                      )}
                    </Table.Tr>
                  </Table.Tfoot>
                )}
              </Table>
            </ScrollableTable>
          </>
        )}
      </Stack>
    </section>
  );
}
