import { Button, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PageHeading } from '@/shared/ui/PageHeading';

/** Shown when a page fails to load or render; it names no internals. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container size={720} py="xl" component="main" id="main-content">
      <Stack gap="md" align="flex-start">
        <PageHeading>{isNotFound ? t('messages.pageNotFound') : t('routeError.title')}</PageHeading>
        {!isNotFound && <Text size="lg">{t('messages.generic')}</Text>}
        <Button component={Link} to="/">
          {t('common.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
