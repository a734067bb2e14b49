import { awaitingReplyOf } from '@lisbon/domain';
import { AppShell, Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPath, Outlet, useLocation, useNavigate } from 'react-router';
import { NoticeBanner } from '@/features/notices/components/NoticeBanner';
import { useNotifications } from '@/features/notifications/api/notifications';
import { QUEUE_ORDER, queuePath } from '@/features/staff/queueNavigation';
import { loadAreaTexts } from '@/shared/i18n';
import { useCurrentUser } from '@/shared/session/currentUser';
import { logout as endUserSession } from '@/shared/session/session';
import { useOpenerFocus } from '@/shared/ui/useOpenerFocus';
import { HEADER_HEIGHT, NAVIGATION_BREAKPOINT, WIDE_SCREEN_QUERY } from '../theme';
import { Footer } from './Footer';
import { LanguageOffer } from './LanguageOffer';
import { LanguageSwitch } from './LanguageSwitch';
import type { NavNames } from './Navigation';
import { Logo } from './Logo';
import { NavigationStatus } from './NavigationStatus';
import { PageFocus } from './PageFocus';
import { PageScroll } from './PageScroll';
import { PublicNavigationBar } from './PublicNavigationBar';

/**
 * The side navigation, shown from the navigation breakpoint up. `collapsed.mobile` makes Mantine
 * end its narrow-screen styles just below the breakpoint (max-width: breakpoint - 0.1 px); without
 * it they reach the breakpoint itself, and at exactly 1024 px the navbar opened full width over
 * the page while the wide layout (no burger) was already on.
 */
const NAVBAR = { width: 260, breakpoint: NAVIGATION_BREAKPOINT, collapsed: { mobile: true } };

// Chunks of their own (decision 063). The menus of links (Mantine's NavLink) come only in the drawer
// or once logged in: a visitor's first visit shows the header's row of links (PublicNavigationBar).
// The drawer comes when the burger is first pointed at, focused or pressed; the queue counts only
// for staff.
const loadNavigation = () => import('./Navigation');
const AppNavigation = lazy(() => loadNavigation().then((module) => ({ default: module.AppNavigation })));
const PublicNavigation = lazy(() =>
  loadNavigation().then((module) => ({ default: module.PublicNavigation })),
);
const loadMenuDrawer = () =>
  Promise.all([import('./MenuDrawer'), loadNavigation()]).then(([drawer]) => drawer);
const MenuDrawer = lazy(() => loadMenuDrawer().then((module) => ({ default: module.MenuDrawer })));
const loadStaffQueueBadge = () => import('./StaffQueueBadge');
const StaffQueueBadge = lazy(() =>
  loadStaffQueueBadge().then((module) => ({ default: module.StaffQueueBadge })),
);
const StaffQueueCountWords = lazy(() =>
  loadStaffQueueBadge().then((module) => ({ default: module.StaffQueueCountWords })),
);
// The applicant's counts, only once logged in: a visitor's first visit does not take the badges.
const loadRequestsBadge = () => import('@/features/notifications/components/RequestsBadge');
const RequestsBadge = lazy(() => loadRequestsBadge().then((module) => ({ default: module.RequestsBadge })));
const RequestsCountWords = lazy(() =>
  loadRequestsBadge().then((module) => ({ default: module.RequestsCountWords })),
);
const AwaitingReplyBadge = lazy(() =>
  loadRequestsBadge().then((module) => ({ default: module.AwaitingReplyBadge })),
);

/** The shared layout of the home page, the FAQ and the logged-in area. */
export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  // Mounted from the first opening on, so that it can animate its closing.
  const [hasDrawer, setHasDrawer] = useState(false);
  // Mounted already open, the drawer never saw its opener: focus goes back to the burger by hand
  // when the user closes it (a link in it moves to another page instead).
  const burgerFocus = useOpenerFocus();
  const closeDrawer = () => {
    drawer.close();
    burgerFocus.giveBack();
  };
  // Read synchronously so the first paint already has the right header.
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY, true, { getInitialValueInEffect: false });
  const user = useCurrentUser().data;
  const isLoggedIn = user !== undefined;
  // The navigation's counts speak the logged-in area's words, on public pages too (decision 063).
  useEffect(() => {
    if (isLoggedIn) void loadAreaTexts();
  }, [isLoggedIn]);
  const notifications = useNotifications(user?.id).data;
  const awaitingReply = awaitingReplyOf(notifications);
  // Staff without a second factor are refused by the API: no counts to ask for.
  const isStaff = user?.abilities['staff.workspace'] === true && user.two_factor_enabled;
  // One entry per staff queue's link, each loading on its own (none for an applicant).
  const perQueue = <T,>(entry: (queue: (typeof QUEUE_ORDER)[number]) => T) =>
    isStaff ? Object.fromEntries(QUEUE_ORDER.map((queue) => [queuePath(queue), entry(queue)])) : {};
  const badges = {
    '/practices': (
      <Suspense>
        <RequestsBadge notifications={notifications} />
      </Suspense>
    ),
    ...perQueue((queue) => (
      <Suspense fallback={null}>
        <StaffQueueBadge queue={queue} />
      </Suspense>
    )),
  };
  // The counts in words, in the links' names: "Assigned to me, 2 requests", heard once. The label
  // alone until its words' chunk comes.
  const spoken: NavNames = {
    '/practices': (label) => (
      <Suspense fallback={label}>
        <RequestsCountWords label={label} notifications={notifications} />
      </Suspense>
    ),
    ...perQueue((queue) => (label: string) => (
      <Suspense fallback={label}>
        <StaffQueueCountWords label={label} queue={queue} />
      </Suspense>
    )),
  };

  const logout = () => {
    drawer.close();
    endUserSession(queryClient, createPath(location));
    void navigate('/auth/login');
  };

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      {...(isLoggedIn && isWide ? { navbar: NAVBAR } : {})}
      padding="md"
    >
      {/* Boundaries React hydrates one by one after the shell, the one the user acts on first (decision 082). */}
      <Suspense>
        <a className="skip-link" href="#main-content">
          {t('app.skipToContent')}
        </a>
        <NavigationStatus />
      </Suspense>
      <Suspense>
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" pos="relative">
              {/* Shown by the stylesheet (below the breakpoint), not by `isWide`: the HTML the build
                renders for a phone and a desktop is one and the same (decision 075). */}
              <Burger
                hiddenFrom={NAVIGATION_BREAKPOINT}
                opened={isDrawerOpen}
                onClick={(event) => {
                  setHasDrawer(true);
                  if (!isDrawerOpen) burgerFocus.remember(event.currentTarget);
                  drawer.toggle();
                }}
                onPointerEnter={() => void loadMenuDrawer()}
                onFocus={() => void loadMenuDrawer()}
                aria-label={t('nav.openMenu')}
                aria-expanded={isDrawerOpen}
                // The id of AwaitingReplyBadge's words (not imported: its module comes once logged in).
                aria-describedby={awaitingReply > 0 ? 'awaiting-reply' : undefined}
              />
              {awaitingReply > 0 && (
                // On the burger's corner, not beside it: at 320 px the badge beside it pushed the
                // language select 10 px past the screen's edge (WCAG 1.4.10). Taps go to the burger.
                <Box
                  hiddenFrom={NAVIGATION_BREAKPOINT}
                  pos="absolute"
                  top={-6}
                  left={24}
                  style={{ pointerEvents: 'none' }}
                >
                  <Suspense fallback={null}>
                    <AwaitingReplyBadge count={awaitingReply} />
                  </Suspense>
                </Box>
              )}
              <Logo />
            </Group>
            <Group gap="md" wrap="nowrap">
              <Suspense>
                {!isLoggedIn && (
                  <Box component="nav" visibleFrom={NAVIGATION_BREAKPOINT} aria-label={t('nav.publicLabel')}>
                    <PublicNavigationBar />
                  </Box>
                )}
              </Suspense>
              <Suspense>
                <LanguageSwitch />
              </Suspense>
            </Group>
          </Group>
        </AppShell.Header>
      </Suspense>

      {user && isWide && (
        <AppShell.Navbar p="sm" aria-label={t('nav.appLabel')}>
          <Suspense fallback={null}>
            <AppNavigation abilities={user.abilities} onLogout={logout} badges={badges} spoken={spoken} />
          </Suspense>
        </AppShell.Navbar>
      )}

      {hasDrawer && (
        <Suspense fallback={null}>
          <MenuDrawer opened={isDrawerOpen && !isWide} onClose={closeDrawer}>
            <nav aria-label={t(user ? 'nav.appLabel' : 'nav.publicLabel')}>
              {user ? (
                <AppNavigation
                  abilities={user.abilities}
                  onNavigate={drawer.close}
                  onLogout={logout}
                  badges={badges}
                  spoken={spoken}
                />
              ) : (
                <PublicNavigation onNavigate={drawer.close} />
              )}
            </nav>
          </MenuDrawer>
        </Suspense>
      )}

      <Suspense>
        <AppShell.Main id="main-content" tabIndex={-1} className="app-main">
          <Container size={1200} px={0}>
            <NoticeBanner isStaff={user?.abilities['staff.workspace'] === true} />
            {user && <LanguageOffer user={user} />}
            {/* The page hydrates after the layout, its own boundaries after it (decision 082). */}
            <Suspense>
              <Outlet />
              <PageScroll />
              <PageFocus />
            </Suspense>
          </Container>
        </AppShell.Main>
      </Suspense>
      <Suspense>
        <Footer />
      </Suspense>
    </AppShell>
  );
}
