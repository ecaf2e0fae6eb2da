import { maskHandle, POST_CARD_MESSAGES } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing';
import { AVA, makeDetail, renderDetail, stubDetailApi } from '../testing/post-detail-kit';

afterEach(() => vi.unstubAllGlobals());

const PREVIEW = 'P'.repeat(150);
const FULL = `${PREVIEW} and then the rest of the story, which only readers who unlocked it get to see.`;

describe('PostPage', () => {
  it('shows a locked post faded with the masked handle, and unlocks it after confirming price and balance', async () => {
    const locked = makeDetail({
      title: 'Locked tea',
      content: PREVIEW,
      is_locked: true,
      is_unlocked_by_user: false,
      tagged_handle: maskHandle('@jane'),
      unlock_price: 55,
      image_urls: ['/uploads/preview1.webp'],
      images: [{ id: 'a1a1a1a1-0000-4000-8000-000000000001', image_url: '/uploads/preview1.webp' }],
    });
    const fullImage = '/uploads/full1.webp?exp=1&sig=s';
    const unlocked = {
      ...locked,
      content: FULL,
      is_locked: false,
      is_unlocked_by_user: true,
      tagged_handle: '@jane',
      image_urls: [fullImage],
      images: [{ id: 'a1a1a1a1-0000-4000-8000-000000000001', image_url: fullImage }],
    };
    let current = locked;
    const calls = stubDetailApi(({ path, method }) => {
      if (path === `/posts/${locked.id}` && method === 'GET') return json(current);
      if (path === `/posts/${locked.id}/unlock` && method === 'POST') {
        current = unlocked;
        return json({ message: POST_CARD_MESSAGES.unlocked, coin_balance: 65, post: unlocked });
      }
    });
    const { user } = renderDetail(`/posts/${locked.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Locked tea' })).toBeInTheDocument();
    expect(screen.getByTestId('locked-preview')).toHaveTextContent(`${PREVIEW}…`);
    expect(screen.getByText('j•••••')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This tea is locked' })).toBeInTheDocument();
    expect(screen.getByText('55 Tea Coins')).toBeInTheDocument();
    // The photo is the server's tiny preview, blurred, with a lock hint and an alt that says so.
    const preview = screen.getByRole('img', { name: /^Image 1 of 1 for Locked tea \(locked/ });
    expect(preview).toHaveAttribute('src', '/uploads/preview1.webp');
    expect(preview).toHaveAttribute('data-locked', 'true');
    expect(preview.className).toMatch(/blur/);
    expect(screen.getByText('Unlock to see the photos')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unlock for 55 coins' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unlock this tea?' });
    expect(within(dialog).getByText('55 Tea Coins')).toBeInTheDocument();
    expect(await within(dialog).findByText('120 Tea Coins')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));

    expect(await screen.findByText(FULL)).toBeInTheDocument();
    expect(screen.getByText('jane')).toBeInTheDocument();
    expect(screen.queryByTestId('locked-preview')).not.toBeInTheDocument();
    const photo = screen.getByRole('img', { name: 'Image 1 of 1 for Locked tea' });
    expect(photo).toHaveAttribute('src', fullImage);
    expect(photo).not.toHaveAttribute('data-locked');
    expect(screen.queryByText('Unlock to see the photos')).not.toBeInTheDocument();
    expect(screen.getByText('Post Unlocked!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ path: `/posts/${locked.id}/unlock`, method: 'POST' }]);
  });

  it('sends a visitor to sign in, and back here afterwards', async () => {
    const locked = makeDetail({ content: PREVIEW, is_locked: true, is_unlocked_by_user: false });
    stubDetailApi(({ path }) => (path === `/posts/${locked.id}` ? json(locked) : undefined));
    const { user, router } = renderDetail(`/posts/${locked.id}`, { signedIn: false });

    await user.click(await screen.findByRole('link', { name: 'Sign in to unlock' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: `/posts/${locked.id}` });
  });

  it("collapses unlocked content past 300 characters with 'Read more' / 'Show less'", async () => {
    const content = `${'word '.repeat(70)}THE END`;
    const post = makeDetail({ content, evidence_link: 'https://example.com/proof' });
    stubDetailApi(({ path }) => (path === `/posts/${post.id}` ? json(post) : undefined));
    const { user } = renderDetail(`/posts/${post.id}`);

    const more = await screen.findByRole('button', { name: 'Read more' });
    expect(screen.queryByText(/THE END/)).not.toBeInTheDocument();
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByText(/THE END/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText(/THE END/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Evidence link/ })).toHaveAttribute('href', 'https://example.com/proof');
    expect(screen.queryByRole('button', { name: /Unlock/ })).not.toBeInTheDocument();
  });

  it("shows 'Post Not Found' with the API's message on a 404, and Go Back leads home", async () => {
    const calls = stubDetailApi(() => json({ detail: 'Post not found.' }, 404));
    const { user } = renderDetail('/posts/4d3c2b1a-0000-4000-8000-000000000000');

    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Post not found.')).toBeInTheDocument();
    expect(document.title).toBe('Post Not Found | Kettle');
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'All Teas' })).toBeInTheDocument();
  });

  it.each(['undefined', 'null'])("redirects '/posts/%s' to the list without asking the API", async (id) => {
    const calls = stubDetailApi(() => undefined);
    renderDetail(`/posts/${id}`);
    expect(await screen.findByRole('heading', { name: 'All Teas' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sets the page title and the meta description, and restores the description on leaving', async () => {
    const content = `Line one of the tea.\n${'x'.repeat(300)}`;
    const post = makeDetail({ title: 'The big spill', content });
    stubDetailApi(({ path }) => (path === `/posts/${post.id}` ? json(post) : undefined));
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Site description';
    document.head.append(meta);
    const { user } = renderDetail(`/posts/${post.id}`, { history: ['/'] });

    await screen.findByRole('heading', { level: 1, name: 'The big spill' });
    await waitFor(() => expect(document.title).toBe('The big spill | Kettle'));
    expect(meta.content).toBe(`Line one of the tea. ${'x'.repeat(139)}`);
    expect(meta.content).toHaveLength(160);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'All Teas' })).toBeInTheDocument();
    expect(meta.content).toBe('Site description');
    meta.remove();
  });

  it("shows the author 'n unlocked' and Empty Pot, the status and the report status; no Empty Pot when rejected", async () => {
    const own = makeDetail({
      title: 'Mine',
      unlock_count: 4,
      status: 'pending',
      report_status: 'pending',
      empty_pot_refusal: null,
    });
    const rejected = makeDetail({
      title: 'Rejected one',
      unlock_count: 0,
      status: 'rejected',
      empty_pot_refusal: 'rejected',
    });
    stubDetailApi(({ path }) => {
      if (path === `/posts/${own.id}`) return json(own);
      if (path === `/posts/${rejected.id}`) return json(rejected);
    }, AVA);
    const { router } = renderDetail(`/posts/${own.id}`);

    expect(await screen.findByRole('button', { name: 'Empty Pot' })).toBeInTheDocument();
    expect(screen.getByText('4 unlocked')).toBeInTheDocument();
    expect(screen.getByText('Report: Pending')).toBeInTheDocument();
    expect(screen.getByText('Pending', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Reversal' })).not.toBeInTheDocument();

    await router.navigate(`/posts/${rejected.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rejected one' })).toBeInTheDocument();
    expect(await screen.findByText('0 unlocked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty Pot' })).not.toBeInTheDocument();
  });

  it('links a reversal to its original and an original to its reversal', async () => {
    const original = makeDetail({ title: 'Original', has_reversal: true });
    const reversal = makeDetail({ title: 'Reversal', original_post_id: original.id });
    stubDetailApi(({ path }) => {
      if (path === `/posts/${original.id}`) return json(original);
      if (path === `/posts/${reversal.id}`) return json(reversal);
    });
    const { user } = renderDetail(`/posts/${reversal.id}`);

    await user.click(await screen.findByRole('link', { name: 'View Original Post' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Original' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Reversal' })).toHaveAttribute(
      'href',
      `/posts/reversal/${original.id}`,
    );
  });
});
