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
      {/* The header, the form and the footer each in a task of their own, and the language switch
          in one after the header's (decisions 078, 081). */}
      <HydrateLater>
        <header className="form-layout-header">
          <Group justify="space-between" px="md" h={64} wrap="nowrap">
            <Logo />
            <HydrateLater>
              <LanguageSwitch />
            </HydrateLater>
          </Group>
        </header>
      </HydrateLater>
      <main id="main-content" tabIndex={-1} className="form-layout-main">
        <Container size={560} py="xl">
          <NoticeBanner />
          <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }}>
            <HydrateLater>
              <Outlet />
            </HydrateLater>
          </Paper>
        </Container>
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
    </Box>
  );
}
