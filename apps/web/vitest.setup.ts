import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { FetchBackedXhr } from './src/lib/testing/fetch-backed-xhr';

// Lazy chunks (the comments, dialogs) are transformed on first import; on a busy 2-core machine that
// took longer than the 1 s default, and a find* gave up on an element that was on its way.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// A component test fails on an unexpected console.error instead of passing with a warning.
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
};
vi.stubGlobal('scrollTo', () => undefined);
// Uploads use XMLHttpRequest for their progress; in tests they go through the stubbed fetch.
globalThis.XMLHttpRequest = FetchBackedXhr as unknown as typeof XMLHttpRequest;
