import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from './components/errors/route-error-page';
import { PageLoading } from './components/layout/page-loading';
import { PublicLayout } from './components/layout/public-layout';
import { BLOG_ARTICLE_ROUTES } from './features/blog/blog-routes';
import { localizedPath } from './lib/seo/localized-path';
import { PRERENDERED_PATHS } from './lib/seo/public-pages';
import { ProtectedLayout } from './protected-layout';
import { RootLayout } from './root-layout';

/**
 * A route whose page module is loaded on first visit, so `/` ships only the chrome and the landing page.
 * `name` is the module's named export, checked against the module's type.
 */
function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/** Pages anyone may open (spec-1 §2 and spec-2 §2.1), signed in or not. */
const PUBLIC_PAGES: RouteObject[] = [
  { path: '/', lazy: lazyPage(() => import('./features/marketing/home-page'), 'HomePage') },
  { path: '/login', lazy: lazyPage(() => import('./features/auth/login-page'), 'LoginPage') },
  {
    path: '/logedout',
    lazy: lazyPage(() => import('./features/auth/logged-out-page'), 'LoggedOutPage'),
  },
  {
    path: '/register',
    lazy: lazyPage(() => import('./features/auth/register-page'), 'RegisterPage'),
  },
  {
    path: '/register/success',
    lazy: lazyPage(() => import('./features/auth/register-success-page'), 'RegisterSuccessPage'),
  },
  {
    path: '/register/cancel',
    lazy: lazyPage(() => import('./features/checkout/register-cancel-page'), 'RegisterCancelPage'),
  },
  {
    path: '/register/:userType',
    lazy: lazyPage(() => import('./features/auth/register-user-type-page'), 'RegisterUserTypePage'),
  },
  {
    path: '/start-free',
    lazy: lazyPage(() => import('./features/auth/start-free-page'), 'StartFreePage'),
  },
  {
    path: '/forgot-password',
    lazy: lazyPage(() => import('./features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  },
  {
    path: '/reset-password',
    lazy: lazyPage(() => import('./features/auth/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    path: '/verify-email',
    lazy: lazyPage(() => import('./features/auth/verify-email-page'), 'VerifyEmailPage'),
  },
  {
    path: '/confirm-email',
    lazy: lazyPage(() => import('./features/auth/confirm-email-page'), 'ConfirmEmailPage'),
  },
  {
    path: '/select-plan',
    lazy: lazyPage(() => import('./features/checkout/select-plan-page'), 'SelectPlanPage'),
  },
  { path: '/pricing', lazy: lazyPage(() => import('./features/checkout/pricing-page'), 'PricingPage') },
  {
    path: '/credits',
    lazy: lazyPage(() => import('./features/checkout/credits-page'), 'CreditsPage'),
  },
  { path: '/exito', lazy: lazyPage(() => import('./features/checkout/success-page'), 'SuccessPage') },
  {
    path: '/payment-cancelled',
    lazy: lazyPage(() => import('./features/checkout/payment-cancelled-page'), 'PaymentCancelledPage'),
  },
  {
    path: '/features',
    lazy: lazyPage(() => import('./features/marketing/features-page'), 'FeaturesPage'),
  },
  {
    path: '/integrations',
    lazy: lazyPage(() => import('./features/marketing/integrations-page'), 'IntegrationsPage'),
  },
  {
    path: '/privacy',
    lazy: lazyPage(() => import('./features/marketing/privacy-page'), 'PrivacyPage'),
  },
  { path: '/terms', lazy: lazyPage(() => import('./features/marketing/terms-page'), 'TermsPage') },
  // A team invitation (issue 40): signed out, it keeps the token and sends the colleague to sign in or up.
  { path: '/join-team', lazy: lazyPage(() => import('./features/firms/join-team-page'), 'JoinTeamPage') },
  // A client asked for missing invoices (issue 39): no account, the emailed token is the key.
  {
    path: '/missing-documents',
    lazy: lazyPage(() => import('./features/bank/missing-documents-page'), 'MissingDocumentsPage'),
  },
  {
    path: '/acceptinvitation',
    lazy: lazyPage(() => import('./features/clients/accept-invitation-page'), 'AcceptInvitationPage'),
  },
  {
    path: '/invitation-accepted',
    lazy: lazyPage(() => import('./features/clients/invitation-accepted-page'), 'InvitationAcceptedPage'),
  },
  {
    path: '/invitation-error',
    lazy: lazyPage(() => import('./features/clients/invitation-error-page'), 'InvitationErrorPage'),
  },
  { path: '/blog', lazy: lazyPage(() => import('./features/blog/blog-page'), 'BlogPage') },
  // Help is for visitors too: the footer's "Help centre" links here (issue 16).
  { path: '/help', lazy: lazyPage(() => import('./features/contact/help-page'), 'HelpPage') },
  {
    path: '/contact',
    lazy: lazyPage(() => import('./features/contact/contact-page'), 'ContactPage'),
  },
  ...BLOG_ARTICLE_ROUTES,
  { path: '/error', lazy: lazyPage(() => import('./features/errors/error-page'), 'ErrorPage') },
];

/** The prerendered public pages again under `/es`: the same page, written in Spanish. */
const SPANISH_PAGES: RouteObject[] = PUBLIC_PAGES.filter((route) =>
  PRERENDERED_PATHS.includes(route.path!),
).map((route) => ({ ...route, path: localizedPath(route.path!, 'es') }));

/** Every route of spec-1 §2 and spec-2 §2.1. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoading,
    children: [
      {
        id: 'public',
        Component: PublicLayout,
        errorElement: <RouteErrorPage />,
        HydrateFallback: PageLoading,
        children: [
          ...PUBLIC_PAGES,
          ...SPANISH_PAGES,
          { path: '*', lazy: lazyPage(() => import('./features/errors/not-found-page'), 'NotFoundPage') },
        ],
      },
      {
        id: 'protected',
        Component: ProtectedLayout,
        errorElement: <RouteErrorPage />,
        HydrateFallback: PageLoading,
        children: [
          {
            path: '/dashboard',
            lazy: lazyPage(() => import('./features/clients/dashboard-page'), 'DashboardPage'),
          },
          {
            path: '/clients',
            lazy: lazyPage(() => import('./features/clients/clients-page'), 'ClientsPage'),
          },
          {
            path: '/customer/:customerId',
            lazy: lazyPage(() => import('./features/clients/customer-page'), 'CustomerPage'),
          },
          {
            path: '/customer/:customerId/fiscal',
            lazy: lazyPage(() => import('./features/reports/fiscal-page'), 'FiscalPage'),
          },
          {
            path: '/documents',
            lazy: lazyPage(() => import('./features/review/documents-page'), 'DocumentsPage'),
          },
          {
            path: '/review',
            lazy: lazyPage(() => import('./features/review/desk-page'), 'ReviewDeskPage'),
          },
          {
            path: '/invoicePage/:invoiceId',
            lazy: lazyPage(() => import('./features/invoices/invoice-page'), 'InvoicePage'),
          },
          {
            path: '/invoicereview',
            lazy: lazyPage(() => import('./features/invoices/invoice-review-page'), 'InvoiceReviewPage'),
          },
          { path: '/user', lazy: lazyPage(() => import('./features/me/settings-page'), 'SettingsPage') },
          // "Share → Cuadra" from the phone (issue 21): the service worker redirects here.
          { path: '/share', lazy: lazyPage(() => import('./features/inbound/share-page'), 'SharePage') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
