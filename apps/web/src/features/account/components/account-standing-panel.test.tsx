import { ENFORCEMENT_MESSAGES } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeAction, makeSuspension, reader, renderRoute, stubApi } from '@/testing';
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
