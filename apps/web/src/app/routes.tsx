import type { Ability } from '@lisbon/domain';
import type { LoaderFunction, RouteObject } from 'react-router';
import { AccountPage } from '@/features/account/pages/AccountPage';
import { ActivatePage } from '@/features/auth/pages/ActivatePage';
import { LoginPage } from '@/features/auth/pages/LoginPage';
import { RecoverPasswordPage } from '@/features/auth/pages/RecoverPasswordPage';
import { RegisterPage } from '@/features/auth/pages/RegisterPage';
import { ResendActivationPage } from '@/features/auth/pages/ResendActivationPage';
import { ResetPasswordPage } from '@/features/auth/pages/ResetPasswordPage';
import { TermsPage } from '@/features/auth/pages/TermsPage';
import { FaqPage } from '@/features/faq/pages/FaqPage';
import { HomePage } from '@/features/home/pages/HomePage';
import { MaintenancePage } from '@/features/system/pages/MaintenancePage';
import { NotFoundPage } from '@/features/system/pages/NotFoundPage';
import { PageLoader } from '@/shared/ui/PageLoader';
import { AppLayout } from './layouts/AppLayout';
import { FormLayout } from './layouts/FormLayout';
import { PlannedPage, type PlannedPageName } from './PlannedPage';
import { RouteError } from './RouteError';

type Protect = (ability?: Ability) => LoaderFunction;

/** Every route of spec §2. Logged-in routes carry the guard, with the ability they need, if any. */
export function buildRoutes(protect: Protect): RouteObject[] {
  const loggedIn = (path: string, page: PlannedPageName, ability?: Ability): RouteObject => ({
    path,
    loader: protect(ability),
    element: <PlannedPage page={page} />,
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
              element: <PlannedPage page="marketingOptOut" />,
            },
            { path: 'maintenance', element: <MaintenancePage /> },
          ],
        },
        {
          element: <AppLayout />,
          children: [
            { index: true, element: <HomePage /> },
            { path: 'faq', element: <FaqPage /> },
            { path: 'verify/:id', element: <PlannedPage page="verify" /> },
            { path: 'account', loader: protect(), element: <AccountPage /> },
            loggedIn('account/invoices/:id', 'invoice'),
            loggedIn('service', 'service', 'practice.apply'),
            loggedIn('service/new', 'newRequest', 'practice.apply'),
            loggedIn('service/new/thank-you', 'thankYou', 'practice.apply'),
            loggedIn('service/new/:step', 'newRequest', 'practice.apply'),
            loggedIn('practices', 'practices', 'practice.apply'),
            loggedIn('practices/:id', 'practice', 'practice.apply'),
            loggedIn('practices/:id/appeal', 'appeal', 'practice.apply'),
            loggedIn('documents', 'documents', 'practice.apply'),
            loggedIn('study', 'study', 'practice.apply'),
            // Public, unlike the rest of this list in spec §2: a refugee reads it before registering.
            { path: 'terms', element: <TermsPage /> },
            loggedIn('consent', 'consent'),
            loggedIn('delivery', 'delivery', 'delivery.order'),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
