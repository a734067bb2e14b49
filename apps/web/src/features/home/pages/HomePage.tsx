import {
  ADULT_AGE_YEARS,
  APPEAL_WINDOW_DAYS,
  REFUGEE_REQUEST_LIMIT,
  RETURN_DELIVERY_FEE,
} from '@lisbon/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEuros } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { useCurrentUser } from '@/shared/session/currentUser';
import { useHydratedValue } from '@/shared/ui/hydration';
import { PageHeading } from '@/shared/ui/PageHeading';
import { useReferenceFigures } from '../api/figures';
import { InfoCards } from '../components/InfoCards';

/** The landing page: what the portal does, for whom, and where to start; `discovery` finds the service. */
export function HomePage({ discovery }: { discovery: ReactNode }) {
  const { t } = useTranslation();

  return (
    <Stack gap={48} maw={1200}>
      <Suspense>
        <Stack gap="md" maw={760}>
          <PageHeading>{t('home.title')}</PageHeading>
          <Text size="lg">{t('home.intro')}</Text>
          <HomeActions />
        </Stack>
      </Suspense>

      {/* Each section a boundary React hydrates apart (decision 082). */}
      <Suspense>
        <Paper component="section" aria-labelledby="home-discovery" withBorder p="lg">
          <Title order={2} id="home-discovery" mb="xs">
            {t('home.discoveryTitle')}
          </Title>
          <Text maw={760} mb="md">
            {t('home.discoveryBody')}
          </Text>
          {discovery}
        </Paper>
      </Suspense>

      <Suspense>
        <Services />
      </Suspense>

      <Suspense>
        <Paper component="section" aria-labelledby="home-refugees" withBorder p="lg" bg="blue.0">
          <Title order={2} id="home-refugees" mb="xs">
            {t('home.refugeesTitle')}
          </Title>
          <Text mb="md" maw={760}>
            {t('home.refugeesBody', { limit: REFUGEE_REQUEST_LIMIT })}
          </Text>
          <RefugeeRegistration />
        </Paper>
      </Suspense>

      <Suspense>
        <GoodToKnow />
      </Suspense>
    </Stack>
  );
}

/** The logged-in user once React owns the page; none at build time and while hydrating (decision 082). */
const useHydratedUser = () => useHydratedValue(useCurrentUser().data);

/**
 * Where to start: an account and a login for a visitor, their requests for a logged-in applicant
 * (issue 33: nobody logged in is asked to register). The build renders the visitor's; a stored
 * session shows the user's once React owns the page.
 */
function HomeActions() {
  const { t } = useTranslation();
  const user = useHydratedUser();
  return (
    <Group gap="sm">
      {user === undefined ? (
        <>
          <Button component={Link} to="/auth/register" size="md">
            {t('home.register')}
          </Button>
          <Button component={Link} to="/auth/login" size="md" variant="outline">
            {t('home.login')}
          </Button>
        </>
      ) : (
        user.abilities['practice.apply'] && (
          <Button component={Link} to="/practices" size="md">
            {t('nav.myRequests')}
          </Button>
        )
      )}
      <Button component={Link} to="/faq" size="md" variant="subtle">
        {t('home.faq')}
      </Button>
    </Group>
  );
}

/** The refugee registration, for a visitor only: an account is standard or refugee from the start. */
function RefugeeRegistration() {
  const { t } = useTranslation();
  const user = useHydratedUser();
  if (user !== undefined) return null;
  return (
    <Button component={Link} to="/auth/register/refugee" w="fit-content">
      {t('home.refugeesRegister')}
    </Button>
  );
}

/**
 * The three services. The count of Lisbon states comes with the figures, read here and not in the
 * page: a page whose state changes while React has not yet hydrated its sections makes React
 * hydrate them all at once, in one task, before it can render the change. While hydrating, the
 * sentence is the build's, without the count.
 */
function Services() {
  const { t } = useTranslation();
  const lisbonStates = useHydratedValue(useReferenceFigures().data?.lisbon_states_count);
  const services = [
    {
      title: t('home.correspondenceTitle'),
      // The count comes from the countries data; until it has come, the sentence goes without it.
      body:
        lisbonStates === undefined
          ? t('home.correspondenceBodyUncounted')
          : t('home.correspondenceBody', { signatories: lisbonStates }),
    },
    { title: t('home.comparabilityTitle'), body: t('home.comparabilityBody') },
    { title: t('home.comparabilityOnlyTitle'), body: t('home.comparabilityOnlyBody') },
  ];
  return (
    <section aria-labelledby="home-services">
      <Title order={2} id="home-services" mb="xs">
        {t('home.servicesTitle')}
      </Title>
      <Text mb="md" maw={760}>
        {t('home.servicesIntro')}
      </Text>
      <InfoCards cards={services} />
    </section>
  );
}

/**
 * What to know before applying. A component of its own so that its fee is formatted in its own
 * boundary of the hydration: the first `Intl.NumberFormat` loads ICU's data (decision 082).
 */
function GoodToKnow() {
  const { t } = useTranslation();
  const locale = useLocale();
  const goodToKnow = [
    { title: t('home.adultsTitle'), body: t('home.adultsBody', { age: ADULT_AGE_YEARS }) },
    {
      title: t('home.originalsTitle'),
      body: t('home.originalsBody', { fee: formatEuros(RETURN_DELIVERY_FEE.total, locale) }),
    },
    { title: t('home.verificationTitle'), body: t('home.verificationBody') },
    { title: t('home.appealTitle'), body: t('home.appealBody', { days: APPEAL_WINDOW_DAYS }) },
  ];
  return (
    <section aria-labelledby="home-before">
      <Title order={2} id="home-before" mb="md">
        {t('home.beforeTitle')}
      </Title>
      <InfoCards cards={goodToKnow} columns={2} />
    </section>
  );
}
