import type { Ability } from '@lisbon/domain';
import { lazy, type ReactElement, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { LazyRouteFunction, LoaderFunction, RouteObject } from 'react-router';
import { withTexts } from '@/shared/i18n';
import { PageLoader } from '@/shared/ui/PageLoader';
import { WhenOnScreen } from '@/shared/ui/WhenOnScreen';
import { RouteError } from './RouteError';

type Protect = (ability?: Ability) => LoaderFunction;
type LazyRoute = LazyRouteFunction<RouteObject>;

/**
 * A page (or layout) in its own chunk, rendered by `render` from the module(s) `load` brings
 * (decision 063). The router loads it beside the route's guard and keeps the current page on screen
 * meanwhile; `watchPrefetch` loads it earlier, when a link to the route is pointed at or focused.
 */
function page<Modules>(load: () => Promise<Modules>, render: (modules: Modules) => ReactElement): LazyRoute {
  return async () => ({ element: render(await load()) });
}

/**
 * The home page's service finder sits below its opening on a phone: it comes when its place is on
 * screen, in a chunk of its own (its searchable select is most of it), in a frame of its usual
 * height meanwhile (decisions 063, 075), with its texts (decision 079).
 */
const HomeDiscovery = lazy(() =>
  withTexts('discovery', () => import('@/features/service/components/ServiceDiscovery'))().then(
    ({ ServiceDiscovery }) => ({ default: () => <ServiceDiscovery order={3} /> }),
  ),
);

/**
 * The first load's "Loading…": said once, for the page it brings too (decision 063). In the `main`
 * landmark, as every page's content, where a screen reader found no landmark at all, under a heading
 * heard only ("Loading the page"), where a screen reader's list of headings was empty; the layout
 * and the page's own heading come with the page (its own loading states keep the heading).
 */
function FirstLoadLoader() {
  const { t } = useTranslation();
  return (
    <main id="main-content" tabIndex={-1}>
      <h1 className="visually-hidden">{t('app.loadingTitle')}</h1>
      <PageLoader isRouters />
    </main>
  );
}

/** Every route of spec §2. Logged-in routes carry the guard, with the ability they need, if any. */
export function buildRoutes(protect: Protect): RouteObject[] {
  const loggedIn = (path: string, lazy: LazyRoute, ability?: Ability): RouteObject => ({
    path,
    loader: protect(ability),
    lazy,
  });

  return [
    {
      errorElement: <RouteError />,
      HydrateFallback: FirstLoadLoader,
      children: [
        {
          lazy: page(
            withTexts('auth', () => import('./layouts/FormLayout')),
            ({ FormLayout }) => <FormLayout />,
          ),
          children: [
            {
              path: 'login',
              lazy: page(
                () => import('@/features/auth/pages/LoginPage'),
                ({ LoginPage }) => <LoginPage />,
              ),
            },
            {
              path: 'auth/login',
              lazy: page(
                () => import('@/features/auth/pages/LoginPage'),
                ({ LoginPage }) => <LoginPage />,
              ),
            },
            {
              path: 'auth/register',
              lazy: page(
                withTexts('terms', () => import('@/features/auth/pages/RegisterPage')),
                ({ RegisterPage }) => <RegisterPage key="standard" category="standard" />,
              ),
            },
            {
              path: 'auth/register/refugee',
              lazy: page(
                withTexts('terms', () => import('@/features/auth/pages/RegisterPage')),
                ({ RegisterPage }) => <RegisterPage key="refugee" category="refugee" />,
              ),
            },
            {
              path: 'auth/activate/:token',
              lazy: page(
                () => import('@/features/auth/pages/ActivatePage'),
                ({ ActivatePage }) => <ActivatePage />,
              ),
            },
            // Not in spec §2: where 'Token not found' and the login page send for a new activation mail.
            {
              path: 'auth/activate',
              lazy: page(
                () => import('@/features/auth/pages/ResendActivationPage'),
                ({ ResendActivationPage }) => <ResendActivationPage />,
              ),
            },
            {
              path: 'auth/recover-password',
              lazy: page(
                () => import('@/features/auth/pages/RecoverPasswordPage'),
                ({ RecoverPasswordPage }) => <RecoverPasswordPage />,
              ),
            },
            {
              path: 'auth/reset-password/:token',
              lazy: page(
                () => import('@/features/auth/pages/ResetPasswordPage'),
                ({ ResetPasswordPage }) => <ResetPasswordPage />,
              ),
            },
            {
              path: 'marketing-opt-out/:token',
              id: 'MarketingOptOut',
              lazy: page(
                () => import('@/features/notices/pages/MarketingOptOutPage'),
                ({ MarketingOptOutPage }) => <MarketingOptOutPage />,
              ),
            },
            {
              path: 'maintenance',
              lazy: page(
                () => import('@/features/system/pages/MaintenancePage'),
                ({ MaintenancePage }) => <MaintenancePage />,
              ),
            },
          ],
        },
        {
          lazy: page(
            () => import('./layouts/AppLayout'),
            ({ AppLayout }) => <AppLayout />,
          ),
          children: [
            {
              index: true,
              lazy: page(
                () => import('@/features/home/pages/HomePage'),
                ({ HomePage }) => (
                  <HomePage
                    discovery={
                      <WhenOnScreen className="discovery-frame">
                        <Suspense fallback={<div className="discovery-frame" />}>
                          <HomeDiscovery />
                        </Suspense>
                      </WhenOnScreen>
                    }
                  />
                ),
              ),
            },
            {
              path: 'faq',
              lazy: page(
                () => import('@/features/faq/pages/FaqPage'),
                ({ FaqPage }) => <FaqPage />,
              ),
            },
            {
              path: 'contact',
              lazy: page(
                () => import('@/features/contact/pages/ContactPage'),
                ({ ContactPage }) => <ContactPage />,
              ),
            },
            // The PDF alone, no id: the FAQ sends readers here (issue 14).
            {
              path: 'verify',
              lazy: page(
                () => import('@/features/verify/pages/VerifyPage'),
                ({ VerifyPage }) => <VerifyPage key="by-file" />,
              ),
            },
            // The wallet's check (decision 088): a request for a wallet, and the outcome of one.
            {
              path: 'verify/wallet',
              lazy: page(
                withTexts('wallet', () => import('@/features/wallet/pages/WalletCheckPage')),
                ({ WalletCheckPage }) => <WalletCheckPage key="new" />,
              ),
            },
            {
              path: 'verify/wallet/:id',
              lazy: page(
                withTexts('wallet', () => import('@/features/wallet/pages/WalletCheckPage')),
                ({ WalletCheckPage }) => <WalletCheckPage />,
              ),
            },
            {
              path: 'verify/:id',
              lazy: page(
                () => import('@/features/verify/pages/VerifyPage'),
                ({ VerifyPage }) => <VerifyPage />,
              ),
            },
            {
              path: 'verify/shared/:token',
              lazy: page(
                withTexts('ledger', () => import('@/features/verify/pages/SharedStatementPage')),
                ({ SharedStatementPage }) => <SharedStatementPage />,
              ),
            },
            // A ledger entry in words, from a valid statement's transaction hash (issue 14).
            {
              path: 'ledger/:txHash',
              lazy: page(
                withTexts('ledger', () => import('@/features/verify/pages/LedgerEntryPage')),
                ({ LedgerEntryPage }) => <LedgerEntryPage />,
              ),
            },
            {
              path: 'account',
              loader: protect(),
              lazy: page(
                () => import('@/features/account/pages/AccountPage'),
                ({ AccountPage }) => <AccountPage />,
              ),
            },
            loggedIn(
              'account/invoices/:id',
              page(
                () => import('@/features/account/pages/InvoicePage'),
                ({ InvoicePage }) => <InvoicePage />,
              ),
            ),
            loggedIn(
              'service',
              page(
                () => import('@/features/service/pages/ServicePage'),
                ({ ServicePage }) => <ServicePage />,
              ),
              'practice.apply',
            ),
            loggedIn(
              'service/new',
              page(
                () => import('@/features/service/pages/NewRequestPage'),
                ({ NewRequestPage }) => <NewRequestPage />,
              ),
              'practice.apply',
            ),
            loggedIn(
              'service/new/thank-you',
              page(
                () => import('./ThankYouRoute'),
                ({ ThankYouRoute }) => <ThankYouRoute />,
              ),
              'practice.apply',
            ),
            loggedIn(
              'service/new/:step',
              page(
                () =>
                  Promise.all([
                    import('@/features/service/pages/WizardPage'),
                    import('@/features/payments/components/CheckoutPanel'),
                  ]),
                ([{ WizardPage }, { CheckoutPanel }]) => <WizardPage checkout={CheckoutPanel} />,
              ),
              'practice.apply',
            ),
            loggedIn(
              'practices',
              page(
                () => import('@/features/practices/pages/PracticesPage'),
                ({ PracticesPage }) => <PracticesPage />,
              ),
              'practice.apply',
            ),
            loggedIn(
              'practices/:id',
              page(
                () =>
                  Promise.all([
                    import('@/features/practices/pages/PracticePage'),
                    withTexts('wallet', () => import('@/features/wallet/components/AddToWallet'))(),
                  ]),
                ([{ PracticePage }, { AddToWallet }]) => (
                  <PracticePage statementActions={(id) => <AddToWallet practiceId={id} />} />
                ),
              ),
              'practice.apply',
            ),
            loggedIn(
              'practices/:id/appeal',
              page(
                () => import('@/features/practices/pages/AppealPage'),
                ({ AppealPage }) => <AppealPage />,
              ),
              'practice.apply',
            ),
            loggedIn(
              'documents',
              page(
                () => import('@/features/documents/pages/DocumentsPage'),
                ({ DocumentsPage }) => <DocumentsPage />,
              ),
              'practice.apply',
            ),
            loggedIn(
              'study',
              page(
                () => import('@/features/study/pages/StudyPage'),
                ({ StudyPage }) => <StudyPage />,
              ),
              'practice.apply',
            ),
            // Public, unlike the rest of this list in spec §2: a refugee reads it before registering.
            {
              path: 'terms',
              lazy: page(
                withTexts('terms', () => import('@/features/auth/pages/TermsPage')),
                ({ TermsPage }) => <TermsPage />,
              ),
            },
            loggedIn(
              'consent',
              page(
                () => import('@/features/consent/pages/ConsentPage'),
                ({ ConsentPage }) => <ConsentPage />,
              ),
              // The applicant's consent: staff give none (issue 33), as the menu shows.
              'practice.apply',
            ),
            loggedIn(
              'delivery',
              page(
                () =>
                  Promise.all([
                    import('@/features/delivery/pages/DeliveryPage'),
                    import('@/features/payments/components/BillingPayPanel'),
                  ]),
                ([{ DeliveryPage }, { BillingPayPanel }]) => <DeliveryPage payPanel={BillingPayPanel} />,
              ),
              'delivery.order',
            ),
            // The staff workspace (issue 6): every page needs staff.workspace; the frame sends staff
            // without a second factor to their account to turn it on.
            {
              path: 'staff',
              loader: protect('staff.workspace'),
              lazy: page(
                () => import('@/features/staff/components/StaffArea'),
                ({ StaffArea }) => <StaffArea />,
              ),
              children: [
                {
                  index: true,
                  lazy: page(
                    () => import('@/features/staff/components/StaffHome'),
                    ({ StaffHome }) => <StaffHome />,
                  ),
                },
                {
                  path: 'queues/:queue',
                  lazy: page(
                    () => import('@/features/staff/pages/QueuePage'),
                    ({ QueuePage }) => <QueuePage />,
                  ),
                },
                {
                  path: 'practices/:id',
                  lazy: page(
                    () => import('@/features/staff/pages/StaffPracticePage'),
                    ({ StaffPracticePage }) => <StaffPracticePage />,
                  ),
                },
                {
                  path: 'dashboard',
                  loader: protect('staff.dashboard'),
                  lazy: page(
                    () => import('@/features/staff/pages/DashboardPage'),
                    ({ DashboardPage }) => <DashboardPage />,
                  ),
                },
                {
                  path: 'notices',
                  lazy: page(
                    () => import('@/features/notices/pages/StaffNoticesPage'),
                    ({ StaffNoticesPage }) => <StaffNoticesPage />,
                  ),
                },
              ],
            },
            {
              path: '*',
              lazy: page(
                () => import('@/features/system/pages/NotFoundPage'),
                ({ NotFoundPage }) => <NotFoundPage />,
              ),
            },
          ],
        },
      ],
    },
  ];
}
