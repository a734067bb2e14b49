import type { Ability } from '@lisbon/domain';
import type { ReactElement } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { AccountPage } from '@/features/account/pages/AccountPage';
import { InvoicePage } from '@/features/account/pages/InvoicePage';
import { ActivatePage } from '@/features/auth/pages/ActivatePage';
import { LoginPage } from '@/features/auth/pages/LoginPage';
import { RecoverPasswordPage } from '@/features/auth/pages/RecoverPasswordPage';
import { RegisterPage } from '@/features/auth/pages/RegisterPage';
import { ResendActivationPage } from '@/features/auth/pages/ResendActivationPage';
import { ResetPasswordPage } from '@/features/auth/pages/ResetPasswordPage';
import { TermsPage } from '@/features/auth/pages/TermsPage';
import { ConsentPage } from '@/features/consent/pages/ConsentPage';
import { DeliveryPage } from '@/features/delivery/pages/DeliveryPage';
import { DocumentsPage } from '@/features/documents/pages/DocumentsPage';
import { ContactPage } from '@/features/contact/pages/ContactPage';
import { FaqPage } from '@/features/faq/pages/FaqPage';
import { HomePage } from '@/features/home/pages/HomePage';
import { BillingPayPanel } from '@/features/payments/components/BillingPayPanel';
import { MarketingOptOutPage } from '@/features/notices/pages/MarketingOptOutPage';
import { StaffNoticesPage } from '@/features/notices/pages/StaffNoticesPage';
import { CheckoutPanel } from '@/features/payments/components/CheckoutPanel';
import { AppealPage } from '@/features/practices/pages/AppealPage';
import { PracticePage } from '@/features/practices/pages/PracticePage';
import { PracticesPage } from '@/features/practices/pages/PracticesPage';
import { ServiceDiscovery } from '@/features/service/components/ServiceDiscovery';
import { NewRequestPage } from '@/features/service/pages/NewRequestPage';
import { ServicePage } from '@/features/service/pages/ServicePage';
import { WizardPage } from '@/features/service/pages/WizardPage';
import { StaffArea } from '@/features/staff/components/StaffArea';
import { StaffHome } from '@/features/staff/components/StaffHome';
import { QueuePage } from '@/features/staff/pages/QueuePage';
import { StaffPracticePage } from '@/features/staff/pages/StaffPracticePage';
import { StudyPage } from '@/features/study/pages/StudyPage';
import { SharedStatementPage } from '@/features/verify/pages/SharedStatementPage';
import { VerifyPage } from '@/features/verify/pages/VerifyPage';
import { LedgerEntryPage } from '@/features/verify/pages/LedgerEntryPage';
import { MaintenancePage } from '@/features/system/pages/MaintenancePage';
import { NotFoundPage } from '@/features/system/pages/NotFoundPage';
import { PageLoader } from '@/shared/ui/PageLoader';
import { AppLayout } from './layouts/AppLayout';
import { FormLayout } from './layouts/FormLayout';
import { PlannedPage, type PlannedPageName } from './PlannedPage';
import { RouteError } from './RouteError';
import { ThankYouRoute } from './ThankYouRoute';

type Protect = (ability?: Ability) => LoaderFunction;

/** Every route of spec §2. Logged-in routes carry the guard, with the ability they need, if any. */
export function buildRoutes(protect: Protect): RouteObject[] {
  const loggedIn = (path: string, page: PlannedPageName | ReactElement, ability?: Ability): RouteObject => ({
    path,
    loader: protect(ability),
    element: typeof page === 'string' ? <PlannedPage page={page} /> : page,
  });

  return [
    {
      errorElement: <RouteError />,
      HydrateFallback: PageLoader,
      children: [
        {
          element: <FormLayout />,
          children: [
            { path: 'login', element: <LoginPage /> },
            { path: 'auth/login', element: <LoginPage /> },
            { path: 'auth/register', element: <RegisterPage key="standard" category="standard" /> },
            { path: 'auth/register/refugee', element: <RegisterPage key="refugee" category="refugee" /> },
            { path: 'auth/activate/:token', element: <ActivatePage /> },
            // Not in spec §2: where 'Token not found' and the login page send for a new activation mail.
            { path: 'auth/activate', element: <ResendActivationPage /> },
            { path: 'auth/recover-password', element: <RecoverPasswordPage /> },
            { path: 'auth/reset-password/:token', element: <ResetPasswordPage /> },
            {
              path: 'marketing-opt-out/:token',
              id: 'MarketingOptOut',
              element: <MarketingOptOutPage />,
            },
            { path: 'maintenance', element: <MaintenancePage /> },
          ],
        },
        {
          element: <AppLayout />,
          children: [
            { index: true, element: <HomePage discovery={<ServiceDiscovery order={3} />} /> },
            { path: 'faq', element: <FaqPage /> },
            { path: 'contact', element: <ContactPage /> },
            // The PDF alone, no id: the FAQ sends readers here (issue 14).
            { path: 'verify', element: <VerifyPage key="by-file" /> },
            { path: 'verify/:id', element: <VerifyPage /> },
            { path: 'verify/shared/:token', element: <SharedStatementPage /> },
            // A ledger entry in words, from a valid statement's transaction hash (issue 14).
            { path: 'ledger/:txHash', element: <LedgerEntryPage /> },
            { path: 'account', loader: protect(), element: <AccountPage /> },
            loggedIn('account/invoices/:id', <InvoicePage />),
            loggedIn('service', <ServicePage />, 'practice.apply'),
            loggedIn('service/new', <NewRequestPage />, 'practice.apply'),
            loggedIn('service/new/thank-you', <ThankYouRoute />, 'practice.apply'),
            loggedIn('service/new/:step', <WizardPage checkout={CheckoutPanel} />, 'practice.apply'),
            loggedIn('practices', <PracticesPage />, 'practice.apply'),
            loggedIn('practices/:id', <PracticePage />, 'practice.apply'),
            loggedIn('practices/:id/appeal', <AppealPage />, 'practice.apply'),
            loggedIn('documents', <DocumentsPage />, 'practice.apply'),
            loggedIn('study', <StudyPage />, 'practice.apply'),
            // Public, unlike the rest of this list in spec §2: a refugee reads it before registering.
            { path: 'terms', element: <TermsPage /> },
            loggedIn('consent', <ConsentPage />),
            loggedIn('delivery', <DeliveryPage payPanel={BillingPayPanel} />, 'delivery.order'),
            // The staff workspace (issue 6): every page needs staff.workspace; the frame sends staff
            // without a second factor to their account to turn it on.
            {
              path: 'staff',
              loader: protect('staff.workspace'),
              element: <StaffArea />,
              children: [
                { index: true, element: <StaffHome /> },
                { path: 'queues/:queue', element: <QueuePage /> },
                { path: 'practices/:id', element: <StaffPracticePage /> },
                { path: 'notices', element: <StaffNoticesPage /> },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
