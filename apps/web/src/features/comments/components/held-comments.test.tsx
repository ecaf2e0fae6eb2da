import { COMMENT_MESSAGES, type CurrentUser, type HeldComment } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDetail, renderDetail, stubDetailApi } from '@/features/posts/testing/post-detail-kit';
import { currentUserKey } from '@/lib/current-user';
import { json } from '@/testing';

afterEach(() => vi.unstubAllGlobals());

const TEXT = 'call her at (512) 867-2291, her son was there';
const held = (postId: string): HeldComment => ({
  id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
  post_id: postId,
  content: TEXT,
  parent_comment_id: null,
  created_at: new Date().toISOString(),
  flags: ['privacy', 'minor'],
  findings: [
    { field: 'comment', kind: 'phone', start: 12, end: 26, text: '(512) 867-2291', severity: 'high', rule: 'privacy' },
    { field: 'comment', kind: 'minor', start: 28, end: 35, text: 'her son', severity: 'minor', rule: 'minors' },
  ],
});

describe('a comment the privacy guard held', () => {
  it('shows its writer "waiting for review", the words it found and why, and keeps it out of the tree', async () => {
    const post = makeDetail();
    let list = { comments: [], held: [] as HeldComment[] };
    stubDetailApi((call) => {
      if (call.method === 'GET' && call.path === `/posts/${post.id}`) return json(post);
      if (call.method === 'GET' && call.path === `/posts/${post.id}/comments`) return json(list);
      if (call.method === 'POST' && call.path === `/posts/${post.id}/comments`) {
        list = { comments: [], held: [held(post.id)] };
        return json({ held: held(post.id), coin_balance: 90, message: COMMENT_MESSAGES.held }, 202);
      }
      return undefined;
    });
    const { user, queryClient } = renderDetail(`/posts/${post.id}`);
    await user.type(await screen.findByRole('textbox', { name: 'Add a comment' }), TEXT);
    await user.click(screen.getByRole('button', { name: 'Comment' }));

    const waiting = await screen.findByRole('region', { name: 'Your comments waiting for review' });
    expect(within(waiting).getByText(COMMENT_MESSAGES.waiting)).toBeInTheDocument();
    const marks = waiting.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['(512) 867-2291 (Phone number)', 'her son (A minor)']);
    expect(within(waiting).getByText('Phone number:')).toBeInTheDocument();
    expect(within(waiting).getByText('A minor:')).toBeInTheDocument();
    expect(screen.getByText(COMMENT_MESSAGES.empty)).toBeInTheDocument();
    expect(queryClient.getQueryData<CurrentUser>(currentUserKey)?.coin_balance).toBe(90);
    expect(await screen.findAllByText(COMMENT_MESSAGES.held)).not.toHaveLength(0);
  });
});
