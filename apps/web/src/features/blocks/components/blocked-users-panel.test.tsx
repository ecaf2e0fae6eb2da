import { BLOCK_MESSAGES } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '@/features/account/pages/account-page';
import { fakeFetch } from '@/features/moderation/testing/fixtures';
import { logout, setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { json, reader, renderRoute } from '@/testing';
import { BlockedUsersPanel } from './blocked-users-panel';

const BLOCKS = '/api/v1/users/me/blocks';
const JOE = {
  user_id: '5b5b5b5b-0000-4000-8000-000000000001',
  username: 'joe',
  blocked_at: '2026-11-02T09:00:00.000Z',
};
const KIM = {
  user_id: '5b5b5b5b-0000-4000-8000-000000000002',
  username: 'kim',
  blocked_at: '2026-11-03T09:00:00.000Z',
};

const renderWithClient = (element: ReactElement) => renderRoute('/', { element }).user;

beforeEach(() => setTokens('token', 'refresh'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
  logout();
});

describe('BlockedUsersPanel', () => {
  it('lists blocked users and unblocks one', async () => {
    let blocks = [JOE, KIM];
    const { calls, fetchMock } = fakeFetch(({ url, method }) => {
      if (url === BLOCKS && method === 'GET') return json({ blocks });
      if (url === `${BLOCKS}/${JOE.user_id}` && method === 'DELETE') {
        blocks = [KIM];
        return json({ blocks });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = renderWithClient(<BlockedUsersPanel />);

    expect(screen.getByRole('heading', { name: 'Blocked users' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Blocked users' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => within(item).getByText(/^@/).textContent),
    ).toEqual(['@joe', '@kim']);
    expect(within(list).getAllByText('Blocked')[0]).toHaveTextContent(/^Blocked .*2026$/);

    await user.click(screen.getByRole('button', { name: 'Unblock @joe' }));
    expect(await screen.findByText(BLOCK_MESSAGES.unblocked('joe'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('@joe')).not.toBeInTheDocument());
    expect(screen.getByText('@kim')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`${BLOCKS}/${JOE.user_id}`]);
  });

  it('drops the user at once when the server answers 204', async () => {
    let blocks = [JOE];
    const { fetchMock } = fakeFetch(({ url, method }) => {
      if (url === BLOCKS && method === 'GET') return json({ blocks });
      if (method === 'DELETE') {
        blocks = [];
        return json(null, 204);
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = renderWithClient(<BlockedUsersPanel />);

    await user.click(await screen.findByRole('button', { name: 'Unblock @joe' }));
    expect(await screen.findByText(BLOCK_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByText(BLOCK_MESSAGES.unblocked('joe'))).toBeInTheDocument();
  });

  it('keeps the user listed and says why when unblocking fails', async () => {
    const { fetchMock } = fakeFetch(({ url, method }) => {
      if (url === BLOCKS && method === 'GET') return json({ blocks: [JOE] });
      if (method === 'DELETE') return json({ detail: 'Server error. Please try again later.' }, 500);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = renderWithClient(<BlockedUsersPanel />);

    await user.click(await screen.findByRole('button', { name: 'Unblock @joe' }));
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('@joe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock @joe' })).toBeEnabled();
  });

  it('shows the error with Try Again, then the empty text', async () => {
    let answer = () => json({ detail: 'Server error. Please try again later.' }, 500);
    const { fetchMock } = fakeFetch(({ url }) => (url === BLOCKS ? answer() : undefined));
    vi.stubGlobal('fetch', fetchMock);
    const user = renderWithClient(<BlockedUsersPanel />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Server error. Please try again later.');
    answer = () => json({ blocks: [] });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(BLOCK_MESSAGES.empty)).toBeInTheDocument();
  });

  it('is a section of My Account', async () => {
    const { fetchMock } = fakeFetch(({ url }) => {
      if (url === '/api/v1/auth/me') {
        return json(reader(120));
      }
      if (url === BLOCKS) return json({ blocks: [] });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithClient(<AccountPage />);

    expect(await screen.findByRole('heading', { name: 'Blocked users', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText(BLOCK_MESSAGES.empty)).toBeInTheDocument();
  });
});
