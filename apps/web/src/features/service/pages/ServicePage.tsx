import { EDUCATION_LEVELS, type EducationLevel, isOneOf } from '@lisbon/domain';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/shared/session/currentUser';
import { useRequestLimit } from '@/shared/session/requestLimit';
import { PageHeading } from '@/shared/ui/PageHeading';
import { RequestLimitNotice } from '../components/RequestLimitNotice';
import { ServiceDiscovery } from '../components/ServiceDiscovery';

/** A level of education system from a query string, if it is one. */
export function levelFrom(value: string | null): EducationLevel | null {
  return isOneOf(EDUCATION_LEVELS, value) ? value : null;
}

/** `/service`: find the service that fits, then start a request for it. */
export function ServicePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const limit = useRequestLimit(useCurrentUser().data);
  return (
    <Stack gap="lg" maw={960}>
      <PageHeading>{t('discovery.pageTitle')}</PageHeading>
      {limit.isReached && <RequestLimitNotice />}
      <Text size="lg">{t('discovery.intro')}</Text>
      <ServiceDiscovery
        order={2}
        initialCountry={search.get('country')?.toUpperCase() ?? null}
        initialLevel={levelFrom(search.get('level'))}
        // At the limit the service can still be looked up, but no request started (issue 33).
        action={limit.isReached ? () => null : undefined}
      />
    </Stack>
  );
}
