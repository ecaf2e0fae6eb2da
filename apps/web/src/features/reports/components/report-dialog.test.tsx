import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithBalance } from '@/testing/render-with-balance';
import type { ReportTarget } from '../api/create-report';
import { ReportDialog } from './report-dialog';

afterEach(() => vi.unstubAllGlobals());

const POST_ID = '99999999-9999-4999-8999-000000000004';
const TARGETS: Array<[string, ReportTarget]> = [
  ['Post', { kind: 'post', postId: POST_ID }],
  ['Comment', { kind: 'comment', postId: POST_ID, commentId: '99999999-9999-4999-8999-000000000005' }],
];

const renderDialog = (target: ReportTarget, balance: number) =>
  renderWithBalance(<ReportDialog target={target} open onOpenChange={() => undefined} />, balance);

describe('ReportDialog', () => {
  it.each(TARGETS)('Report %s with 10 coins: Submit Report is disabled, 5 more are needed', async (what, target) => {
    const { user, calls } = renderDialog(target, 10);
    const dialog = await screen.findByRole('dialog', { name: `Report ${what}` });
    expect(within(dialog).getByText('15 Tea Coins')).toBeInTheDocument();
    expect(within(dialog).getByText('10 Tea Coins')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Submit Report' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(expect.stringContaining('You need 5 more Tea Coins.'));
    expect(within(dialog).getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
    await user.click(submit);
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it.each(TARGETS)('Report %s with 15 coins: Submit Report is enabled', async (what, target) => {
    renderDialog(target, 15);
    const dialog = await screen.findByRole('dialog', { name: `Report ${what}` });
    expect(within(dialog).getAllByText('15 Tea Coins')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Submit Report' })).toBeEnabled();
    expect(within(dialog).queryByText(/You need/)).not.toBeInTheDocument();
  });
});
