/**
 * What global setup and the tests agree on. Global setup starts the server with these admin
 * credentials and publishes the server's address in KETTLE_E2E_BASE_URL; Playwright's workers
 * start after global setup and inherit it.
 */
export const ADMIN_EMAIL = 'admin@kettle-e2e.test';
export const ADMIN_PASSWORD = 'E2eAdmin!2345';

export const BASE_URL_ENV = 'KETTLE_E2E_BASE_URL';

/** The running server's origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
export function baseURL(): string {
  const value = process.env[BASE_URL_ENV];
  if (!value) {
    throw new Error(
      `${BASE_URL_ENV} is not set: run the suite through Playwright so global-setup.ts starts the server.`,
    );
  }
  return value;
}

/** Phone and desktop widths every page is checked and photographed at. */
export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
export type NamedViewport = (typeof VIEWPORTS)[number];
