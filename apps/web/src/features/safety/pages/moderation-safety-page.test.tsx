import { REPORT_MESSAGES } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FetchCall } from '@/features/moderation/testing/fixtures';
import { makeReport, reportPageResponse } from '@/features/reports/testing/report-fixtures';
import { COMMUNITY_RULES } from '@/features/legal/data/community-guidelines';
import { logout, setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { json, landing, reader, renderRoute } from '@/testing';
import { ModerationSafetyPage } from './moderation-safety-page';

const USER = reader(120);

type Handler = (call: FetchCall) => Response | undefined;

/** Report Status also lists a signed-in user's appeals (their own tests are beside the panel). */
const noAppeals = ({ url }: FetchCall) =>
  url.startsWith('/api/v1/appeals/mine') ? json({ data: [], page: 1, total_pages: 0, total: 0 }) : undefined;

function renderSafety(path = '/moderation', { signedIn = false, handle = (() => undefined) as Handler } = {}) {
  if (signedIn) setTokens('token', 'refresh');
  const { calls, fetchMock } = fakeFetch((call) =>
    call.url === '/api/v1/auth/me' && signedIn ? json(USER) : (handle(call) ?? noAppeals(call)),
  );
  vi.stubGlobal('fetch', fetchMock);
  const { user, router } = renderRoute(path, {
    pattern: '/moderation',
    element: <ModerationSafetyPage />,
    routes: [
      landing('/contact', 'Contact page'),
      landing('/auth/signin', 'Sign in page'),
      landing('/posts/:id', 'Post page'),
    ],
  });
  return { user, router, calls };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillReport(user: User, { email = 'jane@example.com', url = 'https://kettle.test/posts/1' } = {}) {
  await user.selectOptions(screen.getByLabelText('Type of issue'), 'personal_information');
  await user.type(screen.getByLabelText('Description'), 'My home address is in this post.');
  await user.clear(screen.getByLabelText('Your email'));
  await user.type(screen.getByLabelText('Your email'), email);
  await user.type(screen.getByLabelText('Content URL (optional)'), url);
}

afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
  logout();
});

describe('ModerationSafetyPage', () => {
  it('has four tabs, opens Report Issue first and keeps the chosen tab in the address', async () => {
    const { user, router } = renderSafety();
    expect(screen.getByRole('heading', { name: 'Moderation & Safety', level: 1 })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Report Issue', 'Guidelines', 'Report Status', 'Contact']);
    expect(screen.getByRole('tab', { name: 'Report Issue' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Report an issue', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/within 24-48 hours/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Contact' }));
    expect(router.state.location.search).toBe('?tab=contact');
    expect(screen.getByRole('link', { name: 'Contact the team' })).toHaveAttribute('href', '/contact');
  });

  it('lists the five rules, enforcement, appeals and response times under Guidelines', () => {
    renderSafety('/moderation?tab=guidelines');
    const rules = within(screen.getByRole('heading', { name: 'Community rules' }).parentElement ?? document.body)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('heading').textContent);
    expect(rules).toEqual(COMMUNITY_RULES.map((rule) => rule.title));
    expect(rules).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Warning' })).toBeInTheDocument();
    expect(screen.getByText(/suspension of 1 to 30 days/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Permanent ban' })).toBeInTheDocument();
    expect(screen.getByText(/Appeal within 30 days/)).toBeInTheDocument();
    const times = within(screen.getByRole('table'))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(times).toEqual(['Immediate', '24 hours', '48 hours', '3-5 days', '5-7 days']);
  });

  it('checks the report form before sending anything', async () => {
    const { user, calls } = renderSafety();
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText(REPORT_MESSAGES.takedownTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(REPORT_MESSAGES.takedownDescriptionRequired)).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Type of issue')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Content URL (optional)'), 'not a link');
    await user.tab();
    expect(await screen.findByText(REPORT_MESSAGES.contentUrlInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Content URL (optional)')).toHaveAttribute('type', 'url');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the report, then thanks the sender with the reference and the review promise', async () => {
    const { user, calls } = renderSafety('/moderation', {
      signedIn: true,
      handle: ({ url, method }) =>
        url === '/api/v1/moderation/requests' && method === 'POST'
          ? json({ message: REPORT_MESSAGES.takedownThanks, reference: 'KT-7Q2M9X' }, 201)
          : undefined,
    });
    // The signed-in user's email is filled in for them.
    await waitFor(() => expect(screen.getByLabelText('Your email')).toHaveValue('ava@example.com'));
    await fillReport(user, { email: 'Jane@Example.com' });
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));

    const heading = await screen.findByRole('heading', { name: 'Report received' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Thank you. Our team will review your report within 24-48 hours.')).toBeInTheDocument();
    expect(screen.getByText('KT-7Q2M9X')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'personal_information',
      description: 'My home address is in this post.',
      email: 'jane@example.com',
      content_url: 'https://kettle.test/posts/1',
      website: '',
    });

    await user.click(screen.getByRole('button', { name: 'Report another issue' }));
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByLabelText('Your email')).toHaveValue('ava@example.com');
  });

  it("puts the server's field errors under their fields, and says when it is rate limited", async () => {
    let answer = () =>
      json(
        {
          detail: 'Validation failed. Please check your input.',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'content_url', message: 'That address is not on this site.' }],
        },
        422,
      );
    const { user } = renderSafety('/moderation', {
      handle: ({ method }) => (method === 'POST' ? answer() : undefined),
    });
    await fillReport(user);
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('That address is not on this site.')).toBeInTheDocument();
    expect(screen.getByLabelText('Content URL (optional)')).toHaveAttribute('aria-invalid', 'true');

    answer = () => json({ detail: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' }, 429);
    await user.clear(screen.getByLabelText('Content URL (optional)'));
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(screen.queryByRole('heading', { name: 'Report received' })).not.toBeInTheDocument();
  });

  it("lists the signed-in user's reports with their statuses, paged", async () => {
    const upheld = makeReport({ reason: 'harassment', status: 'approved', reference: 'R-000101' });
    const takedown = makeReport({
      kind: 'takedown',
      reason: 'impersonation',
      post_id: null,
      status: 'pending',
      reference: 'KT-000102',
    });
    const { user, calls } = renderSafety('/moderation?tab=status', {
      signedIn: true,
      handle: ({ url }) => {
        if (!url.startsWith('/api/v1/reports/me')) return undefined;
        const skip = Number(new URL(url, 'http://kettle.test').searchParams.get('skip'));
        return skip === 0
          ? reportPageResponse([upheld, takedown], { total: 12, limit: 10 })
          : reportPageResponse([makeReport({ reason: 'spam', reference: 'R-000103' })], { total: 12, skip, limit: 10 });
      },
    });

    const first = (await screen.findByText('R-000101')).closest('li');
    if (!first) throw new Error('a report should be a list item');
    expect(first).toHaveTextContent('Post: Harassment');
    expect(within(first).getByText('Approved')).toBeInTheDocument();
    expect(first).toHaveTextContent(/Reported .*2026/);
    expect(within(first).getByRole('link', { name: 'View post' })).toHaveAttribute('href', `/posts/${upheld.post_id}`);

    const second = screen.getByText('KT-000102').closest('li');
    if (!second) throw new Error('a report should be a list item');
    expect(second).toHaveTextContent('Takedown request: Impersonation');
    expect(within(second).getByText('Pending')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('R-000103')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/v1/reports/me')).map((c) => c.url)).toEqual([
      '/api/v1/reports/me?skip=0&limit=10',
      '/api/v1/reports/me?skip=10&limit=10',
    ]);
  });

  it('says when there are no reports yet, and offers Try Again when loading fails', async () => {
    let answer = () => json({ detail: 'Server error. Please try again later.' }, 500);
    const { user } = renderSafety('/moderation?tab=status', {
      signedIn: true,
      handle: ({ url }) => (url.startsWith('/api/v1/reports/me') ? answer() : undefined),
    });
    expect(await screen.findByText('Error Loading Reports')).toBeInTheDocument();
    expect(screen.getByText('Server error. Please try again later.')).toBeInTheDocument();
    answer = () => reportPageResponse([]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText("You haven't reported anything yet.")).toBeInTheDocument();
  });

  it('lets a visitor look a request up by reference and email', async () => {
    const report = makeReport({ kind: 'takedown', reason: 'copyright', status: 'rejected', reference: 'KT-LOOK01' });
    const { user, calls } = renderSafety('/moderation?tab=status', {
      handle: ({ url, body }) => {
        if (url !== '/api/v1/moderation/requests/lookup') return undefined;
        const { reference } = body as { reference: string };
        return reference === 'KT-LOOK01' ? json(report) : json({ detail: REPORT_MESSAGES.notFound }, 404);
      },
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/signin');
    expect(calls.some((c) => c.url.startsWith('/api/v1/reports/me'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText('Please enter the reference you were given')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Reference'), 'KT-NOPE');
    await user.type(screen.getByLabelText('Email used for the request'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText(REPORT_MESSAGES.lookupMissing)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Reference'));
    await user.type(screen.getByLabelText('Reference'), ' kt-look01 ');
    await user.click(screen.getByRole('button', { name: 'Check Status' }));
    const result = await screen.findByRole('region', { name: 'Request status' });
    expect(within(result).getByText('KT-LOOK01')).toBeInTheDocument();
    expect(within(result).getByText('Rejected')).toBeInTheDocument();
    expect(within(result).getByText('Copyright or image rights')).toBeInTheDocument();
    expect(screen.queryByText(REPORT_MESSAGES.lookupMissing)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      reference: 'KT-LOOK01',
      email: 'jane@example.com',
    });
  });
});
