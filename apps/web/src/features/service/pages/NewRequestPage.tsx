import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PageLoader } from '@/shared/ui/PageLoader';
import { useRequestLimit } from '@/shared/session/requestLimit';
import { draftQuery } from '../api/practices';
import { CreateRequest } from '../components/CreateRequest';
import { DraftFound } from '../components/DraftFound';
import { RequestLimitNotice } from '../components/RequestLimitNotice';
import { ServiceDiscovery } from '../components/ServiceDiscovery';
import { levelFrom } from './ServicePage';

/**
 * `/service/new`: with a draft, continue it or (confirmed) start anew; otherwise choose the country
 * and level (prefilled from discovery's link) and create the draft; a refugee account that has
 * filed its requests is told it can create no other.
 */
export function NewRequestPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const draft = useQuery(draftQuery);
  const [isReplacing, setIsReplacing] = useState(false);
  const limit = useRequestLimit(useCurrentUser().data);

  let content;
  if (draft.isPending || limit.isPending) content = <PageLoader />;
  else if (draft.isError)
    content = (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(draft.error, t)}
      </Alert>
    );
  else if (draft.data && !isReplacing)
    content = <DraftFound draft={draft.data} onStartNew={() => setIsReplacing(true)} />;
  // Said before a country is chosen, rather than refused once the request is created.
  else if (limit.isReached) content = <RequestLimitNotice />;
  else
    content = (
      <>
        <Text size="lg">{t(isReplacing ? 'wizard.start.introReplacing' : 'wizard.start.intro')}</Text>
        <ServiceDiscovery
          order={2}
          initialCountry={search.get('country')?.toUpperCase() ?? null}
          initialLevel={levelFrom(search.get('level'))}
          action={(country, level) => (
            <CreateRequest
              key={`${country}-${level}`}
              country={country}
              level={level}
              replaceDraft={isReplacing}
            />
          )}
        />
      </>
    );

  return (
    <Stack gap="lg" maw={960}>
      <PageHeading>{t('wizard.title')}</PageHeading>
      {content}
    </Stack>
  );
}
