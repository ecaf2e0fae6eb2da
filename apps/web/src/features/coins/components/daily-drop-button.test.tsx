import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute, stubApi } from '@/testing';
import { formatWait } from '../utils/format-wait';
import { DailyDropButton } from './daily-drop-button';

const HOUR = 3_600_000;
const me = {
  id: '7f1c2b8e-0b7a-4a1e-9a57-1b2c3d4e5f60',
  username: 'ava',
  email: 'ava@example.test',
  is_admin: false,
  is_active: true,
  email_verified: true,
  coin_balance: 50,
  created_at: '2026-11-01T00:00:00.000Z',
};

function serve(available: boolean) {
  const calls: string[] = [];
  const nextDrop = new Date(Date.now() + 5 * HOUR + 10 * 60_000).toISOString();
  stubApi(({ method, url }) => {
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/v1/auth/me' && !url.search) return json(me);
    if (method === 'POST') return json({ coins_added: 10, coin_balance: 60, next_drop_at: nextDrop });
    return json({ amount: 10, available, next_drop_at: nextDrop });
  });
  return calls;
}

function renderMenu() {
  const menu = (
    <DropdownMenu.Root open>
      <DropdownMenu.Trigger>Menu</DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DailyDropButton />
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
  return renderRoute('/', { element: menu }).user;
}

beforeEach(() => setTokens('token', 'refresh'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('DailyDropButton', () => {
  it('claims the waiting drop and confirms it', async () => {
    const calls = serve(true);
    const user = renderMenu();
    await user.click(await screen.findByRole('menuitem', { name: 'Claim daily drop (+10)' }));
    expect(await screen.findByText('Daily drop claimed')).toBeInTheDocument();
    expect(screen.getByText('+10 Tea Coins')).toBeInTheDocument();
    expect(calls).toContain('POST /api/v1/coins/daily-drop');
    expect(await screen.findByRole('menuitem', { name: 'Next drop in 5h' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the wait when today is claimed', async () => {
    serve(false);
    renderMenu();
    expect(await screen.findByRole('menuitem', { name: 'Next drop in 5h' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('formatWait', () => {
  const now = new Date('2026-11-22T19:00:00.000Z');
  it.each([
    ['2026-11-23T00:00:00.000Z', '5h'],
    ['2026-11-22T19:35:00.000Z', '35m'],
    ['2026-11-22T19:00:20.000Z', '1m'],
    ['2026-11-22T18:00:00.000Z', 'a moment'],
  ])('%s is %s away', (until, expected) => expect(formatWait(until, now)).toBe(expected));
});
