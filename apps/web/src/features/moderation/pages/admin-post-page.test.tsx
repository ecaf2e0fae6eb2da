import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { CATEGORY, fakeFetch, json, makePost, STATE } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';
import { AdminPostPage } from './admin-post-page';

type Post = ReturnType<typeof makePost>;

function serve(post: Post, onPut?: (body: unknown) => Response) {
  return fakeFetch(({ url, method, body }) => {
    if (url === `/api/v1/posts/admin/${post.id}` && method === 'GET') return json(post);
    if (url === `/api/v1/posts/admin/${post.id}` && method === 'PUT') return onPut?.(body) ?? json(post);
    if (url === '/api/v1/categories/') return json({ data: [{ ...CATEGORY, description: 'Office fights' }] });
    if (url === '/api/v1/states/') return json({ data: [{ ...STATE, description: 'The Lone Star State' }] });
    return undefined;
  });
}

const renderPost = (id: string) => renderPage('/admin/posts/:id', <AdminPostPage />, `/admin/posts/${id}`);

beforeEach(() => setTokens('token', 'refresh'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('AdminPostPage', () => {
  it('shows the post with its badges, price and a Back to Posts link', async () => {
    const post = makePost({ title: 'Fish again', status: 'approved', unlock_price: 55 });
    vi.stubGlobal('fetch', serve(post).fetchMock);
    renderPost(post.id);
    expect(await screen.findByRole('heading', { name: 'Fish again', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Posts' })).toHaveAttribute('href', '/admin/');
    expect(screen.getByTitle('Location')).toHaveTextContent('Location: Texas');
    expect(screen.getByText('Status:').parentElement).toHaveTextContent('Status: Approved');
    expect(screen.getByText('55 Tea Coins')).toBeInTheDocument();
    expect(screen.getByText('No images')).toBeInTheDocument();
    // Approved posts can only be rejected (spec §4).
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const bookmark = screen.getByRole('button', { name: 'Bookmark' });
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  });

  it('collapses the description past 200 characters', async () => {
    const content = `${'a'.repeat(200)}TAIL`;
    const post = makePost({ content });
    vi.stubGlobal('fetch', serve(post).fetchMock);
    const { user } = renderPost(post.id);
    expect(await screen.findByText(`${'a'.repeat(200)}…`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Read More' }));
    expect(screen.getByText(content)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.getByRole('button', { name: 'Read More' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not collapse a description of exactly 200 characters', async () => {
    const post = makePost({ content: 'b'.repeat(200) });
    vi.stubGlobal('fetch', serve(post).fetchMock);
    renderPost(post.id);
    expect(await screen.findByText('b'.repeat(200))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read More' })).not.toBeInTheDocument();
  });

  it('steps through the images with the counter, arrows and keys', async () => {
    const post = makePost({
      images: [
        { id: '5a5a5a5a-0000-4000-8000-000000000001', image_url: '/one.webp' },
        { id: '5a5a5a5a-0000-4000-8000-000000000002', image_url: '/two.webp' },
      ],
    });
    vi.stubGlobal('fetch', serve(post).fetchMock);
    const { user } = renderPost(post.id);
    const carousel = await screen.findByRole('region', { name: `Images of ${post.title}` });
    expect(within(carousel).getByText('1 / 2')).toBeInTheDocument();
    await user.click(within(carousel).getByRole('button', { name: 'Next image' }));
    expect(within(carousel).getByText('2 / 2')).toBeInTheDocument();
    expect(within(carousel).getByRole('img', { name: /^Image 2 of 2/ })).toHaveAttribute('src', '/two.webp');
    await user.click(within(carousel).getByRole('button', { name: 'Previous image' }));
    expect(within(carousel).getByText('1 / 2')).toBeInTheDocument();
    within(carousel).getByRole('group').focus();
    await user.keyboard('{ArrowLeft}');
    expect(within(carousel).getByText('2 / 2')).toBeInTheDocument();
    await user.click(within(carousel).getByRole('button', { name: 'Show image 1' }));
    expect(within(carousel).getByText('1 / 2')).toBeInTheDocument();
  });

  it.each([
    ['-1', 'Unlock price must be non-negative'],
    ['1.5', 'Unlock price must be an integer'],
  ])('rejects an unlock price of %s with "%s"', async (value, message) => {
    const post = makePost();
    const { calls, fetchMock } = serve(post);
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderPost(post.id);
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    const price = screen.getByLabelText('Unlock price (Tea Coins)');
    await user.clear(price);
    await user.type(price, value);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    await user.click(save);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves an edit and confirms it', async () => {
    const post = makePost();
    const { calls, fetchMock } = serve(post, (body) =>
      json({ ...post, ...(typeof body === 'object' ? body : {}), unlock_price: 60 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderPost(post.id);
    const price = await screen.findByLabelText('Unlock price (Tea Coins)');
    await user.clear(price);
    await user.type(price, '60');
    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Post updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: post.title,
      content: post.content,
      category_id: post.category_id,
      state_id: post.state_id,
      status: 'approved',
      unlock_price: 60,
    });
  });

  it('deletes after confirmation and returns to the admin feed', async () => {
    const post = makePost();
    const { calls, fetchMock } = fakeFetch((call) => (call.method === 'DELETE' ? json(null, 204) : json(post)));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderPost(post.id);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tea?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Admin feed' })).toBeInTheDocument();
    expect(screen.getByText('Post deleted successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/v1/posts/${post.id}`);
  });

  it("shows 'Post Not Found' with the API's message on 404", async () => {
    vi.stubGlobal('fetch', fakeFetch(() => json({ detail: 'Post not found.' }, 404)).fetchMock);
    const { user } = renderPost('0d0d0d0d-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Post not found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Admin feed' })).toBeInTheDocument();
  });

  it('redirects to the admin feed when the id is "undefined"', async () => {
    renderPost('undefined');
    expect(await screen.findByRole('heading', { name: 'Admin feed' })).toBeInTheDocument();
  });
});
