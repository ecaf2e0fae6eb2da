import { ACCOUNT_DATA_MESSAGES, ENFORCEMENT_MESSAGES, type Report } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, ME } from '@/features/admin-users/testing/user-fixtures';
import { adminStandIns } from '@/features/moderation/testing/render-page';
import { callsTo, json, makeAction, reader, renderRoute, stubApi, type ApiHandler } from '@/testing';
import { makeReport, reportPageResponse } from '../testing/report-fixtures';
import { AdminReportsPage } from './admin-reports-page';

const ava = makeUser({ username: 'ava' });
const cal = makeUser({ username: 'cal' });
const ACTIONS = (id: string) => `/admin/users/${id}/actions`;

/** The desk holding `reports`, with ava and cal as accounts an admin can read and act on. */
function serveDesk(reports: Report[], post: ApiHandler = () => json(makeAction(), 201)) {
  const routes: Record<string, ApiHandler> = {
    'GET /auth/me': () => json(ME),
    'GET /posts/admin/reports': () => reportPageResponse(reports),
  };
  for (const user of [ava, cal]) {
    routes[`GET /users/admin/${user.id}`] = () => json(user);
    routes[`GET ${ACTIONS(user.id)}`] = () => json({ data: [] });
    routes[`POST ${ACTIONS(user.id)}`] = post;
  }
  return stubApi(routes);
}

/** Signed in as ME, already known to the app: so its own content never shows the control, even briefly. */
const signedInAdmin = { ...reader(0), id: ME.id, username: ME.username, is_admin: true };

const renderDesk = () =>
  renderRoute('/admin/reports', {
    pattern: '/admin/reports',
    element: <AdminReportsPage />,
    routes: adminStandIns('/admin/reports'),
    user: signedInAdmin,
  });

const teaReport = () => makeReport({ reason: 'harassment', content_author_id: ava.id });
const commentReport = () =>
  makeReport({
    kind: 'comment',
    reason: 'spam',
    comment_id: '9c9c9c9c-0000-4000-8000-000000000001',
    comment_excerpt: 'Buy cheap coins at my site',
    content_author_id: cal.id,
  });

/** Opens Take Action from the report card named `reason` and sends a warning under the respect rule. */
async function warnFrom(reason: string) {
  const { user } = renderDesk();
  const card = await screen.findByRole('article', { name: reason });
  await user.click(within(card).getByRole('button', { name: 'Take action on author' }));
  const dialog = await screen.findByRole('dialog', { name: 'Take Action' });
  await within(dialog).findByLabelText('Message');
  await user.selectOptions(within(dialog).getByLabelText('Rule broken'), 'respect');
  await user.type(within(dialog).getByLabelText('Message'), 'Mind the tone.');
  await user.click(within(dialog).getByRole('button', { name: 'Send Warning' }));
  return { user, dialog };
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminReportsPage: Take action on author', () => {
  it('is offered where the author is known and not the admin, and opens for that author', async () => {
    const takedown = makeReport({
      kind: 'takedown',
      reason: 'personal_information',
      post_id: null,
      content_url: 'https://elsewhere.test/page',
      content_author_id: null,
    });
    const own = makeReport({ reason: 'false_information', content_author_id: ME.id });
    const { calls } = serveDesk([teaReport(), commentReport(), takedown, own]);
    const { user } = renderDesk();

    const teaCard = await screen.findByRole('article', { name: 'Harassment' });
    expect(
      within(screen.getByRole('article', { name: 'Spam' })).getByRole('button', { name: 'Take action on author' }),
    ).toBeEnabled();
    const takedownCard = screen.getByRole('article', { name: /^Personal information/ });
    expect(within(takedownCard).queryByRole('button', { name: /Take action/ })).not.toBeInTheDocument();
    const ownCard = screen.getByRole('article', { name: 'False information' });
    expect(within(ownCard).queryByRole('button', { name: /Take action/ })).not.toBeInTheDocument();

    await user.click(within(teaCard).getByRole('button', { name: 'Take action on author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take Action' });
    // A report carries only the author's id: the dialog names them before anything can be chosen.
    expect(await within(dialog).findByText(/^ava is told in the app and by email/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('The action, citing this tea, is kept');
    expect(await within(dialog).findByText('No actions yet')).toBeInTheDocument();
    expect(callsTo(calls, `GET /users/admin/${ava.id}`)).toHaveLength(1);
    expect(callsTo(calls, `GET ${ACTIONS(ava.id)}`)).toHaveLength(1);
  });

  it("cites the tea of a tea's report: the warning goes to its author with post_id", async () => {
    const report = teaReport();
    const { calls } = serveDesk([report]);
    await warnFrom('Harassment');
    expect(await screen.findByText(ENFORCEMENT_MESSAGES.issued.warning)).toBeInTheDocument();
    expect(callsTo(calls, `POST ${ACTIONS(ava.id)}`).map((call) => call.body)).toEqual([
      { kind: 'warning', rule: 'respect', message: 'Mind the tone.', post_id: report.post_id },
    ]);
  });

  it("cites no tea from a comment's report: the tea is not the comment author's", async () => {
    const { calls } = serveDesk([commentReport()]);
    await warnFrom('Spam');
    expect(await screen.findByText(ENFORCEMENT_MESSAGES.issued.warning)).toBeInTheDocument();
    expect(callsTo(calls, `POST ${ACTIONS(cal.id)}`).map((call) => call.body)).toEqual([
      { kind: 'warning', rule: 'respect', message: 'Mind the tone.' },
    ]);
  });

  it("shows the server's refusal and stays open: a tea not theirs, an account deleted by its owner", async () => {
    let answer = () =>
      json(
        {
          detail: ENFORCEMENT_MESSAGES.postNotTheirs,
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'post_id', message: ENFORCEMENT_MESSAGES.postNotTheirs }],
        },
        422,
      );
    serveDesk([teaReport()], () => answer());
    const { user, dialog } = await warnFrom('Harassment');
    expect(await screen.findByText(ENFORCEMENT_MESSAGES.postNotTheirs)).toBeInTheDocument();

    answer = () => json({ detail: ACCOUNT_DATA_MESSAGES.accountDeleted, code: 'CONFLICT' }, 409);
    await user.click(within(dialog).getByRole('button', { name: 'Send Warning' }));
    expect(await screen.findByText(ACCOUNT_DATA_MESSAGES.accountDeleted)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Take Action' })).toBeInTheDocument();
  });

  it('says when the author cannot be read, with Try Again', async () => {
    let fail = true;
    const { calls } = stubApi([
      (call) =>
        call.method === 'GET' && call.path === `/users/admin/${ava.id}` && fail
          ? json({ detail: 'Database unavailable' }, 503)
          : undefined,
      (call) => {
        if (call.path === '/auth/me') return json(ME);
        if (call.path === '/posts/admin/reports') return reportPageResponse([teaReport()]);
        if (call.path === `/users/admin/${ava.id}`) return json(ava);
        if (call.path === ACTIONS(ava.id)) return json({ data: [] });
        return undefined;
      },
    ]);
    const { user } = renderDesk();
    const card = await screen.findByRole('article', { name: 'Harassment' });
    await user.click(within(card).getByRole('button', { name: 'Take action on author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take Action' });
    expect(await within(dialog).findByText('Database unavailable')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Message')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByLabelText('Message')).toBeInTheDocument();
    expect(callsTo(calls, `GET /users/admin/${ava.id}`)).toHaveLength(2);
  });
});
