import type { PrivacyReview } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute } from '@/testing';
import { fakeFetch, makePost } from '../testing/fixtures';
import { adminStandIns } from '../testing/render-page';
import { ModerationPage } from './moderation-page';
import { PrivacyDeskPage } from './privacy-desk-page';

const CONTENT = 'call her at (512) 867-2291, her son was there';
const review: PrivacyReview = {
  flags: ['privacy', 'minor'],
  status: 'open',
  held: true,
  findings: [
    { field: 'content', kind: 'phone', start: 12, end: 26, text: '(512) 867-2291', severity: 'high', rule: 'privacy' },
    { field: 'content', kind: 'minor', start: 28, end: 35, text: 'her son', severity: 'minor', rule: 'minors' },
  ],
};

const list = (posts: ReturnType<typeof makePost>[]) =>
  json({ data: posts, metadata: { total_elements: posts.length, skip: 0, limit: 9 } });

beforeEach(() => setTokens('token', 'refresh'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('the moderation queue with the privacy guard', () => {
  it('filters by flag, marks the flagged spans and redacts and approves in one action', async () => {
    const flagged = makePost({ title: 'Held tea', content: CONTENT, privacy: review });
    const redacted = {
      ...flagged,
      status: 'approved' as const,
      content: 'call her at [phone removed], [minor removed] was there',
      privacy: { ...review, status: 'redacted' as const, held: false },
    };
    let done = false;
    const { calls, fetchMock } = fakeFetch(({ method, url }) => {
      if (method === 'POST' && url.endsWith(`/posts/admin/${flagged.id}/redact-approve`)) {
        done = true;
        return json(redacted);
      }
      if (url.startsWith('/api/v1/posts/admin/all')) return list(done ? [] : [flagged]);
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderRoute('/admin/moderation', {
      pattern: '/admin/moderation',
      element: <ModerationPage />,
      routes: adminStandIns('/admin/moderation'),
    });

    await user.click(await screen.findByRole('link', { name: 'Minor' }));
    const card = await screen.findByRole('article', { name: 'Held tea' });
    expect(calls.at(-1)?.url).toBe('/api/v1/posts/admin/all?flag=minor&order=oldest&skip=0&limit=9');
    expect(screen.getByRole('link', { name: 'Minor' })).toHaveAttribute('aria-current', 'page');
    expect(within(card).getByRole('list', { name: 'Privacy flags' })).toHaveTextContent('Private data Minor');
    expect([...card.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      '(512) 867-2291 (Phone number)',
      'her son (A minor)',
    ]);
    expect(within(card).getByRole('button', { name: 'Approve as written' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Redact and approve' }));
    expect(await screen.findByText('Private details removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Held tea' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'No teas flagged “Minor”' })).toBeInTheDocument();
  });
});

describe('the privacy desk', () => {
  it('approves a held comment with its details removed, and keeps a flagged one', async () => {
    const held = {
      id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee1',
      post_id: makePost().id,
      post_title: 'The office party',
      user_id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
      username: 'sam',
      content: CONTENT,
      parent_comment_id: null,
      created_at: new Date().toISOString(),
      flags: review.flags,
      findings: review.findings.map((found) => ({ ...found, field: 'comment' as const })),
    };
    const flagged = {
      ...held,
      id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee2',
      username: 'kim',
      content: 'He steals from the register.',
      flags: ['allegation'],
      findings: [
        {
          field: 'comment',
          kind: 'allegation',
          start: 3,
          end: 9,
          text: 'steals',
          severity: 'allegation',
          rule: 'truthful',
        },
      ],
    };
    let heldList = [held];
    let flaggedList = [flagged];
    const { calls, fetchMock } = fakeFetch(({ method, url }) => {
      if (method === 'GET' && url === '/api/v1/comments/admin/held') return json({ data: heldList });
      if (method === 'GET' && url === '/api/v1/guard/admin/comments') return json({ data: flaggedList });
      if (method === 'POST' && url === `/api/v1/comments/admin/held/${held.id}/redact-approve`) {
        heldList = [];
        return json({ comment_id: held.id });
      }
      if (method === 'POST' && url === `/api/v1/guard/admin/comments/${flagged.id}/clear`) {
        flaggedList = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderRoute('/admin/privacy', {
      pattern: '/admin/privacy',
      element: <PrivacyDeskPage />,
      routes: adminStandIns('/admin/privacy'),
    });

    const heldCard = await screen.findByRole('article', { name: '@sam' });
    expect(screen.getByRole('heading', { name: 'Held for review (1)' })).toBeInTheDocument();
    expect(within(heldCard).getByRole('link', { name: 'The office party' })).toHaveAttribute(
      'href',
      `/admin/posts/${held.post_id}`,
    );
    await user.click(within(heldCard).getByRole('button', { name: 'Redact and approve' }));
    expect(await screen.findByRole('heading', { name: 'No comments waiting' })).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith(`/held/${held.id}/redact-approve`))).toBe(true);

    const flaggedCard = screen.getByRole('article', { name: '@kim' });
    // A claim has nothing to remove: only keep or delete.
    expect(within(flaggedCard).queryByRole('button', { name: 'Redact' })).not.toBeInTheDocument();
    await user.click(within(flaggedCard).getByRole('button', { name: 'Keep as is' }));
    expect(await screen.findByRole('heading', { name: 'No flagged comments' })).toBeInTheDocument();
  });

  it('asks for an optional reason before rejecting a held comment', async () => {
    const held = {
      id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee3',
      post_id: makePost().id,
      post_title: 'The office party',
      user_id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
      username: 'sam',
      content: CONTENT,
      parent_comment_id: null,
      created_at: new Date().toISOString(),
      flags: review.flags,
      findings: review.findings.map((found) => ({ ...found, field: 'comment' as const })),
    };
    const { calls, fetchMock } = fakeFetch(({ method, url }) => {
      if (method === 'GET' && url === '/api/v1/comments/admin/held') return json({ data: [held] });
      if (method === 'GET' && url === '/api/v1/guard/admin/comments') return json({ data: [] });
      if (method === 'POST' && url.endsWith('/reject')) return new Response(null, { status: 204 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderRoute('/admin/privacy', {
      pattern: '/admin/privacy',
      element: <PrivacyDeskPage />,
      routes: adminStandIns('/admin/privacy'),
    });
    const card = await screen.findByRole('article', { name: '@sam' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await user.type(within(card).getByLabelText('Reason for its writer (optional)'), 'Names a child');
    await user.click(within(card).getByRole('button', { name: 'Reject and refund' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/reject'))?.body).toEqual({ reason: 'Names a child' }),
    );
  });
});
