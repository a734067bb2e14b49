import type { Ability } from '@lisbon/domain';
import type { LoaderFunction, RouteObject } from 'react-router';
import { AuthPage } from '@/features/auth/pages/AuthPage';
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
            { path: 'login', element: <AuthPage page="login" /> },
            { path: 'auth/login', element: <AuthPage page="login" /> },
            { path: 'auth/register', element: <AuthPage page="register" /> },
            { path: 'auth/register/refugee', element: <AuthPage page="registerRefugee" /> },
            { path: 'auth/activate/:token', element: <AuthPage page="activate" /> },
            { path: 'auth/recover-password', element: <AuthPage page="recoverPassword" /> },
            { path: 'auth/reset-password/:token', element: <AuthPage page="resetPassword" /> },
            {
              path: 'marketing-opt-out/:token',
              id: 'MarketingOptOut',
              element: <AuthPage page="marketingOptOut" />,
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
            loggedIn('account', 'account'),
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
            loggedIn('terms', 'terms'),
            loggedIn('consent', 'consent'),
            loggedIn('delivery', 'delivery', 'delivery.order'),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
