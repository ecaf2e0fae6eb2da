import { createBrowserRouter, Navigate } from 'react-router';
import { ErrorPage } from './pages/error-page';
import { UserShell } from './layouts/user-shell';
import { AuthLayout } from './layouts/auth-layout';
import { AdminShell } from './layouts/admin-shell';
import { RequireAuth } from './guards/require-auth';

/** The route table of spec §2, in one place. Pages load lazily so each route is its own chunk. */
export const router = createBrowserRouter([
  {
    errorElement: <ErrorPage />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          {
            path: '/auth/signin',
            lazy: () => import('@/features/auth/pages/sign-in-page').then((m) => ({ Component: m.SignInPage })),
          },
          {
            path: '/auth/signup',
            lazy: () => import('@/features/auth/pages/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
          },
          {
            path: '/forgot-password',
            lazy: () =>
              import('@/features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          { path: '/auth/forgot-password', element: <Navigate to="/forgot-password" replace /> },
          {
            path: '/reset-password/:token',
            lazy: () =>
              import('@/features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
          },
          {
            path: '/auth/verify-email/:token',
            lazy: () =>
              import('@/features/auth/pages/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
          },
        ],
      },
      {
        path: '/admin',
        element: <AdminShell />,
        children: [
          {
            index: true,
            lazy: () => import('@/features/admin/pages/admin-home-page').then((m) => ({ Component: m.AdminHomePage })),
          },
          { path: '*', lazy: () => import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
      {
        element: <UserShell />,
        children: [
          {
            index: true,
            lazy: () => import('@/features/posts/pages/home-page').then((m) => ({ Component: m.HomePage })),
          },
          {
            path: '/terms',
            lazy: () => import('@/features/legal/pages/terms-page').then((m) => ({ Component: m.TermsPage })),
          },
          {
            path: '/guide',
            lazy: () => import('@/features/guide/pages/guide-page').then((m) => ({ Component: m.GuidePage })),
          },
          {
            path: '/contact',
            lazy: () => import('@/features/contact/pages/contact-page').then((m) => ({ Component: m.ContactPage })),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/account',
                lazy: () => import('@/features/account/pages/account-page').then((m) => ({ Component: m.AccountPage })),
              },
              {
                path: '/my-teas',
                lazy: () => import('@/features/posts/pages/my-teas-page').then((m) => ({ Component: m.MyTeasPage })),
              },
            ],
          },
          { path: '*', lazy: () => import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
]);
