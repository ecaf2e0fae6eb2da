import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { baseURL } from './env';
import { waitForLink } from './mailbox';

export type TestUser = { username: string; email: string; password: string };

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** A user nobody has used yet: username `u_<12 hex>` (14 chars), email `<16 hex>@example.test`. */
export function makeUser(): TestUser {
  return {
    username: `u_${hex(6)}`,
    email: `${hex(8)}@example.test`,
    // Lower, upper, digit, 8+ characters, and never on a common-password list.
    password: `Kettle-${hex(4)}-Brew9`,
  };
}

/** A fresh strong password, e.g. for a reset. */
export function makePassword(): string {
  return `Steep-${hex(4)}-Leaf7`;
}

async function postJson(path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseURL()}/api/v1${path}`, {
    method: 'POST',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
}

/** POST /api/v1/auth/register with the user's details. */
export async function register(user: TestUser): Promise<void> {
  await expectOk(
    await postJson('/auth/register', { username: user.username, email: user.email, password: user.password }),
    'POST /api/v1/auth/register',
  );
}

/** Reads the verification link from the dev mailbox and returns its token. */
export async function verificationToken(email: string): Promise<string> {
  const link = await waitForLink({ to: email, linkPrefix: '/auth/verify-email/' });
  const token = new URL(link).pathname.slice('/auth/verify-email/'.length);
  if (!token) throw new Error(`The verification link ${link} has no token`);
  return decodeURIComponent(token);
}

/** The API shortcut: register, then verify through the link mailed to the user. */
export async function signUpAndVerify(user: TestUser = makeUser()): Promise<TestUser> {
  await register(user);
  const token = await verificationToken(user.email);
  await expectOk(
    await postJson(`/auth/verify-email/${encodeURIComponent(token)}`),
    'POST /api/v1/auth/verify-email/{token}',
  );
  return user;
}

/** The sign-up form's submit button: 'Sign up' on the page as built ('Create account' in the brief). */
export const SIGN_UP_BUTTON = /^(sign up|create account)$/i;

/** Fills and submits the sign-in form; does not wait for where it lands. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the form and waits until the app has moved on to `landing`. */
export async function signIn(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  landing: string | RegExp,
): Promise<void> {
  await submitSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(typeof landing === 'string' ? new URL(landing, baseURL()).toString() : landing);
}
