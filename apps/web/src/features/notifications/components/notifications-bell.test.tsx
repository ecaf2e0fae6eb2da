import type { AppNotification, NotificationList } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
import { json, landing, renderRoute, stubApi } from '@/testing';
import { NotificationsBell } from './notifications-bell';

const notice = (id: string, read: boolean, extra: Partial<AppNotification> = {}): AppNotification => ({
  id,
  kind: 'post_approved',
  title: `Notice ${id}`,
  body: 'Your tea "Fish again" is now published.',
  link: null,
  read,
  created_at: new Date(Date.now() - 2 * 60_000).toISOString(),
  ...extra,
});

type Call = { url: string; method: string };

function serve(initial: AppNotification[]) {
  let items = initial;
  const calls: Call[] = [];
  const list = (): NotificationList => ({
    data: items,
    metadata: { total_elements: items.length, skip: 0, limit: 20, unread_count: items.filter((n) => !n.read).length },
  });
  stubApi(({ method, url }) => {
    const input = `${url.pathname}${url.search}`;
    calls.push({ url: input, method });
    if (method === 'POST' && input.endsWith('/read-all')) items = items.map((n) => ({ ...n, read: true }));
    else if (method === 'POST') items = items.map((n) => (input.includes(`/${n.id}/read`) ? { ...n, read: true } : n));
    return method === 'POST' ? json(null, 204) : json(list());
  });
  return calls;
}

const renderBell = () =>
  renderRoute('/', { element: <NotificationsBell />, routes: [landing('/my-teas', 'My Teas')], toaster: false }).user;

beforeEach(() => setTokens('token', 'refresh'));
afterEach(() => vi.unstubAllGlobals());

describe('NotificationsBell', () => {
  it('puts the unread count in its accessible name and marks all read', async () => {
    const calls = serve([notice('a', false), notice('b', false), notice('c', false), notice('d', true)]);
    const user = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications (3 unread)' });
    expect(calls[0]?.url).toBe('/api/v1/notifications?skip=0&limit=20');

    await user.click(bell);
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    expect(within(menu).getByText('Notice a')).toBeInTheDocument();
    expect(within(menu).getAllByText('Unread:')).toHaveLength(3);
    expect(within(menu).getAllByText('2m ago')).toHaveLength(4);

    await user.click(within(menu).getByRole('menuitem', { name: 'Mark all as read' }));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/notifications/read-all')).toBe(true);
    await waitFor(() => expect(within(menu).queryByText('Unread:')).not.toBeInTheDocument());
    // The open menu hides the page (and the bell) from assistive tech, hence hidden: true.
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('marks one read and follows its link', async () => {
    const calls = serve([notice('a', false, { title: 'Your tea is live', link: '/my-teas' })]);
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    await user.click(await screen.findByRole('menuitem', { name: /Your tea is live/ }));
    expect(await screen.findByRole('heading', { name: 'My Teas' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/notifications/a/read')).toBe(true);
  });

  it('says when there is nothing yet', async () => {
    serve([]);
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });
});
