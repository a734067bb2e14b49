import { Box, Container, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NoticeBanner } from '@/features/notices/components/NoticeBanner';
import { HydrateLater } from '@/shared/ui/hydration';
import { Footer } from './Footer';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { NavigationStatus } from './NavigationStatus';

/** Full-page layout for the forms outside the logged-in area (login, registration, …) and maintenance. */
export function FormLayout() {
  const { t } = useTranslation();
  return (
    <Box className="form-layout">
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <NavigationStatus />
      {/* The form first; the header and the footer each in a task of their own (decision 078). */}
      <HydrateLater>
        <header className="form-layout-header">
          <Group justify="space-between" px="md" h={64} wrap="nowrap">
            <Logo />
            <LanguageSwitch />
          </Group>
        </header>
      </HydrateLater>
      <main id="main-content" tabIndex={-1} className="form-layout-main">
        <Container size={560} py="xl">
          <NoticeBanner />
          <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }}>
            <Outlet />
          </Paper>
        </Container>
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
    </Box>
  );
}
