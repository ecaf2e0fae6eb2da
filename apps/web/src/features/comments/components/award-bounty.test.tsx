import { BOUNTY_MESSAGES, type PostDetail } from '@kettle/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BountyBadge } from '@/features/posts/components/bounty-badge';
import { listOf, makeCard, renderHome, stubPosts } from '@/features/posts/testing/posts-kit';
import {
  AVA,
  BEN,
  makeComment,
  makeDetail,
  renderDetail,
  stubDetailApi,
} from '@/features/posts/testing/post-detail-kit';
import { json } from '@/testing';

afterEach(() => vi.unstubAllGlobals());

const openBounty = (patch: Partial<PostDetail> = {}) =>
  makeDetail({
    bounty: 50,
    bounty_status: 'escrowed',
    can_award_bounty: true,
    bounty_expires_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    ...patch,
  });

const bensComment = () => makeComment({ user_id: BEN.id, username: 'ben', content: 'I was there too.' });
const avasComment = () => makeComment({ content: 'Thanks all.', is_own: true });

describe('Award bounty', () => {
  it("shows the author 'Award bounty' on other users' comments only, and awards after a confirm", async () => {
    const post = openBounty();
    const ben = bensComment();
    const awarded: PostDetail = {
      ...post,
      bounty_status: 'awarded',
      can_award_bounty: false,
      bounty_comment_id: ben.id,
    };
    const calls = stubDetailApi((call) => {
      if (call.method === 'GET' && call.path === `/posts/${post.id}`) return json(post);
      if (call.method === 'GET' && call.path === `/posts/${post.id}/comments`)
        return json({ held: [], comments: [ben, avasComment()] });
      if (call.method === 'POST' && call.path === `/posts/${post.id}/bounty/award`)
        return json({ message: BOUNTY_MESSAGES.awarded, post: awarded });
      return undefined;
    }, AVA);
    const { user } = renderDetail(`/posts/${post.id}`);

    const benArticle = await screen.findByRole('article', { name: 'Comment by ben' });
    const avaArticle = screen.getByRole('article', { name: 'Comment by ava' });
    expect(within(avaArticle).queryByRole('button', { name: /Award bounty/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Your bounty of 50 Tea Coins is open/)).toBeInTheDocument();

    await user.click(within(benArticle).getByRole('button', { name: 'Award bounty to @ben' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Award the bounty to @ben?' });
    expect(dialog).toHaveTextContent('50 Tea Coins go to @ben for this comment.');
    await user.click(within(dialog).getByRole('button', { name: 'Award bounty' }));

    expect(await within(benArticle).findByText('Bounty winner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Award bounty/ })).not.toBeInTheDocument();
    expect(screen.getByText(BOUNTY_MESSAGES.awarded)).toBeInTheDocument();
    expect(screen.getByText('50 Tea Coins went to the comment you chose.')).toBeInTheDocument();
    expect(screen.getByText(/Bounty: 50 Tea Coins/)).toHaveTextContent('(awarded)');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { path: `/posts/${post.id}/bounty/award`, method: 'POST', body: { comment_id: ben.id } },
    ]);
    await waitFor(() => expect(within(benArticle).getByText('Bounty winner').parentElement).toHaveFocus());
  });

  it('Cancel sends nothing and gives focus back to the button', async () => {
    const post = openBounty();
    const calls = stubDetailApi((call) => {
      if (call.method === 'GET' && call.path === `/posts/${post.id}`) return json(post);
      if (call.method === 'GET' && call.path === `/posts/${post.id}/comments`)
        return json({ held: [], comments: [bensComment()] });
      return undefined;
    }, AVA);
    const { user } = renderDetail(`/posts/${post.id}`);

    const button = await screen.findByRole('button', { name: 'Award bounty to @ben' });
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal and reads the post again", async () => {
    const post = openBounty();
    const calls = stubDetailApi((call) => {
      if (call.method === 'GET' && call.path === `/posts/${post.id}`) return json(post);
      if (call.method === 'GET' && call.path === `/posts/${post.id}/comments`)
        return json({ held: [], comments: [bensComment()] });
      if (call.method === 'POST') return json({ detail: BOUNTY_MESSAGES.notOpen, code: 'CONFLICT' }, 409);
      return undefined;
    }, AVA);
    const { user } = renderDetail(`/posts/${post.id}`);

    await user.click(await screen.findByRole('button', { name: 'Award bounty to @ben' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Award bounty' }));
    expect(await screen.findByText(BOUNTY_MESSAGES.notOpen)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === `/posts/${post.id}`).length).toBeGreaterThan(1),
    );
  });

  it('readers see the winner badge and no award control', async () => {
    const ben = bensComment();
    const post = makeDetail({ bounty: 50, bounty_status: 'awarded', bounty_comment_id: ben.id });
    stubDetailApi((call) => {
      if (call.method === 'GET' && call.path === `/posts/${post.id}`) return json(post);
      if (call.method === 'GET' && call.path === `/posts/${post.id}/comments`)
        return json({ held: [], comments: [ben] });
      return undefined;
    });
    renderDetail(`/posts/${post.id}`);

    const article = await screen.findByRole('article', { name: 'Comment by ben' });
    expect(within(article).getByText('Bounty winner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Award bounty/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Your bounty/)).not.toBeInTheDocument();
  });
});

describe('BountyBadge', () => {
  it.each([
    ['escrowed', 'Bounty: 50 Tea Coins (open)'],
    ['awarded', 'Bounty: 50 Tea Coins (awarded)'],
    ['refunded', 'Bounty: 50 Tea Coins (refunded)'],
  ] as const)('says %s as "%s"', (status, text) => {
    render(<BountyBadge post={{ bounty: 50, bounty_status: status }} />);
    expect(screen.getByText(/Bounty:/).textContent).toBe(text);
  });

  it('shows nothing for a tea without a bounty', () => {
    const { container } = render(<BountyBadge post={{ bounty: 0, bounty_status: 'none' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('bounty on the card and the detail page', () => {
  it('cards show an open bounty and a locked detail shows its state; teas without one show none', async () => {
    const withBounty = makeCard({ title: 'Bounty tea', bounty: 75, bounty_status: 'escrowed', is_locked: true });
    const without = makeCard({ title: 'Plain tea' });
    stubPosts({ list: () => listOf([withBounty, without]) });
    renderHome();
    const card = await screen.findByRole('article', { name: 'Bounty tea' });
    expect(within(card).getByText(/Bounty:/).textContent).toBe('Bounty: 75 Tea Coins (open)');
    expect(within(screen.getByRole('article', { name: 'Plain tea' })).queryByText(/Bounty:/)).not.toBeInTheDocument();
  });

  it('the detail page lists a refunded bounty among the badges', async () => {
    const post = makeDetail({ bounty: 20, bounty_status: 'refunded' });
    stubDetailApi((call) => (call.method === 'GET' && call.path === `/posts/${post.id}` ? json(post) : undefined));
    renderDetail(`/posts/${post.id}`);
    const about = await screen.findByRole('list', { name: 'About this tea' });
    expect(within(about).getByText(/Bounty:/).textContent).toBe('Bounty: 20 Tea Coins (refunded)');
  });
});
