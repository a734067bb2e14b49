import { BarChart, DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import {
  backlogRows,
  openAppealsOf,
  paymentProviderLabel,
  statusNameOf,
  type Dashboard,
} from '@lisbon/domain';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros, formatNumber } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { useDaysInWords } from '@/shared/ui/daysInWords';
import { personName } from '../components/QueueTable';
import { FigureTable } from './FigureTable';
import { MarkGivenBack } from './MarkGivenBack';

const CHART_HEIGHT = 220;

/** Every figure of the dashboard, each a table (with a chart where a picture reads faster) and its CSV. */
export function DashboardFigures({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Counts of requests: whole numbers on the axis, written as the page's language writes numbers.
  const countAxis = {
    yAxisProps: { allowDecimals: false },
    valueFormatter: (value: number) => formatNumber(value, locale),
  };
  const date = (value: string) => formatDate(value, locale);
  const inWords = useDaysInWords();
  const d = (key: string) => t(`operations.dashboard.${key}` as 'operations.dashboard.title');
  const status = (value: string) => t(`staff.status.${value}` as 'staff.status.draft');
  const service = (value: string) =>
    value === 'all' ? d('time.all') : t(`labels.service.${value}` as 'labels.service.comparability');
  const request = (id: number) => ({
    text: t('practices.rowNumber', { id }),
    to: `/staff/practices/${id}`,
    name: t('practice.title', { id }),
  });
  // An amendment's statuses apart from an appeal's, each by its own name (decision 026).
  const backlog = backlogRows(data);
  const backlogTotal = backlog.reduce((sum, row) => sum + row.count, 0);
  const openAppeals = openAppealsOf(data);
  const ageing = [
    { key: 'late', label: t('operations.deadline.flags.late'), value: data.ageing.late, color: 'red.7' },
    {
      key: 'at_risk',
      label: t('operations.deadline.flags.at_risk'),
      value: data.ageing.at_risk,
      color: 'orange.6',
    },
    {
      key: 'on_time',
      label: t('operations.deadline.flags.on_time'),
      value: data.ageing.on_time,
      color: 'green.7',
    },
    { key: 'none', label: d('ageing.noDeadline'), value: data.ageing.no_deadline, color: 'gray.5' },
  ];
  const shareOf = (count: number) =>
    data.appeals.statements === 0
      ? null
      : `${((100 * count) / data.appeals.statements).toLocaleString(locale, { maximumFractionDigits: 1 })} %`;

  // The refunds the provider refused, each named by its payment (provider and reference).
  const refundRows = data.refunds_failed.refunds.map((row) => {
    const provider = paymentProviderLabel(row.provider, locale);
    const payment = row.transaction_reference
      ? t('operations.dashboard.refunds.paymentOf', { provider, reference: row.transaction_reference })
      : provider;
    return { row, payment, amount: formatEuros(row.amount_total, locale) };
  });

  return (
    <Stack gap="xl">
      <FigureTable
        id="urgent"
        fileName={t('operations.dashboard.files.lateOrAtRisk')}
        title={d('urgent.title')}
        intro={<Text>{t('operations.dashboard.urgent.intro', { count: data.at_risk_days })}</Text>}
        empty={d('urgent.none')}
        columns={[
          d('urgent.request'),
          d('urgent.applicant'),
          d('urgent.status'),
          d('urgent.deadline'),
          d('urgent.left'),
          d('urgent.assignee'),
        ]}
        rows={data.urgent.map((row) => [
          request(row.id),
          row.applicant,
          status(statusNameOf(row.status, row.appeal_type)),
          date(row.expected_deadline),
          `${t(`operations.deadline.flags.${row.deadline_flag}`)}: ${inWords(row.days_to_go)}`,
          personName(row.assignee),
        ])}
      />
      <FigureTable
        id="ageing"
        fileName={t('operations.dashboard.files.againstTheDeadline')}
        title={d('ageing.title')}
        chart={
          <DonutChart
            h={CHART_HEIGHT}
            data={ageing
              .filter((row) => row.value > 0)
              .map((row) => ({ name: row.label, value: row.value, color: row.color }))}
            withLabelsLine={false}
            withTooltip={false}
          />
        }
        columns={[d('ageing.flag'), d('ageing.count')]}
        rows={ageing.map((row) => [row.label, row.value])}
        footer={[d('total'), ageing.reduce((sum, row) => sum + row.value, 0)]}
      />
      <FigureTable
        id="backlog"
        fileName={t('operations.dashboard.files.backlogByStatus')}
        title={d('backlog.title')}
        intro={
          backlogTotal > 0 && (
            <Text>
              {t('operations.dashboard.backlog.appeals', {
                first: formatNumber(
                  Math.max(0, backlogTotal - openAppeals.appeal - openAppeals.amendment),
                  locale,
                ),
                appeals: formatNumber(openAppeals.appeal, locale),
                amendments: formatNumber(openAppeals.amendment, locale),
              })}
            </Text>
          )
        }
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={backlog.map((row) => ({ status: status(row.status), count: row.count }))}
            dataKey="status"
            series={[{ name: 'count', label: d('backlog.count'), color: 'blue.7' }]}
            withTooltip={false}
            {...countAxis}
          />
        }
        columns={[d('backlog.status'), d('backlog.count')]}
        rows={backlog.map((row) => [status(row.status), row.count])}
        footer={[d('total'), backlogTotal]}
      />
      <FigureTable
        id="published"
        fileName={t('operations.dashboard.files.publishedPerWeek')}
        title={d('published.title')}
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={data.published_per_week.map((row) => ({ week: date(row.week), count: row.count }))}
            dataKey="week"
            series={[{ name: 'count', label: d('published.count'), color: 'teal.7' }]}
            withTooltip={false}
            {...countAxis}
          />
        }
        columns={[d('published.week'), d('published.count')]}
        rows={data.published_per_week.map((row) => [date(row.week), row.count])}
        footer={[d('total'), data.published_per_week.reduce((sum, row) => sum + row.count, 0)]}
      />
      <FigureTable
        id="time"
        fileName={t('operations.dashboard.files.timeToPublication')}
        title={d('time.title')}
        columns={[d('time.service'), d('time.published'), d('time.median')]}
        rows={data.time_to_publication.map((row) => [
          service(row.service),
          row.published,
          row.median_working_days,
        ])}
      />
      <FigureTable
        id="people"
        fileName={t('operations.dashboard.files.workloadAndOutput')}
        title={d('people.title')}
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={data.people.map((row) => ({
              person: personName(row.person) ?? '',
              evaluating: row.evaluating,
              reviewing: row.reviewing,
            }))}
            dataKey="person"
            type="stacked"
            series={[
              { name: 'evaluating', label: d('people.evaluating'), color: 'blue.7' },
              { name: 'reviewing', label: d('people.reviewing'), color: 'violet.6' },
            ]}
            withLegend
            withTooltip={false}
            {...countAxis}
          />
        }
        columns={[
          d('people.person'),
          d('people.evaluating'),
          d('people.reviewing'),
          d('people.sent'),
          d('people.concluded'),
          d('people.published'),
        ]}
        rows={data.people.map((row) => [
          personName(row.person),
          row.evaluating,
          row.reviewing,
          row.sent_in_review,
          row.reviews_concluded,
          row.published,
        ])}
      />
      <FigureTable
        id="appeals"
        fileName={t('operations.dashboard.files.appealsAndAmendments')}
        title={d('appeals.title')}
        columns={[d('appeals.figure'), d('appeals.value'), d('appeals.share')]}
        rows={[
          [d('appeals.statements'), data.appeals.statements, null],
          [d('appeals.appeals'), data.appeals.appeals, shareOf(data.appeals.appeals)],
          [d('appeals.amendments'), data.appeals.amendments, shareOf(data.appeals.amendments)],
        ]}
      />
      <FigureTable
        id="refunds"
        fileName={t('operations.dashboard.files.refundsRefused')}
        title={d('refunds.title')}
        intro={
          data.refunds_failed.count > 0 && (
            <Text>{t('operations.dashboard.refunds.count', { count: data.refunds_failed.count })}</Text>
          )
        }
        empty={d('refunds.none')}
        columns={[
          d('refunds.payment'),
          d('refunds.amount'),
          d('refunds.reason'),
          d('refunds.request'),
          d('refunds.refusedOn'),
          d('refunds.answer'),
        ]}
        rows={refundRows.map(({ row, payment, amount }) => [
          payment,
          amount,
          d(`refunds.reasons.${row.reason}`),
          row.practice_id === null ? d('refunds.noRequest') : request(row.practice_id),
          date(row.failed_at),
          row.failure_reason,
        ])}
        action={{
          column: d('refunds.givenBack'),
          render: (index) => {
            const refund = refundRows[index];
            return (
              refund && (
                <MarkGivenBack refundId={refund.row.id} amount={refund.amount} payment={refund.payment} />
              )
            );
          },
        }}
      />
      <FigureTable
        id="deliveries"
        fileName={t('operations.dashboard.files.returnDeliveriesWaiting')}
        title={d('deliveries.title')}
        intro={
          <Text>{t('operations.dashboard.deliveries.count', { count: data.deliveries_waiting.count })}</Text>
        }
        columns={[
          d('deliveries.request'),
          d('deliveries.applicant'),
          d('deliveries.paidAt'),
          d('deliveries.waybill'),
        ]}
        rows={data.deliveries_waiting.practices.map((row) => [
          request(row.id),
          row.applicant,
          date(row.paid_at),
          row.waybill_number ?? '',
        ])}
      />
    </Stack>
  );
}
