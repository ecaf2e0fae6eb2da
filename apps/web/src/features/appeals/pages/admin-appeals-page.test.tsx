import { APPEAL_MESSAGES, APPEAL_REASON_MAX, APPEAL_REVIEW_BLOCK_TEXT, formatUntil } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, landing, renderRoute, stubApi, type ApiHandler } from '@/testing';
import { appealPage, makeAdminAppeal, makeDecision } from '../testing/appeal-fixtures';
import { AdminAppealsPage } from './admin-appeals-page';

const LIST = 'GET /admin/appeals';

function renderQueue(list: ApiHandler, more: Record<string, ApiHandler> = {}, path = '/admin/appeals') {
  const { calls } = stubApi({ [LIST]: list, ...more });
  const rendered = renderRoute(path, {
    pattern: '/admin/appeals',
    element: <AdminAppealsPage />,
    routes: [landing('/admin/posts/:id', 'Admin post page')],
    signedIn: true,
  });
  const asked = () => callsTo(calls, LIST).map((call) => Object.fromEntries(call.url.searchParams));
  return { ...rendered, calls, asked };
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminAppealsPage', () => {
  it('shows each pending appeal: who, the decision and who took it, the content and the statement', async () => {
    const appeal = makeAdminAppeal({ statement: 'The handle is a public shop.' });
    const { asked } = renderQueue(() => appealPage([appeal]));

    expect(screen.getByRole('status', { name: 'Loading appeals' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Appeal from ava' });
    expect(asked()).toEqual([{ status: 'pending', page: '1' }]);
    expect(screen.getByRole('tab', { name: 'Under review', selected: true })).toBeInTheDocument();
    expect(screen.getByText('1 appeal: under review')).toBeInTheDocument();

    const decision = within(card).getByRole('region', { name: 'Decision' });
    const term = (name: string) => within(decision).getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('Decision')).toHaveTextContent('Tea not published');
    expect(term('Reason')).toHaveTextContent('Names a private person.');
    expect(term('Decided by')).toHaveTextContent('boss');
    expect(term('Decided')).toHaveTextContent(formatUntil(appeal.decision.decided_at));

    const content = within(card).getByRole('region', { name: 'Content' });
    expect(within(content).getByText('The party on Elm Street')).toBeInTheDocument();
    expect(within(content).getByText('Everyone heard the kettle whistle at 3 am.')).toBeInTheDocument();
    expect(within(content).getByRole('img', { name: 'Photo 1 (opens in a new tab)' })).toHaveAttribute(
      'src',
      '/uploads/elm-1.webp',
    );
    expect(within(content).getByRole('link', { name: 'View the tea' })).toHaveAttribute(
      'href',
      `/admin/posts/${appeal.content?.post_id}`,
    );
    expect(within(card).getByText('The handle is a public shop.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Uphold' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Deny' })).toBeInTheDocument();
  });

  it('says an account decision has no content, and shows a decided appeal with its reviewer instead of buttons', async () => {
    const ban = makeAdminAppeal({
      status: 'denied',
      target_type: 'action',
      decision: makeDecision('ban', { rule_title: 'Play fair', reason: 'Second account.', decided_by: 'boss' }),
      content: { post_id: null, title: null, text: null, image_urls: [] },
      reason: 'Same device as the banned one.',
      reviewed_by: 'root',
      reviewed_at: '2026-11-24T10:00:00.000Z',
    });
    const { asked, user, router } = renderQueue(({ url }) =>
      url.searchParams.get('status') === 'denied' ? appealPage([ban]) : appealPage([]),
    );
    expect(await screen.findByRole('heading', { name: 'No appeals waiting' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Denied' }));
    const card = await screen.findByRole('article', { name: 'Appeal from ava' });
    expect(router.state.location.search).toBe('?status=denied');
    expect(asked().at(-1)).toEqual({ status: 'denied', page: '1' });
    expect(within(card).getByText('No tea or comment: the decision is about the account.')).toBeInTheDocument();
    expect(within(card).getByText('Denied')).toBeInTheDocument();
    expect(within(card).getByText(/^Reviewed by root on/)).toHaveTextContent(
      `Reviewed by root on ${formatUntil('2026-11-24T10:00:00.000Z')}`,
    );
    expect(within(card).getByText('Same device as the banned one.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Uphold' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Upheld' }));
    expect(await screen.findByRole('heading', { name: 'No upheld appeals' })).toBeInTheDocument();
  });

  it('shows a failed load with Try Again, and pages through the queue', async () => {
    let fail = true;
    const { user, asked } = renderQueue(({ url }) => {
      if (fail) return json({ detail: 'Database unavailable' }, 503);
      const page = Number(url.searchParams.get('page'));
      return appealPage([makeAdminAppeal({ user: { id: makeAdminAppeal().user?.id ?? '', username: `u${page}` } })], {
        page,
        total_pages: 3,
        total: 3,
      });
    });
    expect(await screen.findByRole('heading', { name: APPEAL_MESSAGES.fetchFailed })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Appeal from u1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Appeal from u2' })).toBeInTheDocument();
    expect(asked().at(-1)).toEqual({ status: 'pending', page: '2' });
  });

  it('upholds with a reason, says so and reads the queue again', async () => {
    const appeal = makeAdminAppeal();
    let decided = false;
    const { user, calls } = renderQueue(() => appealPage(decided ? [] : [appeal]), {
      [`PUT /admin/appeals/${appeal.id}`]: () => {
        decided = true;
        return json({ ...appeal, status: 'upheld', reason: 'A public shop.' });
      },
    });
    const card = await screen.findByRole('article', { name: 'Appeal from ava' });
    await user.click(within(card).getByRole('button', { name: 'Uphold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uphold appeal' });
    expect(dialog).toHaveAccessibleDescription('The decision is reversed, and ava is told with your reason.');

    await user.click(within(dialog).getByRole('button', { name: 'Uphold Appeal' }));
    expect(await within(dialog).findByText(APPEAL_MESSAGES.reasonRequired)).toBeInTheDocument();
    const reason = within(dialog).getByLabelText('Reason');
    await user.type(reason, ' A public shop. ');
    expect(within(dialog).getByText(`16/${APPEAL_REASON_MAX}`, { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Uphold Appeal' }));

    expect(await screen.findByText(APPEAL_MESSAGES.decided.upheld)).toBeInTheDocument();
    expect(callsTo(calls, `PUT /admin/appeals/${appeal.id}`).map((call) => call.body)).toEqual([
      { status: 'upheld', reason: 'A public shop.' },
    ]);
    expect(await screen.findByRole('heading', { name: 'No appeals waiting' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when another admin must decide, or one already has', async () => {
    const appeal = makeAdminAppeal();
    let answer = () => json({ detail: APPEAL_MESSAGES.sameAdmin, code: 'FORBIDDEN' }, 403);
    const { user, calls } = renderQueue(() => appealPage([appeal]), {
      [`PUT /admin/appeals/${appeal.id}`]: () => answer(),
    });
    const card = await screen.findByRole('article', { name: 'Appeal from ava' });
    await user.click(within(card).getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny appeal' });
    await user.type(within(dialog).getByLabelText('Reason'), 'It names her street.');
    await user.click(within(dialog).getByRole('button', { name: 'Deny Appeal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(APPEAL_MESSAGES.sameAdmin);
    expect(callsTo(calls, `PUT /admin/appeals/${appeal.id}`)[0]?.body).toEqual({
      status: 'denied',
      reason: 'It names her street.',
    });

    const before = callsTo(calls, LIST).length;
    answer = () => json({ detail: APPEAL_MESSAGES.alreadyReviewed, code: 'CONFLICT' }, 409);
    await user.click(within(dialog).getByRole('button', { name: 'Deny Appeal' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(APPEAL_MESSAGES.alreadyReviewed));
    await waitFor(() => expect(callsTo(calls, LIST).length).toBeGreaterThan(before));
    expect(screen.getByRole('dialog', { name: 'Deny appeal' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByRole('button', { name: 'Deny' })).toHaveFocus();
  });

  it('shows an appeal this admin may not decide as awaiting another admin, with no buttons to decide it', async () => {
    const own = makeAdminAppeal({ user: { id: '55555555-5555-4555-8555-555555555555', username: 'me' } });
    const mine = makeAdminAppeal({ review_block: 'own_decision' });
    const theirs = makeAdminAppeal({ ...own, id: crypto.randomUUID(), review_block: 'own_appeal' });
    renderQueue(() => appealPage([theirs, mine]));

    const ownCard = await screen.findByRole('article', { name: 'Appeal from me' });
    expect(within(ownCard).getByText(APPEAL_REVIEW_BLOCK_TEXT.own_appeal)).toBeInTheDocument();
    const decidedCard = screen.getByRole('article', { name: 'Appeal from ava' });
    expect(within(decidedCard).getByText(APPEAL_REVIEW_BLOCK_TEXT.own_decision)).toBeInTheDocument();
    for (const card of [ownCard, decidedCard]) {
      expect(within(card).queryByRole('button', { name: 'Uphold' })).not.toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Deny' })).not.toBeInTheDocument();
      expect(within(card).getByText('Under review')).toBeInTheDocument();
    }
  });
});
