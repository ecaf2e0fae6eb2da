import type { Comment } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute } from '@/testing';
import { CATEGORY, fakeFetch, makePost, STATE } from '../testing/fixtures';
import { adminStandIns } from '../testing/render-page';
import { AdminPostPage } from './admin-post-page';

type Post = ReturnType<typeof makePost>;

let commentCounter = 0;
function makeComment(username: string, content: string, replies: Comment[] = []): Comment {
  commentCounter += 1;
  return {
    id: `c0c0c0c0-0000-4000-8000-${String(commentCounter).padStart(12, '0')}`,
    content,
    user_id: `a0a0a0a0-0000-4000-8000-${String(commentCounter).padStart(12, '0')}`,
    username,
    created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    parent_comment_id: null,
    is_own: false,
    replies,
  };
}

function serve(
  post: Post,
  onPut?: (body: unknown) => Response,
  comments: () => Response = () => json({ held: [], comments: [] }),
) {
  return fakeFetch(({ url, method, body }) => {
    if (url === `/api/v1/posts/admin/${post.id}` && method === 'GET') return json(post);
    if (url === `/api/v1/posts/${post.id}/comments` && method === 'GET') return comments();
    if (url === `/api/v1/posts/admin/${post.id}` && method === 'PUT') return onPut?.(body) ?? json(post);
    if (url === '/api/v1/categories/') return json({ data: [{ ...CATEGORY, description: 'Office fights' }] });
    if (url === '/api/v1/states/') return json({ data: [{ ...STATE, description: 'The Lone Star State' }] });
    return undefined;
  });
}

const renderPost = (id: string) =>
  renderRoute(`/admin/posts/${id}`, {
    pattern: '/admin/posts/:id',
    element: <AdminPostPage />,
    routes: adminStandIns('/admin/posts/:id'),
  });

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
    // Approved posts can only be rejected (product.md §4).
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const bookmark = screen.getByRole('button', { name: 'Bookmark' });
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  });

  it('says that rejecting a published tea unpublishes it and keeps its photos for the appeal window', async () => {
    const post = makePost({ title: 'Live tea', status: 'approved' });
    vi.stubGlobal('fetch', serve(post).fetchMock);
    const { user } = renderPost(post.id);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this tea?' });
    expect(dialog).toHaveTextContent('“Live tea” will be unpublished: readers who unlocked it lose access');
    expect(dialog).toHaveTextContent('Its photos, if any, are kept for 30 days in case it is re-approved on appeal');
    expect(dialog).not.toHaveTextContent('will not be published');
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
    const { calls, fetchMock } = fakeFetch((call) => {
      if (call.method === 'DELETE') return json(null, 204);
      return call.url.endsWith('/comments') ? json({ held: [], comments: [] }) : json(post);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderPost(post.id);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tea?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Admin feed' })).toBeInTheDocument();
    expect(screen.getByText('Post deleted successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/v1/posts/${post.id}`);
  });

  it("shows the post's real comments as a tree with 'Comments (n)'", async () => {
    const reply = { ...makeComment('kim', 'Can confirm, I work there.'), parent_comment_id: 'set-below' };
    const top = makeComment('joe', 'This is so true', [reply]);
    reply.parent_comment_id = top.id;
    const other = makeComment('lee', 'Line one\nLine two');
    const post = makePost();
    vi.stubGlobal('fetch', serve(post, undefined, () => json({ held: [], comments: [top, other] })).fetchMock);
    renderPost(post.id);

    const section = (await screen.findByRole('heading', { name: 'Comments (3)', level: 2 })).closest('section');
    if (!section) throw new Error('the comments should be a section');
    const first = within(section).getByRole('article', { name: 'Comment by @joe' });
    expect(within(first).getByText('This is so true')).toBeInTheDocument();
    expect(within(first).getByText('2h ago')).toBeInTheDocument();
    expect(within(first).getByText('1 reply')).toBeInTheDocument();
    const replies = within(section).getByRole('list', { name: 'Replies to @joe' });
    expect(within(replies).getByRole('article', { name: 'Comment by @kim' })).toHaveTextContent(
      'Can confirm, I work there.',
    );
    expect(within(section).getByRole('article', { name: 'Comment by @lee' })).toHaveTextContent('Line one Line two');
    // Read-only for the admin: no comment box, no reply toggles.
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /reply/i })).not.toBeInTheDocument();
  });

  it('says when there are no comments, and when they cannot be loaded', async () => {
    const post = makePost();
    let answer = () => json({ detail: 'Server error. Please try again later.' }, 500);
    vi.stubGlobal('fetch', serve(post, undefined, () => answer()).fetchMock);
    const { user } = renderPost(post.id);

    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments', level: 2 })).toBeInTheDocument();
    answer = () => json({ held: [], comments: [] });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No comments on this tea yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (0)', level: 2 })).toBeInTheDocument();
  });

  it('deletes a comment after confirmation and reads the tree again', async () => {
    const doomed = makeComment('troll', 'Buy cheap coins', [makeComment('kim', 'Reported.')]);
    const kept = makeComment('joe', 'Fair point');
    let comments = [doomed, kept];
    const post = makePost();
    const { calls, fetchMock } = fakeFetch(({ url, method }) => {
      if (url === `/api/v1/posts/admin/${post.id}`) return json(post);
      if (url === `/api/v1/posts/${post.id}/comments`) return json({ comments });
      if (url === `/api/v1/comments/${doomed.id}` && method === 'DELETE') {
        comments = [kept];
        return json(null, 204);
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderPost(post.id);

    await screen.findByRole('heading', { name: 'Comments (3)' });
    // Cancel leaves everything as it was.
    await user.click(screen.getByRole('button', { name: 'Delete comment by @troll' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    expect(dialog).toHaveTextContent('The comment by @troll and every reply under it will be removed for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete comment by @troll' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Comment deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Comment by @troll' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/v1/comments/${doomed.id}`]);
  });

  it('keeps the dialog open and shows the error when deleting a comment fails', async () => {
    const comment = makeComment('joe', 'Still here');
    const post = makePost();
    const { fetchMock } = fakeFetch(({ url, method }) => {
      if (url === `/api/v1/posts/admin/${post.id}`) return json(post);
      if (url === `/api/v1/posts/${post.id}/comments`) return json({ held: [], comments: [comment] });
      if (method === 'DELETE') return json({ detail: 'Comment not found.' }, 404);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderPost(post.id);

    await user.click(await screen.findByRole('button', { name: 'Delete comment by @joe' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Comment not found.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    // The page behind the open dialog is hidden from the accessibility tree, not gone.
    expect(screen.getByRole('article', { name: 'Comment by @joe', hidden: true })).toHaveTextContent('Still here');
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
