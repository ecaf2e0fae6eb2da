import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing';
import { makeDetail, renderDetail, stubDetailApi } from '../testing/post-detail-kit';

afterEach(() => vi.unstubAllGlobals());

const ORIGINAL = '12121212-1212-4121-8121-121212121212';
const image = (n: number) => ({ id: `bbbbbbbb-bbbb-4bbb-8bbb-00000000000${n}`, image_url: `/uploads/r${n}.webp` });

describe('ReversalPage', () => {
  it("asks for the reversal of the original, with arrows, an 'n / total' counter and thumbnails", async () => {
    const reversal = makeDetail({
      title: 'The other side',
      original_post_id: ORIGINAL,
      images: [image(1), image(2), image(3)],
      image_urls: ['/uploads/r1.webp', '/uploads/r2.webp', '/uploads/r3.webp'],
    });
    const calls = stubDetailApi(({ path }) => (path === `/posts/${ORIGINAL}/reversal` ? json(reversal) : undefined));
    const { user } = renderDetail(`/posts/reversal/${ORIGINAL}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'The other side' })).toBeInTheDocument();
    // The reversal is asked for by its original's id; its comments by its own.
    await waitFor(() =>
      expect(calls).toEqual([
        { path: `/posts/${ORIGINAL}/reversal`, method: 'GET' },
        { path: `/posts/${reversal.id}/comments`, method: 'GET' },
      ]),
    );
    const carousel = screen.getByRole('region', { name: 'Images of The other side' });
    expect(within(carousel).getByText('1 / 3')).toBeInTheDocument();
    await user.click(within(carousel).getByRole('button', { name: 'Next image' }));
    expect(within(carousel).getByText('2 / 3')).toBeInTheDocument();
    expect(within(carousel).getByRole('img', { name: /Image 2 of 3/ })).toHaveAttribute('src', '/uploads/r2.webp');
    await user.click(within(carousel).getByRole('button', { name: 'Previous image' }));
    await user.click(within(carousel).getByRole('button', { name: 'Previous image' }));
    expect(within(carousel).getByText('3 / 3')).toBeInTheDocument();
    await user.click(within(carousel).getByRole('button', { name: 'Show image 1' }));
    expect(within(carousel).getByText('1 / 3')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'View Original Post' })).toHaveAttribute('href', `/posts/${ORIGINAL}`);
    expect(screen.getByText('Reversal')).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(document.title).toBe('The other side | Kettle');
  });

  it('shows a placeholder icon when the reversal has no images', async () => {
    const reversal = makeDetail({ original_post_id: ORIGINAL });
    stubDetailApi(({ path }) => (path === `/posts/${ORIGINAL}/reversal` ? json(reversal) : undefined));
    renderDetail(`/posts/reversal/${ORIGINAL}`);

    expect(await screen.findByText('No images')).toBeInTheDocument();
    expect(screen.queryByText(/\d+ \/ \d+/)).not.toBeInTheDocument();
  });

  it('clamps content longer than 300 characters to 4 lines, with Read more / Show less', async () => {
    const content = `${'line of tea '.repeat(30)}THE END`;
    const reversal = makeDetail({ original_post_id: ORIGINAL, content });
    stubDetailApi(({ path }) => (path === `/posts/${ORIGINAL}/reversal` ? json(reversal) : undefined));
    const { user } = renderDetail(`/posts/reversal/${ORIGINAL}`);

    const text = await screen.findByText(/THE END/);
    expect(text).toHaveClass('line-clamp-4');
    await user.click(screen.getByRole('button', { name: 'Read more' }));
    expect(text).not.toHaveClass('line-clamp-4');
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(text).toHaveClass('line-clamp-4');
  });

  it('does not clamp content of 300 characters or fewer', async () => {
    const reversal = makeDetail({ original_post_id: ORIGINAL, content: 'y'.repeat(300) });
    stubDetailApi(({ path }) => (path === `/posts/${ORIGINAL}/reversal` ? json(reversal) : undefined));
    renderDetail(`/posts/reversal/${ORIGINAL}`);

    expect(await screen.findByText('y'.repeat(300))).not.toHaveClass('line-clamp-4');
    expect(screen.queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
  });

  it("shows 'Post Not Found' with the message, or the default text, and Go Back", async () => {
    stubDetailApi(() => json({ detail: 'Post not found.' }, 404));
    renderDetail(`/posts/reversal/${ORIGINAL}`);
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Post not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it("uses the status's message when the API sends none", async () => {
    stubDetailApi(() => new Response('', { status: 404 }));
    renderDetail(`/posts/reversal/${ORIGINAL}`);
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The requested resource was not found.')).toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    stubDetailApi(() => new Promise<Response>(() => undefined));
    renderDetail(`/posts/reversal/${ORIGINAL}`);
    expect(await screen.findByRole('status', { name: 'Loading post' })).toBeInTheDocument();
  });
});
