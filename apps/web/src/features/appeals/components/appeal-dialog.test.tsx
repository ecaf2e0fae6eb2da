import { APPEAL_MESSAGES, APPEAL_REVIEWER_TEXT, APPEAL_STATEMENT_MAX, formatUntil } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, reader, renderRoute, stubApi, type ApiHandler } from '@/testing';
import { makeAppeal, makeAppealable, makeDecision } from '../testing/appeal-fixtures';
import { AppealButton } from './appeal-button';

const POST = 'POST /appeals';
const suspension = makeAppealable({
  target_type: 'action',
  title: null,
  decision: makeDecision('suspension', {
    reason: 'You posted a home address.',
    rule_title: 'Keep private lives private',
    decided_at: '2026-11-25T08:30:00.000Z',
  }),
  appeal_by: '2026-12-25T08:30:00.000Z',
});

async function openDialog(answer: ApiHandler = () => json(makeAppeal(), 201), appealable = suspension) {
  const { calls } = stubApi({ [POST]: answer });
  const { user } = renderRoute('/account', { element: <AppealButton appealable={appealable} />, user: reader(10) });
  await user.click(screen.getByRole('button', { name: 'Appeal' }));
  const dialog = await screen.findByRole('dialog', { name: 'Appeal this decision' });
  return { calls, user, dialog, field: within(dialog).getByLabelText('Why was the decision wrong?') };
}

afterEach(() => vi.unstubAllGlobals());

describe('AppealDialog', () => {
  it('shows the decision as it was taken: what, rule, reason, when, and until when it can be appealed', async () => {
    const { dialog } = await openDialog();
    const term = (name: string) => within(dialog).getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('Decision')).toHaveTextContent('Suspension');
    expect(term('Rule')).toHaveTextContent('Keep private lives private');
    expect(term('Reason')).toHaveTextContent('You posted a home address.');
    expect(term('Decided')).toHaveTextContent(formatUntil('2026-11-25T08:30:00.000Z'));
    expect(term('Appeal by')).toHaveTextContent(formatUntil('2026-12-25T08:30:00.000Z'));
    expect(within(dialog).queryByText('About')).not.toBeInTheDocument();
  });

  it('refuses an empty or overlong statement before sending, and counts as the user types', async () => {
    const { calls, user, dialog, field } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send Appeal' }));
    expect(await within(dialog).findByText(APPEAL_MESSAGES.statementRequired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`0/${APPEAL_STATEMENT_MAX} characters`));

    await user.type(field, 'Wrong');
    expect(within(dialog).getByText(`5/${APPEAL_STATEMENT_MAX}`, { exact: false })).toBeInTheDocument();
    await user.clear(field);
    await user.click(field);
    await user.paste('x'.repeat(APPEAL_STATEMENT_MAX + 1));
    expect(
      within(dialog).getByText(`${APPEAL_STATEMENT_MAX + 1}/${APPEAL_STATEMENT_MAX}`, { exact: false }),
    ).toHaveClass('text-destructive');
    await user.click(within(dialog).getByRole('button', { name: 'Send Appeal' }));
    expect(await within(dialog).findByText(APPEAL_MESSAGES.statementTooLong)).toBeInTheDocument();
    expect(callsTo(calls, POST)).toEqual([]);
  });

  it('sends the decision and the trimmed statement, says so, closes and gives focus back', async () => {
    const { calls, user, dialog, field } = await openDialog();
    await user.type(field, '  The address was a shop, listed publicly.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Appeal' }));

    expect(await screen.findByText(APPEAL_MESSAGES.submitted)).toBeInTheDocument();
    expect(callsTo(calls, POST).map((call) => call.body)).toEqual([
      {
        target_type: 'action',
        target_id: suspension.target_id,
        statement: 'The address was a shop, listed publicly.',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Appeal' })).toHaveFocus();
  });

  it("puts the server's field error under the statement, and says a refusal without a field in the dialog", async () => {
    let answer = () =>
      json(
        {
          detail: APPEAL_MESSAGES.statementTooLong,
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'statement', message: APPEAL_MESSAGES.statementTooLong }],
        },
        422,
      );
    const { user, dialog, field } = await openDialog(() => answer());
    await user.type(field, 'Please look again.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Appeal' }));
    expect(await within(dialog).findByText(APPEAL_MESSAGES.statementTooLong)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    answer = () => json({ detail: APPEAL_MESSAGES.alreadyAppealed, code: 'CONFLICT' }, 409);
    await user.click(within(dialog).getByRole('button', { name: 'Send Appeal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(APPEAL_MESSAGES.alreadyAppealed);
    expect(screen.getByRole('dialog', { name: 'Appeal this decision' })).toBeInTheDocument();
    expect(screen.queryByText(APPEAL_MESSAGES.submitted)).not.toBeInTheDocument();
  });

  it('says another admin reviews it when one will', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining(APPEAL_REVIEWER_TEXT.another_admin.form));
  });

  it('while Kettle has one admin, says before and after sending that the admin who decided reviews it', async () => {
    const lone = { ...suspension, reviewer: 'deciding_admin' as const };
    const answer = () => json(makeAppeal({ target_type: 'action', reviewer: 'deciding_admin' }), 201);
    const { user, dialog, field } = await openDialog(answer, lone);
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining(APPEAL_REVIEWER_TEXT.deciding_admin.form));
    expect(within(dialog).queryByText(/did not take the decision/)).not.toBeInTheDocument();

    await user.type(field, 'The address was a shop.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Appeal' }));
    expect(await screen.findByText(APPEAL_REVIEWER_TEXT.deciding_admin.sent)).toBeInTheDocument();
    expect(screen.queryByText(APPEAL_MESSAGES.submitted)).not.toBeInTheDocument();
  });
});
