import { LIFT_MESSAGES, formatUntil, type AdminUser } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '@/features/moderation/testing/fixtures';
import { adminStandIns } from '@/features/moderation/testing/render-page';
import { setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute } from '@/testing';
import { makeAction } from '@/testing/account-actions';
import { makeUser, ME, standingOf, userPageResponse } from '../testing/user-fixtures';
import { AdminUsersPage } from './admin-users-page';

const renderUsers = () =>
  renderRoute('/admin/users', {
    pattern: '/admin/users',
    element: <AdminUsersPage />,
    routes: adminStandIns('/admin/users'),
  });

const BAN_ID = '7a7a7a7a-0000-4000-8000-00000000ba11';
const SUSPENSION_ID = '7a7a7a7a-0000-4000-8000-0000000005a5';
const UNTIL = '2026-12-10T14:05:00.000Z';

const banned = () =>
  makeUser({
    username: 'bart',
    is_active: false,
    standing: standingOf('banned', { since: '2026-12-01T09:00:00.000Z', rule_title: 'No minors', action_id: BAN_ID }),
  });

function serve(users: AdminUser[], onWrite?: (url: string, body: unknown) => Response) {
  return fakeFetch((call) => {
    if (call.url === '/api/v1/auth/me') return json(ME);
    if (call.method !== 'GET') return onWrite?.(call.url, call.body);
    if (call.url.startsWith('/api/v1/users/admin/all')) return userPageResponse(users);
    return undefined;
  });
}

beforeEach(() => setTokens('token', 'refresh'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe("the users page shows each account's real standing", () => {
  it('names active, suspended until, banned with rule and date, deactivated and deleted, each with the actions that can work', async () => {
    const users = [
      makeUser({ username: 'ava' }),
      makeUser({
        username: 'sue',
        standing: standingOf('suspended', { until: UNTIL, rule_title: 'Respect', action_id: SUSPENSION_ID }),
      }),
      banned(),
      makeUser({ username: 'dee', is_active: false }),
      makeUser({
        username: 'gone',
        is_active: false,
        standing: standingOf('deleted', { since: '2026-12-02T10:00:00.000Z' }),
      }),
    ];
    vi.stubGlobal('fetch', serve(users).fetchMock);
    renderUsers();

    const sue = await screen.findByRole('article', { name: 'sue' });
    expect(within(sue).getByText('Suspended')).toBeInTheDocument();
    expect(within(sue).getByText(`Suspended until ${formatUntil(UNTIL)} · Rule: Respect`)).toBeInTheDocument();
    expect(within(sue).getByRole('button', { name: 'Lift suspension of sue' })).toBeEnabled();
    expect(within(sue).getByRole('button', { name: 'Deactivate' })).toBeEnabled();

    const bart = screen.getByRole('article', { name: 'bart' });
    expect(within(bart).getByText('Banned')).toBeInTheDocument();
    expect(within(bart).getByText(/^Banned on .*2026 · Rule: No minors$/)).toBeInTheDocument();
    // Activate would not undo the ban: the card offers the lift instead.
    expect(within(bart).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    expect(within(bart).getByRole('button', { name: 'Lift ban of bart' })).toBeEnabled();

    const dee = screen.getByRole('article', { name: 'dee' });
    expect(within(dee).getByText('Deactivated')).toBeInTheDocument();
    expect(within(dee).getByRole('button', { name: 'Activate' })).toBeEnabled();
    expect(within(dee).queryByRole('button', { name: /^Lift/ })).not.toBeInTheDocument();

    const gone = screen.getByRole('article', { name: 'gone' });
    expect(within(gone).getByText('Deleted')).toBeInTheDocument();
    expect(within(gone).getByText(/^Deleted on .*2026; nothing can be changed$/)).toBeInTheDocument();
    expect(within(gone).queryAllByRole('button')).toEqual([]);

    expect(within(screen.getByRole('article', { name: 'ava' })).getByText('Active')).toBeInTheDocument();
  });
});

describe('Lift ban', () => {
  it('asks for a reason, sends it, and shows the account active again', async () => {
    let user = banned();
    const writes: Array<{ url: string; body: unknown }> = [];
    const { fetchMock } = fakeFetch((call) => {
      if (call.url === '/api/v1/auth/me') return json(ME);
      if (call.method === 'POST') {
        writes.push({ url: call.url, body: call.body });
        user = { ...user, is_active: true, standing: standingOf('active') };
        return json(
          makeAction({ id: BAN_ID, kind: 'ban', lifted_at: '2026-12-07T10:00:00.000Z', lift_reason: 'Adult.' }),
        );
      }
      if (call.url.startsWith('/api/v1/users/admin/all')) return userPageResponse([user]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user: keyboard } = renderUsers();

    const card = await screen.findByRole('article', { name: 'bart' });
    await keyboard.click(within(card).getByRole('button', { name: 'Lift ban of bart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift ban' });
    expect(dialog).toHaveTextContent('This lifts the ban for "No minors"; bart can sign in again.');
    expect(dialog).toHaveTextContent('a pending appeal against it is closed');

    await keyboard.click(within(dialog).getByRole('button', { name: 'Lift ban' }));
    expect(await within(dialog).findByText(LIFT_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(writes).toEqual([]);

    await keyboard.type(within(dialog).getByLabelText('Reason'), 'The photo was of an adult.');
    await keyboard.click(within(dialog).getByRole('button', { name: 'Lift ban' }));
    expect(await screen.findByText(LIFT_MESSAGES.lifted.ban)).toBeInTheDocument();
    expect(writes).toEqual([
      { url: `/api/v1/admin/users/${user.id}/actions/${BAN_ID}/lift`, body: { reason: 'The photo was of an adult.' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card).findByText('Active')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Deactivate' })).toBeEnabled();
  });
});
