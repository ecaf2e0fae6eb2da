import { APPEAL_MESSAGES, ENFORCEMENT_MESSAGES, formatUntil } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StandingAppeals } from '@/features/appeals/components/standing-appeals';
import {
  appealPage,
  eligibleList,
  makeAppeal,
  makeAppealable,
  makeDecision,
} from '@/features/appeals/testing/appeal-fixtures';
import { callsTo, json, makeAction, makeSuspension, reader, renderRoute, stubApi } from '@/testing';
import { AccountStandingPanel } from './account-standing-panel';

const STANDING = 'GET /users/me/standing';
const renderPanel = () => renderRoute('/account', { element: <AccountStandingPanel />, user: reader(100) });
const own = (overrides: Parameters<typeof makeAction>[0] = {}) => makeAction({ issued_by: null, ...overrides });

afterEach(() => vi.unstubAllGlobals());

describe('AccountStandingPanel', () => {
  it('says Good standing, with no actions yet', async () => {
    stubApi({ [STANDING]: () => json({ suspended_until: null, actions: [] }) });
    renderPanel();
    const region = screen.getByRole('region', { name: 'Account standing' });
    expect(within(region).getByRole('status', { name: 'Loading your account standing' })).toBeInTheDocument();
    expect(await within(region).findByText('Good standing')).toBeInTheDocument();
    expect(within(region).getByText('No actions on your account.')).toBeInTheDocument();
  });

  it('names the end of a suspension, its rule and message, and lists every action newest first', async () => {
    const latest = makeSuspension(3, { issued_by: null });
    const older = makeSuspension(1, { created_at: '2026-10-01T09:00:00.000Z', issued_by: null, message: 'Old one.' });
    const warning = own({ created_at: '2026-09-01T09:00:00.000Z' });
    const until = latest.ends_at ?? '';
    stubApi({ [STANDING]: () => json({ suspended_until: until, actions: [latest, older, warning] }) });
    renderPanel();

    const region = screen.getByRole('region', { name: 'Account standing' });
    expect(await within(region).findByText(ENFORCEMENT_MESSAGES.suspended(until))).toBeInTheDocument();
    expect(within(region).getByText('Rule broken:').nextElementSibling).toHaveTextContent(latest.rule_title);
    expect(within(region).queryByText('Good standing')).not.toBeInTheDocument();

    const rows = within(within(region).getByRole('list', { name: 'Actions on your account' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      `Suspension${latest.rule_title}`,
      `Suspension${older.rule_title}`,
      `Warning${warning.rule_title}`,
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Old one.')).toBeInTheDocument();
    expect(region).not.toHaveTextContent(/\bBy\b/);
  });

  it('shows a failed load with Try Again', async () => {
    let fail = true;
    stubApi({
      [STANDING]: () =>
        fail ? json({ detail: 'Database unavailable' }, 503) : json({ suspended_until: null, actions: [] }),
    });
    const { user } = renderPanel();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Good standing')).toBeInTheDocument();
  });
});

describe('AccountStandingPanel with appeals', () => {
  const ELIGIBLE = 'GET /appeals/eligible';
  const MINE = 'GET /appeals/mine';
  const renderWithAppeals = () =>
    renderRoute('/account', { element: <AccountStandingPanel appeals={<StandingAppeals />} />, user: reader(100) });

  it('offers an Appeal for each open decision and lists the appeals sent, with status and reviewer reason', async () => {
    const tea = makeAppealable({ title: 'Elm Street party', appeal_by: '2026-12-20T10:00:00.000Z' });
    const warning = makeAppealable({
      target_type: 'action',
      title: null,
      decision: makeDecision('warning', { reason: 'Mind the tone.', rule_title: 'Talk about behaviour, not identity' }),
    });
    const upheld = makeAppeal({
      status: 'upheld',
      reason: 'The handle is a public shop.',
      reviewed_at: '2026-11-23T12:00:00.000Z',
    });
    const pending = makeAppeal({ decision: makeDecision('comment_removed', { reason: null }) });
    stubApi({
      [STANDING]: () => json({ suspended_until: null, actions: [] }),
      [ELIGIBLE]: () => eligibleList([tea, warning]),
      [MINE]: () => appealPage([upheld, pending]),
    });
    renderWithAppeals();
    const region = screen.getByRole('region', { name: 'Account standing' });

    const open = await within(region).findByRole('list', { name: 'Decisions you can appeal' });
    const [first, second] = within(open).getAllByRole('listitem');
    expect(first).toHaveTextContent('Tea not published: Elm Street party');
    expect(first).toHaveTextContent(`Appeal by ${formatUntil(tea.appeal_by)}`);
    expect(within(first as HTMLElement).getByRole('button', { name: 'Appeal' })).toHaveAccessibleDescription(
      'Tea not published: Elm Street party',
    );
    expect(second).toHaveTextContent('Warning');
    expect(second).toHaveTextContent('Mind the tone.');

    const mine = await within(region).findByRole('list', { name: 'Your appeals' });
    const [decided, waiting] = within(mine).getAllByRole('listitem');
    expect(within(decided as HTMLElement).getByText('Upheld')).toBeInTheDocument();
    expect(decided).toHaveTextContent("Reviewer's reason: The handle is a public shop.");
    expect(decided).toHaveTextContent(`Decided ${formatUntil('2026-11-23T12:00:00.000Z')}`);
    expect(within(waiting as HTMLElement).getByText('Under review')).toBeInTheDocument();
    expect(waiting).toHaveTextContent('Comment removed');
    expect(waiting).not.toHaveTextContent("Reviewer's reason");
  });

  it('moves an appealed decision from the open list to the appeals once sent', async () => {
    const tea = makeAppealable({ title: 'Elm Street party' });
    let appealed = false;
    const { calls } = stubApi({
      [STANDING]: () => json({ suspended_until: null, actions: [] }),
      [ELIGIBLE]: () => eligibleList(appealed ? [] : [tea]),
      [MINE]: () => appealPage(appealed ? [makeAppeal({ target_id: tea.target_id, statement: 'Look again.' })] : []),
      'POST /appeals': () => {
        appealed = true;
        return json(makeAppeal(), 201);
      },
    });
    const { user } = renderWithAppeals();
    expect(await screen.findByText('You have not appealed any decision.')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    await user.type(within(dialog).getByLabelText('Why was the decision wrong?'), 'Look again.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Appeal' }));

    expect(await screen.findByText(APPEAL_MESSAGES.submitted)).toBeInTheDocument();
    expect(await screen.findByText('No decisions to appeal.')).toBeInTheDocument();
    expect(await screen.findByText('Look again.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, ELIGIBLE)).toHaveLength(2));
  });

  it('says when the appeal lists cannot load, each with its own Try Again', async () => {
    stubApi({
      [STANDING]: () => json({ suspended_until: null, actions: [] }),
      [ELIGIBLE]: () => json({ detail: 'Database unavailable' }, 503),
      [MINE]: () => json({ detail: 'Database unavailable' }, 503),
    });
    renderWithAppeals();
    expect(await screen.findAllByText('Database unavailable')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Try Again' })).toHaveLength(2);
    expect(screen.getByText('Good standing')).toBeInTheDocument();
  });
});
