import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// What needs the machine's own services (several server processes sharing a database and Redis;
// PostgreSQL's statement timeout, which PGlite ignores; statements prepared per connection, which
// PGlite has no use for): the CI pass with TEST_DATABASE_URL and TEST_REDIS_URL runs these files;
// the embedded (PGlite) run leaves them out.
const SHARED_SERVICES = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

/** The API suite's settings, shared by its two projects (modules shared by a worker's files, or not). */
const API = {
  root: './apps/api',
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  globalSetup: ['./test/migrated-store.global.ts'],
  exclude: [...configDefaults.exclude, ...(SHARED_SERVICES ? [] : ['**/*.shared-services.test.ts'])],
  // s3rver (the local S3 API in tests) signs ListObjectsV2 continuation tokens with DES,
  // which Node's OpenSSL 3 only offers through its legacy provider.
  execArgv: ['--openssl-legacy-provider'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Each file gets its own database; two at a time keeps a 2-core machine responsive.
  maxWorkers: 2,
  // A project with its own worker count runs in its own group, after the others.
  sequence: { groupOrder: 1 },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], maxWorkers: 2 },
      },
      {
        test: {
          ...API,
          name: 'api',
          exclude: [...API.exclude, '**/*.isolated.test.ts'],
          // The files share each worker's modules (the app is imported once a worker, not once a
          // file): every file builds its own app and database, and none keeps module state between
          // files. A file that replaces a module (vi.mock) cannot share them: *.isolated.test.ts.
          isolate: false,
        },
      },
      {
        test: { ...API, name: 'api-isolated', include: ['src/**/*.isolated.test.ts', 'test/**/*.isolated.test.ts'] },
      },
      {
        // `npm run test:resilience`: the long runs (crashes, outages, attacks) against built servers.
        // Never part of `npm test`; one file at a time, as each one loads the whole machine.
        test: {
          name: 'resilience',
          root: './apps/api',
          include: ['resilience/**/*.test.ts'],
          execArgv: ['--openssl-legacy-provider'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./vitest.setup.ts'],
          // A page test waits on several lazy chunks and find* calls (5 s each, vitest.setup.ts); on a
          // loaded 2-core machine the default 5 s for the whole test ran out before they did.
          testTimeout: 15_000,
          // Vitest's default is one worker fewer than the cores: one here, with the second core idle.
          maxWorkers: 2,
        },
      },
    ],
  },
});
