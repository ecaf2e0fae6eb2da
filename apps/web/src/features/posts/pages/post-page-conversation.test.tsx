import {
  COMMENT_MESSAGES,
  REPORT_MESSAGES,
  type CurrentUser,
  type PostDetail,
  type ReportCreated,
} from '@kettle/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '@/features/comments/testing/fake-event-source';
import { currentUserKey } from '@/lib/current-user';
import { json } from '@/testing';
import { makeComment, makeDetail, renderDetail, stubDetailApi } from '../testing/post-detail-kit';

afterEach(() => vi.unstubAllGlobals());

const ORIGINAL = '12121212-1212-4121-8121-121212121212';

const reportCreated = (post: PostDetail, reason: string, description: string): ReportCreated => ({
  message: REPORT_MESSAGES.submitted,
  coin_balance: 105,
  report: {
    id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
    reportId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
    kind: 'post',
    reference: 'R-2',
    post_id: post.id,
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

describe('Reporting a post', () => {
  it("reports from the flag: 'Report Post' with its defaults; afterwards 'Report: Pending' and no flag", async () => {
    let post = makeDetail();
    const calls = stubDetailApi(({ path, method, body }) => {
      if (path === `/posts/${post.id}` && method === 'GET') return json(post);
      if (path === `/posts/${post.id}/report` && method === 'POST') {
        post = { ...post, has_reported: true, report_status: 'pending' };
        const { reason, description } = body as { reason: string; description: string };
        return json(reportCreated(post, reason, description), 201);
      }
    });
    const { user, queryClient } = renderDetail(`/posts/${post.id}`);

    await user.click(await screen.findByRole('button', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Post' });
    expect(dialog).toHaveTextContent('Reporting costs 15 Tea Coins');
    const reason = within(dialog).getByRole('combobox', { name: 'Reason' });
    expect(reason).toHaveValue('inappropriate_content');
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Inappropriate content', 'Harassment', 'Spam', 'False information', 'Privacy violation', 'Other']);
    expect(within(dialog).getByRole('textbox', { name: 'Additional Details' })).toHaveValue('');
    await user.selectOptions(reason, 'false_information');
    await user.type(within(dialog).getByRole('textbox', { name: 'Additional Details' }), 'Never happened');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));

    expect(await screen.findByText(REPORT_MESSAGES.submitted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Report: Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report post' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(queryClient.getQueryData<CurrentUser>(currentUserKey)?.coin_balance).toBe(105);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        path: `/posts/${post.id}/report`,
        method: 'POST',
        body: { reason: 'false_information', description: 'Never happened' },
      },
    ]);
  });

  it('keeps what was typed through Cancel, and returns focus to the flag', async () => {
    const post = makeDetail();
    stubDetailApi(({ path }) => (path === `/posts/${post.id}` ? json(post) : undefined));
    const { user } = renderDetail(`/posts/${post.id}`);

    const flag = await screen.findByRole('button', { name: 'Report post' });
    await user.click(flag);
    let dialog = await screen.findByRole('dialog', { name: 'Report Post' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'harassment');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(flag).toHaveFocus());

    await user.click(flag);
    dialog = await screen.findByRole('dialog', { name: 'Report Post' });
    expect(within(dialog).getByRole('combobox', { name: 'Reason' })).toHaveValue('harassment');
  });

  it('shows no flag once reported, nor when the server says this reader may not report', async () => {
    const reported = makeDetail({ has_reported: true, report_status: 'rejected' });
    const unreportable = makeDetail({ can_report: false });
    stubDetailApi(({ path }) => {
      if (path === `/posts/${reported.id}`) return json(reported);
      if (path === `/posts/${unreportable.id}`) return json(unreportable);
    });
    const { router } = renderDetail(`/posts/${reported.id}`);

    expect(await screen.findByText('Report: Rejected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report post' })).not.toBeInTheDocument();
    await router.navigate(`/posts/${unreportable.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: unreportable.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report post' })).not.toBeInTheDocument();
  });

  it('reports a reversal from its own page, by the reversal’s id', async () => {
    let reversal = makeDetail({ original_post_id: ORIGINAL });
    const calls = stubDetailApi(({ path, method, body }) => {
      if (path === `/posts/${ORIGINAL}/reversal`) return json(reversal);
      if (method === 'POST' && path === `/posts/${reversal.id}/report`) {
        reversal = { ...reversal, has_reported: true, report_status: 'pending' };
        const { reason, description } = body as { reason: string; description: string };
        return json(reportCreated(reversal, reason, description), 201);
      }
    });
    const { user } = renderDetail(`/posts/reversal/${ORIGINAL}`);

    await user.click(await screen.findByRole('button', { name: 'Report post' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report: Pending')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        path: `/posts/${reversal.id}/report`,
        method: 'POST',
        body: { reason: 'inappropriate_content', description: '' },
      },
    ]);
  });
});

describe('Live updates on the post page', () => {
  it('shows a comment and a vote from the stream as they happen', async () => {
    installFakeEventSource();
    const post = makeDetail({ vote_count: 3 });
    const known = makeComment({ content: 'Already here' });
    stubDetailApi(({ path }) => {
      if (path === `/posts/${post.id}`) return json(post);
      if (path === `/posts/${post.id}/comments`) return json({ held: [], comments: [known] });
    });
    renderDetail(`/posts/${post.id}`);

    await screen.findByText('Already here');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.latest;
    act(() => source.open());
    expect(await screen.findByText('Live')).toBeInTheDocument();

    const live = makeComment({ username: 'cleo', content: 'Just in', parent_comment_id: known.id });
    act(() =>
      source.emit('new_comment', {
        comment_id: live.id,
        content: live.content,
        user_id: live.user_id,
        username: live.username,
        created_at: live.created_at,
        parent_comment_id: live.parent_comment_id,
      }),
    );
    const replies = await screen.findByRole('list', { name: 'Replies to @ava' });
    expect(within(replies).getByText('Just in')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();

    act(() => source.emit('vote_update', { new_vote_count: 8, can_vote: true, has_voted: false }));
    expect(await screen.findByRole('button', { name: 'Upvote, 8 votes' })).toBeEnabled();
  });

  it('opens no stream for a locked post or a visitor', async () => {
    installFakeEventSource();
    const locked = makeDetail({ is_locked: true, is_unlocked_by_user: false, can_vote: false });
    stubDetailApi(({ path }) => (path === `/posts/${locked.id}` ? json(locked) : undefined));
    renderDetail(`/posts/${locked.id}`);
    expect(await screen.findByText(COMMENT_MESSAGES.locked)).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
  });
});
