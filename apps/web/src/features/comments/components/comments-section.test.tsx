import {
  BLOCK_MESSAGES,
  COMMENT_MESSAGES,
  REPORT_MESSAGES,
  type Comment,
  type CurrentUser,
  type ReportCreated,
} from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AVA,
  BEN,
  makeComment,
  makeDetail,
  renderDetail,
  stubDetailApi,
  type Call,
} from '@/features/posts/testing/post-detail-kit';
import { currentUserKey } from '@/lib/current-user';
import { json } from '@/testing';

afterEach(() => vi.unstubAllGlobals());

const ORIGINAL = '12121212-1212-4121-8121-121212121212';

/** A GET of the post and its comments, plus whatever `more` answers. */
function servePost(
  post: ReturnType<typeof makeDetail>,
  comments: () => Comment[],
  more: (call: Call) => Response | undefined = () => undefined,
) {
  return stubDetailApi((call) => {
    if (call.method === 'GET' && call.path === `/posts/${post.id}`) return json(post);
    if (call.method === 'GET' && call.path === `/posts/${ORIGINAL}/reversal`) return json(post);
    if (call.method === 'GET' && call.path === `/posts/${post.id}/comments`)
      return json({ held: [], comments: comments() });
    return more(call);
  });
}

const created = (comment: Comment, coin_balance = 110) => json({ comment, coin_balance }, 201);

const reportAnswer = (reason: string, description: string): ReportCreated => ({
  message: REPORT_MESSAGES.submitted,
  coin_balance: 105,
  report: {
    id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
    reportId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
    kind: 'comment',
    reference: 'R-1',
    post_id: null,
    comment_id: null,
    comment_excerpt: null,
    content_url: null,
    tea_title: null,
    tea_handle: null,
    contact_email: null,
    reporter_username: 'ben',
    content_author_id: null,
    reason,
    description,
    status: 'pending',
    admin_notes: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  },
});

describe('CommentsSection', () => {
  it("shows the tree with nested replies, initials and times, and counts every comment in 'Comments (n)'", async () => {
    const post = makeDetail();
    const deep = makeComment({
      username: 'cleo',
      content: 'Deep reply',
      created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    });
    const reply = makeComment({
      user_id: BEN.id,
      username: 'ben',
      content: 'A reply',
      is_own: true,
      replies: [deep],
      created_at: new Date(Date.now() - 20 * 60_000).toISOString(),
    });
    const first = makeComment({ content: 'First!', replies: [reply] });
    const second = makeComment({
      username: 'dan',
      content: 'Second top-level',
      created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    servePost(post, () => [first, second]);
    renderDetail(`/posts/${post.id}`);

    expect(await screen.findByRole('heading', { name: 'Comments (4)' })).toBeInTheDocument();
    // The comments load as their own chunk after the heading's count.
    const top = await screen.findByRole('article', { name: 'Comment by ava' });
    expect(within(top).getByText('First!')).toBeInTheDocument();
    expect(within(top).getByText('AV')).toBeInTheDocument();
    expect(within(top).getByText('5m ago')).toBeInTheDocument();
    const replies = within(top).getByRole('list', { name: 'Replies to @ava' });
    const ben = within(replies).getByRole('article', { name: 'Comment by ben' });
    expect(within(ben).getByText('You')).toBeInTheDocument();
    expect(
      within(within(ben).getByRole('list', { name: 'Replies to @ben' })).getByText('Deep reply'),
    ).toBeInTheDocument();
    expect(screen.getByText('3h ago')).toBeInTheDocument();
    const dan = screen.getByRole('article', { name: 'Comment by dan' });
    expect(within(dan).getByText('DA')).toBeInTheDocument();
    expect(within(dan).getByText('2d ago')).toBeInTheDocument();
    expect(within(dan).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says so when there are no comments yet', async () => {
    const post = makeDetail();
    servePost(post, () => []);
    renderDetail(`/posts/${post.id}`);
    expect(await screen.findByText(COMMENT_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeInTheDocument();
  });

  it('keeps Comment disabled while the box is blank after trimming', async () => {
    const post = makeDetail();
    servePost(post, () => []);
    const { user } = renderDetail(`/posts/${post.id}`);

    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    expect(box).toHaveAttribute('placeholder', 'Add a comment...');
    const send = screen.getByRole('button', { name: 'Comment' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.type(box, 'x');
    expect(send).toBeEnabled();
  });

  it('posts a comment: it joins the tree once, the balance follows and the box clears', async () => {
    const post = makeDetail();
    const mine = makeComment({ user_id: BEN.id, username: 'ben', content: 'Hello there', is_own: true });
    const calls = servePost(
      post,
      () => [],
      (call) => (call.method === 'POST' && call.path === `/posts/${post.id}/comments` ? created(mine) : undefined),
    );
    const { user, queryClient } = renderDetail(`/posts/${post.id}`);

    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await screen.findByText(COMMENT_MESSAGES.empty);
    await user.type(box, '  Hello there  ');
    await user.click(screen.getByRole('button', { name: 'Comment' }));

    expect(await screen.findByRole('article', { name: 'Comment by ben' })).toHaveTextContent('Hello there');
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    expect(screen.getByText(COMMENT_MESSAGES.added.title)).toBeInTheDocument();
    expect(screen.getByText(COMMENT_MESSAGES.added.description)).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(queryClient.getQueryData<CurrentUser>(currentUserKey)?.coin_balance).toBe(110);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { path: `/posts/${post.id}/comments`, method: 'POST', body: { content: 'Hello there', parent_comment_id: null } },
    ]);
  });

  it("keeps the text and shows 'Failed to post comment' with the reason when the server refuses", async () => {
    const post = makeDetail();
    servePost(
      post,
      () => [],
      (call) => (call.method === 'POST' ? json({ detail: 'Please verify your email address first.' }, 403) : undefined),
    );
    const { user } = renderDetail(`/posts/${post.id}`);

    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Not yet');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText(COMMENT_MESSAGES.failed)).toBeInTheDocument();
    expect(screen.getByText('Please verify your email address first.')).toBeInTheDocument();
    expect(box).toHaveValue('Not yet');
  });

  it('shows where coins come from when the balance is short', async () => {
    const post = makeDetail();
    servePost(
      post,
      () => [],
      (call) =>
        call.method === 'POST'
          ? json({ detail: 'You need 10 Tea Coins for this.', code: 'INSUFFICIENT_COINS' }, 402)
          : undefined,
    );
    const { user } = renderDetail(`/posts/${post.id}`);

    await user.type(await screen.findByRole('textbox', { name: 'Add a comment' }), 'Broke');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not enough Tea Coins. You need 10 Tea Coins for this.');
    expect(within(alert).getByRole('link', { name: 'See how to get coins' })).toHaveAttribute('href', '/guide');
  });

  it("opens 'Replying to @name' with Cancel, and sends a reply that nests under its parent", async () => {
    const post = makeDetail();
    const parent = makeComment({ content: 'Parent comment' });
    const reply = makeComment({
      user_id: BEN.id,
      username: 'ben',
      content: 'My reply',
      parent_comment_id: parent.id,
      is_own: true,
    });
    const calls = servePost(
      post,
      () => [parent],
      (call) => (call.method === 'POST' && call.path === `/posts/${post.id}/comments` ? created(reply) : undefined),
    );
    const { user } = renderDetail(`/posts/${post.id}`);

    const toggle = await screen.findByRole('button', { name: 'Reply to @ava' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Replying to @ava')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Replying to @ava' });
    expect(box).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Replying to @ava')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.type(screen.getByRole('textbox', { name: 'Replying to @ava' }), 'My reply');
    await user.click(screen.getByRole('button', { name: 'Reply' }));

    const replies = await screen.findByRole('list', { name: 'Replies to @ava' });
    expect(within(replies).getByRole('article', { name: 'Comment by ben' })).toHaveTextContent('My reply');
    expect(screen.queryByText('Replying to @ava')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { content: 'My reply', parent_comment_id: parent.id },
    ]);
  });

  it("on the reversal page: 'Reply to @username...', nothing sent while blank, and the box clears after sending", async () => {
    const reversal = makeDetail({ original_post_id: ORIGINAL });
    const parent = makeComment({ content: 'On the reversal' });
    const reply = makeComment({ username: 'ben', user_id: BEN.id, parent_comment_id: parent.id, content: 'Agreed' });
    const calls = servePost(
      reversal,
      () => [parent],
      (call) => (call.method === 'POST' ? created(reply) : undefined),
    );
    const { user } = renderDetail(`/posts/reversal/${ORIGINAL}`);

    await user.click(await screen.findByRole('button', { name: 'Reply to @ava' }));
    const box = screen.getByRole('textbox', { name: 'Reply to @ava' });
    expect(box).toHaveAttribute('placeholder', 'Reply to @ava...');
    expect(screen.queryByText('Replying to @ava')).not.toBeInTheDocument();
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Reply' })).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(box);
    await user.type(box, 'Agreed');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Agreed')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply to @ava' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reply to @ava' }));
    expect(screen.getByRole('textbox', { name: 'Reply to @ava' })).toHaveValue('');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        path: `/posts/${reversal.id}/comments`,
        method: 'POST',
        body: { content: 'Agreed', parent_comment_id: parent.id },
      },
    ]);
  });

  it('shows the unlock notice on a locked post, without asking for its comments', async () => {
    const locked = makeDetail({ is_locked: true, is_unlocked_by_user: false, can_vote: false });
    const calls = servePost(locked, () => [makeComment()]);
    renderDetail(`/posts/${locked.id}`);

    expect(await screen.findByText(COMMENT_MESSAGES.locked)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/comments'))).toBe(false);
  });

  it('asks a visitor to sign in, without asking for comments', async () => {
    const post = makeDetail({ is_locked: true, is_unlocked_by_user: false, can_vote: false, can_report: false });
    const calls = servePost(post, () => [makeComment()]);
    const { user, router } = renderDetail(`/posts/${post.id}`, { signedIn: false });

    const section = (await screen.findByRole('heading', { name: 'Comments' })).closest('section');
    if (!section) throw new Error('no comments section');
    await user.click(within(section).getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: `/posts/${post.id}` });
    expect(calls.some((c) => c.path.endsWith('/comments'))).toBe(false);
  });

  it('takes no new comments on an unpublished tea (its author still reads them)', async () => {
    const own = makeDetail({ status: 'pending', unlock_count: 0, can_vote: false, can_report: false });
    stubDetailApi((call) => {
      if (call.path === `/posts/${own.id}`) return json(own);
      if (call.path === `/posts/${own.id}/comments`)
        return json({ held: [], comments: [makeComment({ content: 'Early' })] });
    }, AVA);
    renderDetail(`/posts/${own.id}`);

    expect(await screen.findByText('Early')).toBeInTheDocument();
    expect(screen.getByText('New comments open once this tea is published.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reply to/ })).not.toBeInTheDocument();
  });

  it("says only that comments open on publishing when a pending tea has none, not 'No comments yet' too", async () => {
    const own = makeDetail({ status: 'pending', unlock_count: 0, can_vote: false, can_report: false });
    stubDetailApi((call) => (call.path === `/posts/${own.id}` ? json(own) : undefined), AVA);
    renderDetail(`/posts/${own.id}`);

    expect(await screen.findByText('New comments open once this tea is published.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Comments (0)' })).toBeInTheDocument();
    expect(screen.queryByText(COMMENT_MESSAGES.empty)).not.toBeInTheDocument();
  });
});

describe('Comment menu', () => {
  it('offers Delete only on your own comment, and Report and Block on anyone else’s', async () => {
    const post = makeDetail();
    const theirs = makeComment({ content: 'Theirs' });
    const mine = makeComment({ user_id: BEN.id, username: 'ben', content: 'Mine', is_own: true });
    servePost(post, () => [theirs, mine]);
    const { user } = renderDetail(`/posts/${post.id}`);

    await user.click(await screen.findByRole('button', { name: 'Actions for the comment by ava' }));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Report', 'Block @ava']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for the comment by ben' }));
    menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Delete']);
  });

  it('gives an admin Block and Delete on anyone’s comment, but no Report (admins decide reports)', async () => {
    const post = makeDetail({ can_report: false });
    const theirs = makeComment({ content: 'Theirs' });
    stubDetailApi(
      (call) => {
        if (call.path === `/posts/${post.id}`) return json(post);
        if (call.path === `/posts/${post.id}/comments`) return json({ held: [], comments: [theirs] });
      },
      { ...BEN, is_admin: true },
    );
    const { user, queryClient } = renderDetail(`/posts/${post.id}`);

    await screen.findByText('Theirs');
    // What the menu offers depends on who is signed in.
    await waitFor(() => expect(queryClient.getQueryData(currentUserKey)).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Actions for the comment by ava' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Block @ava', 'Delete']);
  });

  it('gives an admin still without required two-factor sign-in a member’s menu (the API refuses the rest)', async () => {
    const post = makeDetail();
    const theirs = makeComment({ content: 'Theirs' });
    stubDetailApi(
      (call) => {
        if (call.path === `/posts/${post.id}`) return json(post);
        if (call.path === `/posts/${post.id}/comments`) return json({ held: [], comments: [theirs] });
      },
      { ...BEN, is_admin: true, two_factor_required: true },
    );
    const { user, queryClient } = renderDetail(`/posts/${post.id}`);

    await screen.findByText('Theirs');
    await waitFor(() => expect(queryClient.getQueryData(currentUserKey)).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Actions for the comment by ava' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Report', 'Block @ava']);
  });

  it('blocks a user after confirming: their comments leave the tree', async () => {
    const post = makeDetail();
    const theirs = makeComment({ content: 'Spiteful comment' });
    const other = makeComment({
      username: 'dan',
      user_id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
      content: 'Kind comment',
    });
    let blocked = false;
    const calls = servePost(
      post,
      () => (blocked ? [other] : [theirs, other]),
      (call) => {
        if (call.method === 'POST' && call.path === '/users/me/blocks') {
          blocked = true;
          return json({ user_id: AVA.id, username: 'ava', blocked_at: new Date().toISOString() });
        }
      },
    );
    const { user } = renderDetail(`/posts/${post.id}`);

    const trigger = await screen.findByRole('button', { name: 'Actions for the comment by ava' });
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Block @ava' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block @ava?' });
    expect(dialog).toHaveTextContent('You can unblock them in My Account.');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText(BLOCK_MESSAGES.blocked('ava'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Spiteful comment')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('Kind comment')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Comments (1)' })).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { path: '/users/me/blocks', method: 'POST', body: { user_id: AVA.id } },
    ]);
  });

  it('deletes your own comment after confirming, and closes on Cancel without a call', async () => {
    const post = makeDetail();
    const mine = makeComment({ user_id: BEN.id, username: 'ben', content: 'Regrettable', is_own: true });
    let deleted = false;
    const calls = servePost(
      post,
      () => (deleted ? [] : [mine]),
      (call) => {
        if (call.method === 'DELETE' && call.path === `/comments/${mine.id}`) {
          deleted = true;
          return new Response(null, { status: 204 });
        }
      },
    );
    const { user } = renderDetail(`/posts/${post.id}`);

    const trigger = await screen.findByRole('button', { name: 'Actions for the comment by ben' });
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(COMMENT_MESSAGES.deleted)).toBeInTheDocument();
    expect(await screen.findByText(COMMENT_MESSAGES.empty)).toBeInTheDocument();
    // The comment took its menu with it: focus goes to the section's heading, not the page's body.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Comments (0)' })).toHaveFocus());
  });

  it("reports a comment in 'Report Comment': defaults, the chosen reason and details, then back to defaults", async () => {
    const post = makeDetail();
    const theirs = makeComment({ content: 'Nasty' });
    const calls = servePost(
      post,
      () => [theirs],
      (call) =>
        call.method === 'POST' && call.path === `/comments/${theirs.id}/report`
          ? json(reportAnswer('spam', 'Bot account'), 201)
          : undefined,
    );
    const { user, queryClient } = renderDetail(`/posts/${post.id}`);

    const trigger = await screen.findByRole('button', { name: 'Actions for the comment by ava' });
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    let dialog = await screen.findByRole('dialog', { name: 'Report Comment' });
    const reason = within(dialog).getByRole('combobox', { name: 'Reason' });
    expect(reason).toHaveValue('inappropriate_content');
    expect(within(reason).getByRole('option', { selected: true })).toHaveTextContent('Inappropriate content');
    await user.selectOptions(reason, 'spam');
    await user.type(within(dialog).getByRole('textbox', { name: 'Additional Details' }), 'Bot account');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));

    expect(await screen.findByText(REPORT_MESSAGES.submitted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        path: `/comments/${theirs.id}/report`,
        method: 'POST',
        body: { reason: 'spam', description: 'Bot account' },
      },
    ]);
    expect(queryClient.getQueryData<CurrentUser>(currentUserKey)?.coin_balance).toBe(105);

    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    dialog = await screen.findByRole('dialog', { name: 'Report Comment' });
    expect(within(dialog).getByRole('combobox', { name: 'Reason' })).toHaveValue('inappropriate_content');
    expect(within(dialog).getByRole('textbox', { name: 'Additional Details' })).toHaveValue('');
  });
});
