import { formatOpeningHours } from '@lisbon/domain';
import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n';
import { Facts } from '@/shared/practice/Facts';
import { FormAlert } from '@/shared/ui/FormAlert';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { useContactDetails } from '../api/contact';

/** /contact: where every "contact us" of the portal leads; the details come from configuration. */
export function ContactPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useContactDetails();
  const data = query.data;

  return (
    <Stack gap="lg" maw={720}>
      <PageHeading>{t('contact.title')}</PageHeading>
      <Text>{t('contact.intro')}</Text>
      {query.isPending && <PageLoader />}
      {query.isError && <FormAlert message={t('contact.unavailable')} />}
      {data && (
        <Paper withBorder p="lg">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {data.name}
            </Title>
            <Facts
              facts={[
                [t('contact.address'), data.address],
                [
                  t('contact.email'),
                  <Anchor key="email" href={`mailto:${data.email}`}>
                    {data.email}
                  </Anchor>,
                ],
                ...(data.phone
                  ? ([
                      [
                        t('contact.phone'),
                        <Anchor key="phone" href={`tel:${data.phone.replace(/[^+\d]/g, '')}`}>
                          {data.phone}
                        </Anchor>,
                      ],
                    ] satisfies [string, ReactNode][])
                  : []),
                // Structured hours in the page's language; free text as the operator wrote it.
                [t('contact.hours'), formatOpeningHours(data.hours, locale)],
              ]}
            />
          </Stack>
        </Paper>
      )}
      {data?.is_demo && (
        <Alert color="yellow" variant="light">
          {t('contact.demo')}
        </Alert>
      )}
    </Stack>
  );
}
