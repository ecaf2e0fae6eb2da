import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute } from '@/testing';
import { fakeFetch, makePost } from '../testing/fixtures';
import { adminStandIns } from '../testing/render-page';
import { ModerationPage } from './moderation-page';

const renderQueue = (path = '/admin/moderation') =>
  renderRoute(path, {
    pattern: '/admin/moderation',
    element: <ModerationPage />,
    routes: adminStandIns('/admin/moderation'),
  });

const list = (posts: ReturnType<typeof makePost>[], total = posts.length) =>
  json({ data: posts, metadata: { total_elements: total, skip: 0, limit: 9 } });

beforeEach(() => setTokens('token', 'refresh'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('ModerationPage', () => {
  it('lists pending posts and reversals oldest first, as cards', async () => {
    const reversal = makePost({ title: 'The real story', original_post_id: makePost().id, image_urls: ['/a.webp'] });
    const post = makePost({ title: 'Fish in the microwave', content: 'x'.repeat(250) });
    const { calls, fetchMock } = fakeFetch(() => list([post, reversal]));
    vi.stubGlobal('fetch', fetchMock);
    renderQueue();

    expect(screen.getByRole('heading', { name: 'Moderation Queue', level: 1 })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Fish in the microwave' });
    expect(calls[0]?.url).toBe('/api/v1/posts/admin/all?status=pending&order=oldest&skip=0&limit=9');
    expect(within(card).getByText('Workplace War')).toBeInTheDocument();
    expect(within(card).getByText('Texas')).toBeInTheDocument();
    expect(within(card).getByText('@fishfan')).toBeInTheDocument();
    expect(within(card).getByText('submitted 3h ago')).toBeInTheDocument();
    expect(within(card).getByText(`${'x'.repeat(200)}…`)).toBeInTheDocument();
    expect(within(card).queryByText('Reversal')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Edit / View' })).toHaveAttribute('href', `/admin/posts/${post.id}`);

    const other = screen.getByRole('article', { name: 'The real story' });
    expect(within(other).getByText('Reversal')).toBeInTheDocument();
    expect(within(other).getByRole('img', { name: 'Image 1 of 1' })).toHaveAttribute('src', '/a.webp');
  });

  it('approves a post, confirms and removes its card', async () => {
    const post = makePost({ title: 'Approve me' });
    const keep = makePost({ title: 'Still waiting' });
    let approved = false;
    const { calls, fetchMock } = fakeFetch(({ method, url }) => {
      if (method === 'PUT') {
        approved = true;
        return json({ ...post, status: 'approved' });
      }
      if (url.startsWith('/api/v1/posts/admin/all')) return list(approved ? [keep] : [post, keep]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderQueue();

    const card = await screen.findByRole('article', { name: 'Approve me' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Post approved successfully!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`/api/v1/posts/admin/${post.id}/status`);
    expect(put?.body).toEqual({ status: 'approved' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Approve me' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Still waiting' })).toBeInTheDocument();
  });

  it('rejects with the reason typed in the dialog', async () => {
    const post = makePost({ title: 'Reject me' });
    const { calls, fetchMock } = fakeFetch(({ method }) =>
      method === 'PUT'
        ? json({ ...post, status: 'rejected', rejection_reason: 'Names a private person' })
        : list([post]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderQueue();

    const card = await screen.findByRole('article', { name: 'Reject me' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this tea?' });
    expect(dialog).toHaveTextContent('“Reject me” will not be published. Its photos, if any, are kept for 30 days');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Names a private person');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Post rejected successfully!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`/api/v1/posts/admin/${post.id}/status`);
    expect(put?.body).toEqual({ status: 'rejected', reason: 'Names a private person' });
  });

  it('shows the server message when a transition is refused', async () => {
    const post = makePost({ title: 'Already done' });
    const { fetchMock } = fakeFetch(({ method }) =>
      method === 'PUT' ? json({ detail: 'A approved post cannot be set to approved.' }, 409) : list([post]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderQueue();
    const card = await screen.findByRole('article', { name: 'Already done' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('A approved post cannot be set to approved.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Already done' })).toBeInTheDocument();
  });

  it('pages through the queue', async () => {
    const { calls, fetchMock } = fakeFetch(({ url }) =>
      list([makePost({ title: url.includes('skip=9') ? 'Second page tea' : 'First page tea' })], 12),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderQueue();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Second page tea' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toContain('skip=9&limit=9');
  });

  it('shows the empty state, and an error with Try Again', async () => {
    let fail = true;
    const { fetchMock } = fakeFetch(() =>
      fail ? json({ detail: 'Server error. Please try again later.' }, 500) : list([]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderQueue();
    expect(await screen.findByRole('heading', { name: 'Error Loading Teas' })).toBeInTheDocument();
    expect(screen.getByText('Server error. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No teas waiting for review' })).toBeInTheDocument();
  });
});
