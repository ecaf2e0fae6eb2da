import { ACTION_MESSAGE_MAX, COMMUNITY_RULES, ENFORCEMENT_MESSAGES, formatUntil } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeAction, makeSuspension, renderRoute, stubApi, type ApiRoutes } from '@/testing';
import { makeUser } from '../testing/user-fixtures';
import { AccountActionDialog } from './account-action-dialog';

const ava = makeUser({ username: 'ava' });
const ACTIONS = `/admin/users/${ava.id}/actions`;
const GET = `GET ${ACTIONS}`;
const POST = `POST ${ACTIONS}`;

async function openDialog(routes: ApiRoutes) {
  const { calls } = stubApi({ [GET]: () => json({ data: [] }), ...routes });
  const { user } = renderRoute('/admin/users', { element: <AccountActionDialog user={ava} />, signedIn: true });
  await user.click(screen.getByRole('button', { name: 'Take action on ava' }));
  const dialog = await screen.findByRole('dialog', { name: 'Take Action' });
  return { calls, user, dialog };
}

afterEach(() => vi.unstubAllGlobals());

describe('AccountActionDialog', () => {
  it('asks for days only for a suspension, and says what is missing before sending anything', async () => {
    const { calls, user, dialog } = await openDialog({});
    expect(within(dialog).getByRole('radio', { name: 'Warning' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Suspension' })).toHaveAccessibleDescription(/number of days/);
    expect(within(dialog).queryByLabelText('Days')).not.toBeInTheDocument();
    const rules = within(dialog).getByRole('combobox', { name: 'Rule broken' });
    expect([...within(rules).getAllByRole('option')].slice(1).map((o) => o.textContent)).toEqual(
      COMMUNITY_RULES.map((rule) => rule.title),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Send Warning' }));
    expect(await within(dialog).findByText(ENFORCEMENT_MESSAGES.ruleRequired)).toBeInTheDocument();
    const message = within(dialog).getByLabelText('Message');
    expect(within(dialog).getByText(ENFORCEMENT_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(expect.stringContaining(ENFORCEMENT_MESSAGES.messageRequired));

    await user.click(within(dialog).getByRole('radio', { name: 'Suspension' }));
    const days = within(dialog).getByLabelText('Days');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend User' }));
    expect(await within(dialog).findByText(ENFORCEMENT_MESSAGES.daysRequired)).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('radio', { name: 'Permanent ban' }));
    expect(within(dialog).queryByLabelText('Days')).not.toBeInTheDocument();
    expect(callsTo(calls, POST)).toEqual([]);
  });

  it('counts the message against its limit', async () => {
    const { user, dialog } = await openDialog({});
    await user.type(within(dialog).getByLabelText('Message'), 'Stop it');
    expect(within(dialog).getByText(`7/${ACTION_MESSAGE_MAX}`, { exact: false })).toBeInTheDocument();
  });

  it('suspends with the days, rule and trimmed message, then says so and closes', async () => {
    const suspension = makeSuspension(3);
    const { calls, user, dialog } = await openDialog({ [POST]: () => json(suspension, 201) });
    await user.click(within(dialog).getByRole('radio', { name: 'Suspension' }));
    await user.type(within(dialog).getByLabelText('Days'), '3');
    await user.selectOptions(within(dialog).getByLabelText('Rule broken'), 'Keep private lives private');
    await user.type(within(dialog).getByLabelText('Message'), '  You posted a home address. ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend User' }));

    expect(await screen.findByText(ENFORCEMENT_MESSAGES.issued.suspension)).toBeInTheDocument();
    expect(callsTo(calls, POST).map((call) => call.body)).toEqual([
      { kind: 'suspension', days: 3, rule: 'privacy', message: 'You posted a home address.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends no days once the choice moves from a suspension to a warning', async () => {
    const { calls, user, dialog } = await openDialog({ [POST]: () => json(makeAction(), 201) });
    await user.click(within(dialog).getByRole('radio', { name: 'Suspension' }));
    await user.type(within(dialog).getByLabelText('Days'), '5');
    await user.click(within(dialog).getByRole('radio', { name: 'Warning' }));
    await user.selectOptions(within(dialog).getByLabelText('Rule broken'), 'respect');
    await user.type(within(dialog).getByLabelText('Message'), 'Mind the tone.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Warning' }));

    expect(await screen.findByText(ENFORCEMENT_MESSAGES.issued.warning)).toBeInTheDocument();
    expect(callsTo(calls, POST)[0]?.body).toEqual({ kind: 'warning', rule: 'respect', message: 'Mind the tone.' });
  });

  it('asks once more before a ban', async () => {
    const { calls, user, dialog } = await openDialog({ [POST]: () => json(makeAction({ kind: 'ban' }), 201) });
    await user.click(within(dialog).getByRole('radio', { name: 'Permanent ban' }));
    await user.selectOptions(within(dialog).getByLabelText('Rule broken'), 'minors');
    await user.type(within(dialog).getByLabelText('Message'), 'Photos of a child.');
    await user.click(within(dialog).getByRole('button', { name: 'Ban User' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Ban ava permanently?' });
    expect(callsTo(calls, POST)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Ban User' }));
    expect(await screen.findByText(ENFORCEMENT_MESSAGES.issued.ban)).toBeInTheDocument();
    expect(callsTo(calls, POST)[0]?.body).toEqual({ kind: 'ban', rule: 'minors', message: 'Photos of a child.' });
  });

  it("places the server's field errors under their fields and toasts its detail otherwise", async () => {
    let answer = () =>
      json(
        {
          detail: ENFORCEMENT_MESSAGES.daysRange,
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'days', message: ENFORCEMENT_MESSAGES.daysRange }],
        },
        422,
      );
    const { user, dialog } = await openDialog({ [POST]: () => answer() });
    await user.click(within(dialog).getByRole('radio', { name: 'Suspension' }));
    await user.type(within(dialog).getByLabelText('Days'), '2');
    await user.selectOptions(within(dialog).getByLabelText('Rule broken'), 'fair_play');
    await user.type(within(dialog).getByLabelText('Message'), 'Second account.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend User' }));
    expect(await within(dialog).findByText(ENFORCEMENT_MESSAGES.daysRange)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Days')).toHaveAttribute('aria-invalid', 'true');

    answer = () => json({ detail: ENFORCEMENT_MESSAGES.cannotActOnSelf, code: 'FORBIDDEN' }, 403);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend User' }));
    expect(await screen.findByText(ENFORCEMENT_MESSAGES.cannotActOnSelf)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Take Action' })).toBeInTheDocument();
  });

  it("lists the user's past actions with who decided, and says when there are none", async () => {
    const suspension = makeSuspension(3, { issued_by: 'mod_mia' });
    const { dialog } = await openDialog({ [GET]: () => json({ data: [suspension, makeAction()] }) });
    const rows = within(await within(dialog).findByRole('list', { name: 'Past actions' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [first] = rows as [HTMLElement];
    expect(within(first).getByText('Suspension')).toBeInTheDocument();
    expect(within(first).getByText(suspension.rule_title)).toBeInTheDocument();
    expect(within(first).getByText(suspension.message)).toBeInTheDocument();
    expect(first).toHaveTextContent(`3 days, until ${formatUntil(suspension.ends_at ?? '')}`);
    expect(within(first).getByText('By mod_mia')).toBeInTheDocument();
  });

  it('says when there are no past actions, and shows a failed load with Try Again', async () => {
    let fail = true;
    const { user, dialog } = await openDialog({
      [GET]: () => (fail ? json({ detail: 'Database unavailable' }, 503) : json({ data: [] })),
    });
    expect(await within(dialog).findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByText('No actions yet')).toBeInTheDocument();
  });
});
