import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ErrorPage } from './pages/error-page';
import { UserShell } from './layouts/user-shell';
import { RequireAuth } from './guards/require-auth';
import { HomePage } from '@/features/posts/pages/home-page';

/** A lazily loaded page: each route is its own chunk. */
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  () =>
    load().then((m) => ({ Component: pick(m) }));

const notFound = page(
  () => import('./pages/not-found-page'),
  (m) => m.NotFoundPage,
);
const categories = page(
  () => import('@/features/taxonomy/pages/taxonomy-page'),
  (m) => m.CategoriesPage,
);
const states = page(
  () => import('@/features/taxonomy/pages/taxonomy-page'),
  (m) => m.StatesPage,
);

/** The route table of product.md §2, in one place. */
export const router = createBrowserRouter([
  {
    errorElement: <ErrorPage />,
    children: [
      {
        // The sign-in pages and the admin area are lazy too: a visitor's `/` needs neither shell.
        lazy: page(
          () => import('./layouts/auth-layout'),
          (m) => m.AuthLayout,
        ),
        children: [
          {
            path: '/auth/signin',
            lazy: page(
              () => import('@/features/auth/pages/sign-in-page'),
              (m) => m.SignInPage,
            ),
          },
          {
            path: '/auth/signup',
            lazy: page(
              () => import('@/features/auth/pages/sign-up-page'),
              (m) => m.SignUpPage,
            ),
          },
          {
            path: '/forgot-password',
            lazy: page(
              () => import('@/features/auth/pages/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          { path: '/auth/forgot-password', element: <Navigate to="/forgot-password" replace /> },
          {
            path: '/reset-password/:token',
            lazy: page(
              () => import('@/features/auth/pages/reset-password-page'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: '/auth/sign-in-link/:token',
            lazy: page(
              () => import('@/features/auth/pages/sign-in-link-page'),
              (m) => m.SignInLinkPage,
            ),
          },
          {
            path: '/auth/verify-email/:token',
            lazy: page(
              () => import('@/features/auth/pages/verify-email-page'),
              (m) => m.VerifyEmailPage,
            ),
          },
        ],
      },
      {
        path: '/admin',
        lazy: page(
          () => import('./layouts/admin-shell'),
          (m) => m.AdminShell,
        ),
        children: [
          {
            index: true,
            lazy: page(
              () => import('@/features/admin/pages/admin-home-page'),
              (m) => m.AdminHomePage,
            ),
          },
          {
            path: 'moderation',
            lazy: page(
              () => import('@/features/moderation/pages/moderation-page'),
              (m) => m.ModerationPage,
            ),
          },
          {
            path: 'privacy',
            lazy: page(
              () => import('@/features/moderation/pages/privacy-desk-page'),
              (m) => m.PrivacyDeskPage,
            ),
          },
          {
            path: 'posts/:id',
            lazy: page(
              () => import('@/features/moderation/pages/admin-post-page'),
              (m) => m.AdminPostPage,
            ),
          },
          {
            path: 'reports',
            lazy: page(
              () => import('@/features/reports/pages/admin-reports-page'),
              (m) => m.AdminReportsPage,
            ),
          },
          {
            path: 'appeals',
            lazy: page(
              () => import('@/features/appeals/pages/admin-appeals-page'),
              (m) => m.AdminAppealsPage,
            ),
          },
          {
            path: 'users',
            lazy: page(
              () => import('@/features/admin-users/pages/admin-users-page'),
              (m) => m.AdminUsersPage,
            ),
          },
          {
            path: 'companies',
            lazy: page(
              () => import('@/features/admin-companies/pages/admin-companies-page'),
              (m) => m.AdminCompaniesPage,
            ),
          },
          { path: 'categories', lazy: categories },
          { path: 'states', lazy: states },
          { path: '*', lazy: notFound },
        ],
      },
      {
        element: <UserShell />,
        children: [
          // Not lazy: `/` is the usual first page, and its chunk would be one more round trip
          // before the cards (the other routes share most of its code anyway).
          { index: true, Component: HomePage },
          {
            path: '/terms',
            lazy: page(
              () => import('@/features/legal/pages/terms-page'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: '/guide',
            lazy: page(
              () => import('@/features/guide/pages/guide-page'),
              (m) => m.GuidePage,
            ),
          },
          {
            path: '/contact',
            lazy: page(
              () => import('@/features/contact/pages/contact-page'),
              (m) => m.ContactPage,
            ),
          },
          {
            // Open to visitors too: anyone can ask for a takedown or look a request up.
            path: '/moderation',
            lazy: page(
              () => import('@/features/safety/pages/moderation-safety-page'),
              (m) => m.ModerationSafetyPage,
            ),
          },
          { path: '/categories', lazy: categories },
          { path: '/states', lazy: states },
          // product.md §2 names both /purchase and /buy-coins: /purchase redirects (design decisions).
          { path: '/purchase', element: <Navigate to="/buy-coins" replace /> },
          {
            // Nothing personal on it, and the provider may send a signed-out browser here.
            path: '/payment/cancelled',
            lazy: page(
              () => import('@/features/payments/pages/payment-cancelled-page'),
              (m) => m.PaymentCancelledPage,
            ),
          },
          // product.md §2: a post page without an id goes home.
          { path: '/posts', element: <Navigate to="/" replace /> },
          { path: '/posts/reversal', element: <Navigate to="/" replace /> },
          {
            path: '/posts/:id',
            lazy: page(
              () => import('@/features/posts/pages/post-page'),
              (m) => m.PostPage,
            ),
          },
          {
            path: '/posts/reversal/:id',
            lazy: page(
              () => import('@/features/posts/pages/reversal-page'),
              (m) => m.ReversalPage,
            ),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/account',
                lazy: page(
                  () => import('@/features/account/pages/account-page'),
                  (m) => m.AccountPage,
                ),
              },
              {
                path: '/my-teas',
                lazy: page(
                  () => import('@/features/posts/pages/my-teas-page'),
                  (m) => m.MyTeasPage,
                ),
              },
              {
                path: '/submit',
                lazy: page(
                  () => import('@/features/posts/pages/submit-page'),
                  (m) => m.SubmitPage,
                ),
              },
              {
                path: '/buy-coins',
                lazy: page(
                  () => import('@/features/payments/pages/buy-coins-page'),
                  (m) => m.BuyCoinsPage,
                ),
              },
              {
                path: '/transactions',
                lazy: page(
                  () => import('@/features/payments/pages/transactions-page'),
                  (m) => m.TransactionsPage,
                ),
              },
              {
                path: '/payment/success',
                lazy: page(
                  () => import('@/features/payments/pages/payment-success-page'),
                  (m) => m.PaymentSuccessPage,
                ),
              },
              {
                // Where a declined payment lands (the dev checkout's Decline, a Stripe payment that failed).
                path: '/payment/failed',
                lazy: page(
                  () => import('@/features/payments/pages/payment-failed-page'),
                  (m) => m.PaymentFailedPage,
                ),
              },
              {
                // The dev provider's own checkout page (issue 6); Stripe hosts its own.
                path: '/checkout/dev/:sessionId',
                lazy: page(
                  () => import('@/features/payments/pages/dev-checkout-page'),
                  (m) => m.DevCheckoutPage,
                ),
              },
              {
                // The dev provider's subscription checkout (monthly coin plans); Stripe hosts its own.
                path: '/subscription/dev/:sessionId',
                lazy: page(
                  () => import('@/features/subscriptions/pages/dev-subscription-checkout-page'),
                  (m) => m.DevSubscriptionCheckoutPage,
                ),
              },
            ],
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
]);
