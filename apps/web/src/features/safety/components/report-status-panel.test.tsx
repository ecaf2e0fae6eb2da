import { APPEAL_MESSAGES } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appealPage, makeAppeal, makeDecision } from '@/features/appeals/testing/appeal-fixtures';
import { logout } from '@/lib/session';
import { callsTo, json, landing, reader, renderRoute, stubApi, type ApiHandler } from '@/testing';
import { ModerationSafetyPage } from '../pages/moderation-safety-page';

const BAN = 'POST /appeals/ban';
const REFERENCE = '9d9d9d9d-0000-4000-8000-000000000001';
const EMPTY_REPORTS = () => json({ reports: [], total: 0, total_pages: 0, skip: 0, limit: 10, has_next: false });

function renderStatus(path: string, routes: Record<string, ApiHandler>, signedIn = false) {
  const { calls, fetchMock } = stubApi(routes, { user: signedIn ? reader(10) : undefined });
  const rendered = renderRoute(path, {
    pattern: '/moderation',
    element: <ModerationSafetyPage />,
    routes: [landing('/auth/signin', 'Sign in page')],
    signedIn,
  });
  return { ...rendered, calls, fetchMock };
}

const banSection = () => screen.getByRole('region', { name: 'Appeal a ban' });

afterEach(() => {
  vi.unstubAllGlobals();
  logout();
});

describe('Report Status: appeals', () => {
  it('shows a signed-in user their appeals, with the outcome and the reviewer reason, and no ban form', async () => {
    const upheld = makeAppeal({
      status: 'upheld',
      reason: 'The handle is a public shop.',
      reviewed_at: '2026-11-23T12:00:00.000Z',
    });
    const denied = makeAppeal({ status: 'denied', decision: makeDecision('warning'), reason: 'It stands.' });
    renderStatus(
      '/moderation?tab=status',
      { 'GET /reports/me': EMPTY_REPORTS, 'GET /appeals/mine': () => appealPage([upheld, denied]) },
      true,
    );
    const list = await screen.findByRole('list', { name: 'Your appeals' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText('Upheld')).toBeInTheDocument();
    expect(first).toHaveTextContent("Reviewer's reason: The handle is a public shop.");
    expect(within(second as HTMLElement).getByText('Denied')).toBeInTheDocument();
    expect(second).toHaveTextContent('Warning');
    expect(screen.queryByRole('region', { name: 'Appeal a ban' })).not.toBeInTheDocument();
  });

  it('puts the ban appeal first for a visitor from the ban email, with its reference filled in', async () => {
    renderStatus(`/moderation?tab=status&reference=${REFERENCE}`, {});
    const sections = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(sections).toEqual(['Appeal a ban', 'Your reports', 'Look up a request']);
    expect(within(banSection()).getByLabelText('Reference from the ban email')).toHaveValue(REFERENCE);
  });

  it('checks the fields before sending anything', async () => {
    const { calls, user } = renderStatus('/moderation?tab=status', {});
    const sections = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(sections).toEqual(['Your reports', 'Look up a request', 'Appeal a ban']);
    const form = banSection();
    await user.type(within(form).getByLabelText('Email of the banned account'), 'not-an-email');
    await user.type(within(form).getByLabelText('Reference from the ban email'), 'KT-1234');
    await user.click(within(form).getByRole('button', { name: 'Send Appeal' }));
    expect(await within(form).findByText('Invalid email address')).toBeInTheDocument();
    expect(within(form).getByText(APPEAL_MESSAGES.referenceRequired)).toBeInTheDocument();
    expect(within(form).getByText(APPEAL_MESSAGES.statementRequired)).toBeInTheDocument();
    expect(callsTo(calls, BAN)).toEqual([]);
  });

  it('sends the appeal without a session, shows what the server says, and then the confirmation', async () => {
    let answer: ApiHandler = () => json({ detail: APPEAL_MESSAGES.banNotFound, code: 'NOT_FOUND' }, 404);
    const { calls, fetchMock, user } = renderStatus(`/moderation?tab=status&reference=${REFERENCE}`, {
      [BAN]: (call, init) => answer(call, init),
    });
    const form = banSection();
    await user.type(within(form).getByLabelText('Email of the banned account'), ' Ben@Example.com ');
    await user.type(within(form).getByLabelText('Why should the ban be lifted?'), 'Someone else used my account.');
    await user.click(within(form).getByRole('button', { name: 'Send Appeal' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(APPEAL_MESSAGES.banNotFound);

    answer = () => json({ detail: 'Too many attempts. Try again in 10 minutes.', code: 'RATE_LIMITED' }, 429);
    await user.click(within(form).getByRole('button', { name: 'Send Appeal' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Too many attempts. Try again in 10 minutes.'),
    );

    answer = () => json({ message: APPEAL_MESSAGES.submitted }, 201);
    await user.click(within(form).getByRole('button', { name: 'Send Appeal' }));
    const sent = await within(banSection()).findByRole('heading', { name: 'Appeal sent' });
    expect(sent).toHaveFocus();
    expect(within(banSection()).getByText(APPEAL_MESSAGES.submitted)).toBeInTheDocument();
    expect(callsTo(calls, BAN).map((call) => call.body)).toEqual(
      Array.from({ length: 3 }, () => ({
        email: 'ben@example.com',
        reference: REFERENCE,
        statement: 'Someone else used my account.',
      })),
    );
    const headers = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers));
    expect(headers.every((header) => !header.has('Authorization'))).toBe(true);
  });

  it('places a field error from the server under its field', async () => {
    const { user } = renderStatus(`/moderation?tab=status&reference=${REFERENCE}`, {
      [BAN]: () =>
        json(
          {
            detail: APPEAL_MESSAGES.referenceRequired,
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'reference', message: APPEAL_MESSAGES.referenceRequired }],
          },
          422,
        ),
    });
    const form = banSection();
    await user.type(within(form).getByLabelText('Email of the banned account'), 'ben@example.com');
    await user.type(within(form).getByLabelText('Why should the ban be lifted?'), 'Please.');
    await user.click(within(form).getByRole('button', { name: 'Send Appeal' }));
    const reference = within(form).getByLabelText('Reference from the ban email');
    await waitFor(() => expect(reference).toHaveAttribute('aria-invalid', 'true'));
    expect(reference).toHaveAccessibleDescription(APPEAL_MESSAGES.referenceRequired);
    expect(within(form).getAllByRole('alert')).toHaveLength(1);
  });
});
