import { TWO_FACTOR_MESSAGES, type AdminUser } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FetchCall } from '@/features/moderation/testing/fixtures';
import { adminStandIns } from '@/features/moderation/testing/render-page';
import { setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute } from '@/testing';
import { makeUser, ME, standingOf, userPageResponse } from '../testing/user-fixtures';
import { AdminUsersPage } from './admin-users-page';

const LIST = '/api/v1/users/admin/all';
const ONE = '/api/v1/users/admin/';

const renderUsers = (path = '/admin/users') =>
  renderRoute(path, { pattern: '/admin/users', element: <AdminUsersPage />, routes: adminStandIns('/admin/users') });

/** The query of a list call, as an object. */
const query = (call: FetchCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '/', 'http://kettle.test').searchParams);
const listCalls = (calls: FetchCall[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith(LIST));
const writes = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET');

type Handler = (call: FetchCall) => Response | undefined;

/**
 * A server holding `users`: the list, each user and /auth/me as ME. `write` answers every other
 * method, and a successful answer replaces the stored user, so refetched lists show the change;
 * `read` may answer a GET first.
 */
function serve(users: AdminUser[], { write, read }: { write?: Handler; read?: Handler } = {}) {
  const store = new Map(users.map((u) => [u.id, u]));
  return fakeFetch((call) => {
    if (call.url === '/api/v1/auth/me') return json(ME);
    if (call.method !== 'GET') {
      const answer = write?.(call);
      if (answer?.ok) {
        void answer
          .clone()
          .json()
          .then((user: AdminUser) => store.set(user.id, user));
      }
      return answer;
    }
    const override = read?.(call);
    if (override) return override;
    if (call.url.startsWith(LIST)) return userPageResponse([...store.values()]);
    if (call.url.startsWith(ONE)) {
      const user = store.get(call.url.slice(ONE.length));
      return user ? json(user) : json({ detail: 'User not found.' }, 404);
    }
    return undefined;
  });
}

beforeEach(() => setTokens('token', 'refresh'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('AdminUsersPage', () => {
  it('shows each user with the fields of product.md §2 and a status action', async () => {
    const ava = makeUser({ username: 'ava', email: 'ava@kettle.local', coin_balance: 1250 });
    const ben = makeUser({ username: 'ben', is_active: false, email_verified: false, coin_debt: 40 });
    const { fetchMock } = serve([ME, ava, ben]);
    vi.stubGlobal('fetch', fetchMock);
    renderUsers();

    expect(screen.getByRole('heading', { name: 'User Management', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeInTheDocument();
    const avaCard = await screen.findByRole('article', { name: 'ava' });
    expect(screen.getByText('Showing 1-3 of 3 users')).toBeInTheDocument();
    expect(within(avaCard).getByText('ava@kettle.local')).toBeInTheDocument();
    expect(within(avaCard).getByText('1,250')).toBeInTheDocument();
    expect(within(avaCard).getByText('Active')).toBeInTheDocument();
    expect(within(avaCard).getByText('Joined').nextElementSibling).toHaveTextContent(/2026/);
    expect(within(avaCard).queryByText('Admin')).not.toBeInTheDocument();
    expect(within(avaCard).getByRole('button', { name: 'Manage Coins' })).toBeEnabled();
    expect(within(avaCard).getByRole('button', { name: 'Deactivate' })).toBeEnabled();
    expect(within(avaCard).getByRole('button', { name: 'Take action on ava' })).toBeEnabled();

    const benCard = screen.getByRole('article', { name: 'ben' });
    expect(within(benCard).getByText('Deactivated')).toBeInTheDocument();
    expect(within(benCard).getByRole('button', { name: 'Activate' })).toBeEnabled();
    expect(within(benCard).getByText('Owes 40 coins: spending frozen')).toBeInTheDocument();
    expect(within(benCard).getByText('Email not verified')).toBeInTheDocument();

    // The signed-in admin's own card: badges, and no way to lock themselves out.
    const own = screen.getByRole('article', { name: 'boss' });
    expect(within(own).getByText('Admin')).toBeInTheDocument();
    expect(await within(own).findByText('You')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(within(own).queryByRole('button', { name: /Take action/ })).not.toBeInTheDocument();
  });

  it('reads search and page from the query string and keeps them there, replacing the entry', async () => {
    const { calls, fetchMock } = fakeFetch(({ url }) => {
      if (url === '/api/v1/auth/me') return json(ME);
      if (!url.startsWith(LIST)) return undefined;
      const skip = Number(new URL(url, 'http://kettle.test').searchParams.get('skip'));
      return userPageResponse([makeUser()], { total: 19, skip });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router, user } = renderUsers('/admin/users?search=ava&page=2');

    await screen.findByRole('article');
    expect(query(listCalls(calls)[0])).toEqual({ search: 'ava', skip: '9', limit: '9' });
    expect(screen.getByText('Showing 10-10 of 19 users')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('ava');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(router.state.location.search).toBe('?search=ava&page=3');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(query(listCalls(calls).at(-1))).toEqual({ search: 'ava', skip: '18', limit: '9' }));

    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await user.clear(box);
    await user.type(box, 'ben@example{Enter}');
    expect(router.state.location.search).toBe('?search=ben%40example');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(query(listCalls(calls).at(-1))).toEqual({ search: 'ben@example', skip: '0', limit: '9' }),
    );
  });

  it('applies a search after a pause in typing', async () => {
    const { calls, fetchMock } = serve([makeUser()]);
    vi.stubGlobal('fetch', fetchMock);
    const { router, user } = renderUsers();
    await screen.findByRole('article');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'Member');
    await waitFor(() => expect(router.state.location.search).toBe('?search=Member'));
    await waitFor(() => expect(query(listCalls(calls).at(-1))).toMatchObject({ search: 'Member' }));
  });

  it('prefetches the next page 500 ms after a page loads, when there is one', async () => {
    const { calls, fetchMock } = fakeFetch(({ url }) => {
      if (url === '/api/v1/auth/me') return json(ME);
      if (!url.startsWith(LIST)) return undefined;
      const skip = Number(new URL(url, 'http://kettle.test').searchParams.get('skip'));
      return userPageResponse([makeUser()], { total: 10, skip });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderUsers();

    await screen.findByRole('article');
    expect(listCalls(calls)).toHaveLength(1);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(query(listCalls(calls)[1])).toEqual({ skip: '9', limit: '9' });
    // The last page has no next one: nothing more is fetched.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('says when no user matches a search, and when there are none at all', async () => {
    const { fetchMock } = fakeFetch(({ url }) => {
      if (url === '/api/v1/auth/me') return json(ME);
      return url.startsWith(LIST) ? userPageResponse([]) : undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router, user } = renderUsers('/admin/users?search=zzz');

    expect(await screen.findByText('No username or email matches your search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });

  it("shows 'Error Loading Users' with the message, and loads again on Try Again", async () => {
    let answer = () => json({ detail: 'Database unavailable' }, 503);
    const { fetchMock } = fakeFetch(({ url }) => {
      if (url === '/api/v1/auth/me') return json(ME);
      return url.startsWith(LIST) ? answer() : undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    expect(await screen.findByRole('heading', { name: 'Error Loading Users' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    answer = () => userPageResponse([makeUser({ username: 'back_again' })]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'back_again' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch users' when the request fails outright", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderUsers();
    expect(await screen.findByRole('heading', { name: 'Error Loading Users' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch users')).toBeInTheDocument();
  });
});

describe('Manage Coins', () => {
  it('adds coins with a reason, reading the fresh balance first', async () => {
    const ava = makeUser({ username: 'ava', coin_balance: 10 });
    const { calls, fetchMock } = serve([ava], {
      // The list is older than the user: a daily drop landed since.
      read: (call) => (call.url === `${ONE}${ava.id}` ? json({ ...ava, coin_balance: 20 }) : undefined),
      write: (call) => (call.url.endsWith('/add-coins') ? json({ ...ava, coin_balance: 50 }) : undefined),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    const card = await screen.findByRole('article', { name: 'ava' });
    await user.click(within(card).getByRole('button', { name: 'Manage Coins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Coins' });
    expect(within(dialog).getByRole('radio', { name: /Add coins/ })).toBeChecked();
    await waitFor(() => expect(dialog).toHaveTextContent('Current balance: 20 Tea Coins'));

    await user.type(within(dialog).getByLabelText('Amount'), '30');
    expect(within(dialog).getByText('Balance after: 50 Tea Coins')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), '  Contest prize ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Coins' }));

    expect(await screen.findByText('User coin balance added successfully!')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { url: `${ONE}${ava.id}/add-coins`, method: 'POST', body: { coins_to_add: 30, reason: 'Contest prize' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card).findByText('50')).toBeInTheDocument();
  });

  it('sets a balance outright', async () => {
    const ava = makeUser({ username: 'ava', coin_balance: 500 });
    const { calls, fetchMock } = serve([ava], {
      write: (call) => (call.url.endsWith('/coin-balance') ? json({ ...ava, coin_balance: 0 }) : undefined),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    const card = await screen.findByRole('article', { name: 'ava' });
    await user.click(within(card).getByRole('button', { name: 'Manage Coins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Coins' });
    await user.click(within(dialog).getByRole('radio', { name: /Set balance/ }));
    await user.type(within(dialog).getByLabelText('Amount'), '0');
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback abuse');
    await user.click(within(dialog).getByRole('button', { name: 'Set Balance' }));

    expect(await screen.findByText('User coin balance updated successfully!')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { url: `${ONE}${ava.id}/coin-balance`, method: 'PUT', body: { coin_balance: 0, reason: 'Chargeback abuse' } },
    ]);
    expect(await within(card).findByText('0')).toBeInTheDocument();
  });

  it('checks the amount and the reason before sending anything', async () => {
    const ava = makeUser({ username: 'ava' });
    const { calls, fetchMock } = serve([ava]);
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Manage Coins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Coins' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Coins' }));
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Amount'), '1.5');
    await user.type(within(dialog).getByLabelText('Reason'), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Add Coins' }));
    expect(await within(dialog).findByText('Amount must be a whole number')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason must be at least 3 characters')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add Coins' }));
    expect(await within(dialog).findByText('Amount must be at least 1')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("places the server's field errors under their fields, and toasts anything else", async () => {
    const ava = makeUser({ username: 'ava' });
    let answer = () =>
      json(
        {
          detail: 'Reason must be at most 200 characters',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'reason', message: 'Reason must be at most 200 characters' }],
        },
        422,
      );
    const { fetchMock } = serve([ava], { write: () => answer() });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Manage Coins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Coins' });
    await user.type(within(dialog).getByLabelText('Amount'), '5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Add Coins' }));
    expect(await within(dialog).findByText('Reason must be at most 200 characters')).toBeInTheDocument();

    answer = () => json({ detail: 'User not found.', code: 'NOT_FOUND' }, 404);
    await user.click(within(dialog).getByRole('button', { name: 'Add Coins' }));
    expect(await screen.findByText('User not found.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Manage Coins' })).toBeInTheDocument();
  });
});

describe('Update User Status', () => {
  it('deactivates after explaining the effect, then activates again', async () => {
    const ava = makeUser({ username: 'ava' });
    const { calls, fetchMock } = serve([ava], {
      write: (call) => {
        const body = call.body as { is_active: boolean };
        const standing = standingOf(body.is_active ? 'active' : 'deactivated');
        return call.url.endsWith('/status') ? json({ ...ava, is_active: body.is_active, standing }) : undefined;
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    const card = await screen.findByRole('article', { name: 'ava' });
    await user.click(within(card).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update User Status' });
    expect(dialog).toHaveTextContent('ava will be signed out on every device and cannot sign in');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully!')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { url: `/api/v1/admin/users/${ava.id}/status`, method: 'PUT', body: { is_active: false } },
    ]);
    expect(await within(card).findByText('Deactivated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card).getByRole('button', { name: 'Activate' }));
    const again = await screen.findByRole('dialog', { name: 'Update User Status' });
    expect(again).toHaveTextContent('ava will be able to sign in and use the site again');
    await user.click(within(again).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('User activated successfully!')).toBeInTheDocument();
    expect(writes(calls).at(-1)?.body).toEqual({ is_active: true });
    expect(await within(card).findByText('Active')).toBeInTheDocument();
  });

  it('keeps the dialog open and shows why when the change fails', async () => {
    const ava = makeUser({ username: 'ava' });
    const { fetchMock } = serve([ava], {
      write: () => json({ detail: 'You cannot deactivate your own account.', code: 'FORBIDDEN' }, 403),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('You cannot deactivate your own account.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Update User Status' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('article', { name: 'ava' })).getByText('Active')).toBeInTheDocument();
  });
});

describe('Reset two-factor sign-in', () => {
  it('is offered only for a member who has it on, says what to check, and resets after confirming', async () => {
    const ava = makeUser({ username: 'ava', two_factor_enabled: true });
    const bo = makeUser({ username: 'bo' });
    const { calls, fetchMock } = serve([ava, bo], {
      write: (call) => (call.method === 'DELETE' ? json({ ...ava, two_factor_enabled: false }) : undefined),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    const card = await screen.findByRole('article', { name: 'ava' });
    expect(within(card).getByText('Two-factor on')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'bo' })).queryByRole('button', { name: 'Reset 2FA' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Reset 2FA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in' });
    expect(dialog).toHaveTextContent(`asked from the account's own email address (${ava.email})`);
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.reset)).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ url: `/api/v1/admin/users/${ava.id}/two-factor`, method: 'DELETE' }]);
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Reset 2FA' })).toBeNull());
    expect(within(card).queryByText('Two-factor on')).toBeNull();
  });

  it('keeps the dialog open and shows why when the reset is refused', async () => {
    const ava = makeUser({ username: 'ava', two_factor_enabled: true });
    const { fetchMock } = serve([ava], {
      write: () => json({ detail: TWO_FACTOR_MESSAGES.notOn, code: 'CONFLICT' }, 409),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Reset 2FA' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.notOn)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reset two-factor sign-in' })).toBeInTheDocument();
  });
});

describe('Edit User', () => {
  it('sends only what changed and shows the saved user', async () => {
    const ava = makeUser({ username: 'ava', email: 'ava@kettle.local' });
    const { calls, fetchMock } = serve([ava], {
      write: (call) => json({ ...ava, ...(call.body as Partial<AdminUser>) }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    const card = await screen.findByRole('article', { name: 'ava' });
    await user.click(within(card).getByRole('button', { name: 'Edit ava' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Username'));
    await user.type(within(dialog).getByLabelText('Username'), 'ava_two');
    await user.click(within(dialog).getByLabelText('Admin'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('User updated successfully!')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { url: `/api/v1/admin/users/${ava.id}`, method: 'PUT', body: { username: 'ava_two', is_admin: true } },
    ]);
    const renamed = await screen.findByRole('article', { name: 'ava_two' });
    expect(within(renamed).getByText('Admin')).toBeInTheDocument();
  });

  it("shows a taken username under the field, and locks the admin's own admin flag", async () => {
    const ava = makeUser({ username: 'ava' });
    const { fetchMock } = serve([ME, ava], {
      write: () =>
        json(
          {
            detail: 'That username is already taken.',
            code: 'CONFLICT',
            errors: [{ field: 'username', message: 'That username is already taken.' }],
          },
          409,
        ),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderUsers();

    const card = await screen.findByRole('article', { name: 'ava' });
    await user.click(within(card).getByRole('button', { name: 'Edit ava' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.clear(within(dialog).getByLabelText('Username'));
    await user.type(within(dialog).getByLabelText('Username'), 'boss');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('That username is already taken.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const own = screen.getByRole('article', { name: 'boss' });
    await within(own).findByText('You');
    await user.click(within(own).getByRole('button', { name: 'Edit boss' }));
    const mine = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(mine).getByLabelText('Admin')).toBeDisabled();
    expect(within(mine).getByLabelText('Admin')).toBeChecked();
    expect(within(mine).getByText('You cannot remove your own admin rights.')).toBeInTheDocument();
  });
});
