import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMyPost, page, renderMyTeas } from '@/features/posts/testing/my-teas-kit';
import { CATEGORY, STATE } from '@/features/posts/testing/render-posts';
import { callsTo, json, stubApi, type ApiHandler } from '@/testing';
import { eligibleList, makeAppealable, makeDecision } from '../testing/appeal-fixtures';

const ELIGIBLE = 'GET /appeals/eligible';

function stubPage(posts: ReturnType<typeof makeMyPost>[], eligible: ApiHandler) {
  return stubApi({
    'GET /categories/': () => json({ data: [CATEGORY] }),
    'GET /states/': () => json({ data: [STATE] }),
    'GET /posts/me': () => page(posts),
    [ELIGIBLE]: eligible,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('My Teas: Appeal', () => {
  it('offers Appeal on each rejected tea still open to appeal, from one eligible query for the page', async () => {
    const open = makeMyPost({ title: 'Open to appeal', status: 'rejected', rejection_reason: 'Names a minor' });
    const removed = makeMyPost({ title: 'Taken down', status: 'rejected', rejection_reason: 'Off topic' });
    const late = makeMyPost({ title: 'Too late', status: 'rejected', rejection_reason: 'Spam' });
    const published = makeMyPost({ title: 'Published', status: 'approved' });
    const { calls } = stubPage([open, removed, late, published], () =>
      eligibleList([
        makeAppealable({ target_id: open.id, title: open.title }),
        makeAppealable({ target_id: removed.id, title: removed.title, decision: makeDecision('post_removed') }),
        // An action citing a tea is appealed from Account standing, not from the tea's card.
        makeAppealable({ target_type: 'action', target_id: late.id, decision: makeDecision('warning') }),
      ]),
    );
    const { user } = renderMyTeas();

    const card = await screen.findByRole('article', { name: 'Open to appeal' });
    const appeal = await within(card).findByRole('button', { name: 'Appeal' });
    expect(appeal).toHaveAccessibleDescription('Open to appeal');
    expect(
      within(screen.getByRole('article', { name: 'Taken down' })).getByRole('button', { name: 'Appeal' }),
    ).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Too late' })).queryByRole('button', { name: 'Appeal' }),
    ).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Published' })).queryByRole('button', { name: 'Appeal' }),
    ).toBeNull();
    expect(callsTo(calls, ELIGIBLE)).toHaveLength(1);

    await user.click(appeal);
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    expect(within(dialog).getByText('About', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Open to appeal',
    );
  });

  it('asks nothing about appeals when no tea on the page is rejected', async () => {
    const { calls } = stubPage([makeMyPost({ title: 'Waiting', status: 'pending' })], () => eligibleList([]));
    renderMyTeas();
    expect(await screen.findByRole('article', { name: 'Waiting' })).toBeInTheDocument();
    expect(callsTo(calls, ELIGIBLE)).toEqual([]);
  });

  it('still shows the cards, without Appeal, when the eligible list fails', async () => {
    const rejected = makeMyPost({ title: 'Rejected', status: 'rejected' });
    const { calls } = stubPage([rejected], () => json({ detail: 'Database unavailable' }, 503));
    renderMyTeas();
    const card = await screen.findByRole('article', { name: 'Rejected' });
    await waitFor(() => expect(callsTo(calls, ELIGIBLE)).toHaveLength(1));
    expect(within(card).queryByRole('button', { name: 'Appeal' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'View Tea' })).toBeInTheDocument();
  });
});
