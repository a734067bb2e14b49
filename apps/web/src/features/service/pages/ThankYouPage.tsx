import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage';
import { Facts } from '@/shared/practice/Facts';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { StatusBadge } from '@/shared/ui/StatusBadge';
import { practiceQuery, useStoreDraft } from '../api/practices';
import { useDaysInWords } from '@/shared/ui/daysInWords';

/**
 * `/service/new/thank-you?practice={id}`: the request is in, with its number and expected deadline.
 * After a payment the app gives the request's id (`practiceId`), once the payment is confirmed.
 */
export function ThankYouPage({ practiceId }: { practiceId?: number }) {
  const { t } = useTranslation();
  const inWords = useDaysInWords('underLabel');
  const locale = useLocale();
  const [search] = useSearchParams();
  const id = practiceId ?? Number(search.get('practice'));
  const practice = useQuery({ ...practiceQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const storeDraft = useStoreDraft();
  const isSubmitted = practice.data !== undefined && practice.data.status !== 'draft';

  // The draft is now this request: forgotten here, once the wizard is off screen (issue 14).
  useEffect(() => {
    if (isSubmitted && (storage.get('draft')?.practiceId ?? id) === id) storeDraft(null);
  }, [isSubmitted, id, storeDraft]);

  // Opened without a request (typed, or from a bookmark): nothing was submitted, so the heading
  // does not say so either (issue 33).
  const hasRequest = Number.isInteger(id) && id > 0;
  let content;
  if (!hasRequest) content = <Text>{t('wizard.thankYou.noRequest')}</Text>;
  else if (practice.isPending) content = <PageLoader />;
  else if (practice.isError)
    content = (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(practice.error, t)}
      </Alert>
    );
  else {
    const { data } = practice;
    content = (
      <>
        <Alert color="green" variant="light">
          {t('wizard.thankYou.body')}
        </Alert>
        <Facts
          facts={[
            [t('practiceFacts.number'), String(data.id)],
            [t('practiceFacts.status'), <StatusBadge key="status" label={data.status_label} />],
            [
              t('practiceFacts.requestedAt'),
              data.requested_at ? formatDate(data.requested_at, locale) : null,
            ],
            ...(data.paid_at
              ? [[t('practiceFacts.paidAt'), formatDate(data.paid_at, locale)] as [string, string]]
              : []),
            [
              t('practiceFacts.deadline'),
              data.expected_deadline ? formatDate(data.expected_deadline, locale) : null,
            ],
            [t('practiceFacts.daysToGo'), data.days_to_go === null ? null : inWords(data.days_to_go)],
          ]}
        />
        <Text>{t('wizard.thankYou.next')}</Text>
        <Group>
          <Button component={Link} to={`/practices/${data.id}`}>
            {t('wizard.thankYou.open')}
          </Button>
          <Button component={Link} to="/practices" variant="outline">
            {t('nav.myRequests')}
          </Button>
        </Group>
      </>
    );
  }
  return (
    <Stack gap="lg" maw={760}>
      <PageHeading>{t(hasRequest ? 'wizard.thankYou.title' : 'wizard.thankYou.noRequestTitle')}</PageHeading>
      {content}
    </Stack>
  );
}
