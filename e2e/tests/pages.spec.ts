import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { VIEWPORTS } from '../support/env';
import { expect, test } from '../support/fixtures';
import { saveScreenshot } from '../support/screenshots';
import { fontsReady } from '../support/ui';
import { signIn, SIGN_UP_BUTTON } from '../support/users';

/**
 * Every page at a phone and a desktop width: a full-page screenshot for people to look at
 * (e2e/test-results/screenshots/), then axe, failing on serious or critical violations.
 */
type PageCase = {
  name: string;
  path: string;
  as: 'visitor' | 'member' | 'admin';
  /** Visible once the page has settled (data loaded, spinners gone). */
  ready: (page: Page) => Locator;
};

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();

const CASES: readonly PageCase[] = [
  {
    name: 'signin',
    path: '/auth/signin',
    as: 'visitor',
    ready: (p) => p.getByRole('button', { name: 'Sign in', exact: true }),
  },
  {
    name: 'signup',
    path: '/auth/signup',
    as: 'visitor',
    ready: (p) => p.getByRole('button', { name: SIGN_UP_BUTTON }),
  },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    as: 'visitor',
    ready: (p) => p.getByRole('button', { name: 'Send Reset Link' }),
  },
  {
    name: 'reset-password',
    path: '/reset-password/x',
    as: 'visitor',
    ready: (p) => p.getByRole('button', { name: 'Reset Password' }),
  },
  // A bogus token: wait for the page's verdict rather than its spinner.
  {
    name: 'verify-email',
    path: '/auth/verify-email/x',
    as: 'visitor',
    ready: (p) => p.getByText(/invalid|expired/i).first(),
  },
  { name: 'terms', path: '/terms', as: 'visitor', ready: (p) => p.getByRole('heading', { level: 1 }).first() },
  { name: 'guide', path: '/guide', as: 'visitor', ready: heading('Coin Guide') },
  { name: 'contact', path: '/contact', as: 'visitor', ready: heading('Contact Us') },
  { name: 'home', path: '/', as: 'visitor', ready: heading('All Teas') },
  { name: 'not-found', path: '/no-such-teapot', as: 'visitor', ready: heading('Oops! Page not found') },
  { name: 'account', path: '/account', as: 'member', ready: heading('My Account') },
  {
    name: 'my-teas',
    path: '/my-teas',
    as: 'member',
    ready: (p) => p.getByText("You haven't created any teas yet").first(),
  },
  { name: 'access-denied', path: '/admin/', as: 'member', ready: heading('Access Denied') },
  { name: 'admin-feed', path: '/admin/', as: 'admin', ready: heading('Tea Moderation Feed') },
];

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    /** Opens the page, waits for it to settle, photographs it, then runs axe. */
    const check = async (page: Page, c: PageCase): Promise<void> => {
      await page.goto(c.path);
      await expect(c.ready(page)).toBeVisible();
      await fontsReady(page);
      await saveScreenshot(page, c.name);
      await expectNoSeriousA11yViolations(page, `${c.name}-${viewport.width}`);
    };
    const title = (c: PageCase): string => `${c.name} (${c.path})${c.as === 'visitor' ? '' : ` as ${c.as}`}`;

    for (const c of CASES.filter((x) => x.as === 'visitor')) {
      test(title(c), async ({ page }) => {
        await check(page, c);
      });
    }
    for (const c of CASES.filter((x) => x.as === 'member')) {
      test(title(c), async ({ page, member }) => {
        await signIn(page, member, '/my-teas');
        await check(page, c);
      });
    }
    for (const c of CASES.filter((x) => x.as === 'admin')) {
      test(title(c), async ({ page, admin }) => {
        await signIn(page, admin, '/admin/');
        await check(page, c);
      });
    }
  });
}
