import { THEME_INIT_SCRIPT, THEME_STORAGE_KEY } from '@kettle/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTheme } from './theme';

/** Runs the inline head script as the browser would, before anything else on the page. */
function runThemeInit() {
  new Function(THEME_INIT_SCRIPT)();
}

function prefersDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: dark && query.includes('dark'), media: query }) as MediaQueryList,
  );
}

afterEach(() => {
  document.documentElement.classList.remove('dark');
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the inline theme script', () => {
  it('applies a stored dark choice before the app runs', () => {
    prefersDark(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('keeps a stored light choice over a dark system preference', () => {
    prefersDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('follows the system preference when nothing is stored', () => {
    prefersDark(true);
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});

describe('useTheme', () => {
  it('toggles the class and stores the choice under the key the head script reads', () => {
    const { result } = renderHook(() => useTheme());
    expect(result.current[0]).toBe('light');
    act(() => result.current[1]());
    expect(result.current[0]).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    prefersDark(false);
    document.documentElement.classList.remove('dark');
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
