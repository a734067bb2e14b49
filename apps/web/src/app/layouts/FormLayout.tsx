import { Box, Container, Group, Paper } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NoticeBanner } from '@/features/notices/components/NoticeBanner';
import { Footer } from './Footer';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { NavigationStatus } from './NavigationStatus';
import { PageFocus } from './PageFocus';
import { PageScroll } from './PageScroll';

/** Full-page layout for the forms outside the logged-in area (login, registration, …) and maintenance. */
export function FormLayout() {
  const { t } = useTranslation();
  return (
    <Box className="form-layout">
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <NavigationStatus />
      {/* Boundaries React hydrates one by one after the shell, the one the user acts on first
          (decision 082). */}
      <Suspense>
        <header className="form-layout-header">
          <Group justify="space-between" px="md" h={64} wrap="nowrap">
            <Logo />
            <Suspense>
              <LanguageSwitch />
            </Suspense>
          </Group>
        </header>
      </Suspense>
      <main id="main-content" tabIndex={-1} className="form-layout-main">
        <Container size={560} py="xl">
          <NoticeBanner />
          <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }}>
            <Suspense>
              <Outlet />
              <PageScroll />
              <PageFocus />
            </Suspense>
          </Paper>
        </Container>
      </main>
      <Suspense>
        <Footer />
      </Suspense>
    </Box>
  );
}
