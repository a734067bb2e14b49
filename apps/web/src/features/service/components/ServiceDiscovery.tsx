import {
  applicableService,
  EDUCATION_LEVELS,
  isForeignEducationSystem,
  type EducationLevel,
} from '@lisbon/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
  type TitleOrder,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { radioTabIndex } from '@/shared/forms/radioTabStop';
import { useCurrentUser } from '@/shared/session/currentUser';
import { loginPath } from '@/shared/session/loginPath';
import { useRequestLimit } from '@/shared/session/requestLimit';
import { RequestLimitReached } from '@/shared/session/RequestLimitReached';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageLoader } from '@/shared/ui/PageLoader';
import { useDiscovery } from '../api/discovery';
import { EducationCountrySelect } from './EducationCountrySelect';
import { below, ServiceSummary } from './ServiceSummary';

/** Where the request wizard starts for a country and level. */
export const newRequestPath = (country: string, level: EducationLevel) =>
  `/service/new?${new URLSearchParams({ country, level }).toString()}`;

export const FAQ_TIPS_PATH = '/faq#faq-tips';

type Props = {
  /** The level of the result's heading: 3 on the home page, inside its own section. */
  order?: TitleOrder;
  initialCountry?: string | null;
  initialLevel?: EducationLevel | null;
  /**
   * What the main button does; by default it starts a request (after login for a visitor), or says
   * in its place that a refugee account at its limit can start no other.
   */
  action?: (country: string, level: EducationLevel) => React.ReactNode;
};

/**
 * Service discovery (spec §1, §2): the country of education system and the level give the service
 * that applies, its price, time and documents, and the free alternative for refugees. No account needed.
 */
export function ServiceDiscovery({ order = 2, initialCountry = null, initialLevel = null, action }: Props) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  // A link naming the operator's own country chooses nothing: it is not offered (decision 113).
  const [country, setCountry] = useState<string | null>(
    initialCountry && isForeignEducationSystem(initialCountry) ? initialCountry : null,
  );
  const [level, setLevel] = useState<EducationLevel | null>(initialLevel);
  const discovery = useDiscovery(country, level);
  const isRefugee = user?.category === 'refugee';
  const hasService = Boolean(discovery.data && applicableService(discovery.data, isRefugee));
  const limit = useRequestLimit(user);

  const start = (code: string, chosen: EducationLevel) => {
    // A refugee account that has filed its requests can start no other: said where the button was,
    // rather than a button to a page that says so (as on My requests).
    if (limit.isReached) return <RequestLimitReached />;
    const target = newRequestPath(code, chosen);
    return (
      <Stack gap={4} align="flex-start">
        <Button component={Link} to={user ? target : loginPath(target)} size="md">
          {t('discovery.start')}
        </Button>
        {!user && <Text size="sm">{t('discovery.loginFirst')}</Text>}
      </Stack>
    );
  };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        <EducationCountrySelect
          label={t('discovery.country')}
          description={t('discovery.countryHelp')}
          value={country}
          onChange={setCountry}
        />
        <Radio.Group label={t('discovery.level')} value={level} onChange={(value) => setLevel(value)}>
          <Group gap="md" mt="xs">
            {EDUCATION_LEVELS.map((item) => (
              <Radio
                key={item}
                value={item}
                label={t(`labels.level.${item}`)}
                tabIndex={radioTabIndex(level, item, EDUCATION_LEVELS)}
              />
            ))}
          </Group>
        </Radio.Group>
      </SimpleGrid>
      <Anchor component={Link} to={FAQ_TIPS_PATH} w="fit-content">
        {t('discovery.tipsLink')}
      </Anchor>

      <section aria-labelledby="discovery-result" aria-busy={discovery.isFetching}>
        <Title order={order} id="discovery-result" mb="sm">
          {t('discovery.resultTitle')}
        </Title>
        {!country || !level ? (
          <Text>{t('discovery.choose')}</Text>
        ) : discovery.isPending ? (
          <PageLoader />
        ) : discovery.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(discovery.error, t)}
          </Alert>
        ) : (
          <Stack gap="lg">
            <ServiceSummary
              discovery={discovery.data}
              isRefugee={isRefugee}
              isLoggedIn={user !== undefined}
              order={below(order)}
            />
            {hasService && (action ?? start)(country, level)}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
