import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FetchCall } from '@/features/moderation/testing/fixtures';
import { adminStandIns } from '@/features/moderation/testing/render-page';
import { setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute } from '@/testing';
import { makeReport, reportPageResponse } from '../testing/report-fixtures';
import { AdminReportsPage } from './admin-reports-page';

const LIST = '/api/v1/posts/admin/reports';

const renderDesk = (path = '/admin/reports') =>
  renderRoute(path, {
    pattern: '/admin/reports',
    element: <AdminReportsPage />,
    routes: adminStandIns('/admin/reports'),
  });

/** The query of a list call, as an object. */
const query = (call: FetchCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '/', 'http://kettle.test').searchParams);
const listCalls = (calls: FetchCall[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith(LIST));

beforeEach(() => setTokens('token', 'refresh'));
afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('AdminReportsPage', () => {
  it('shows each report with its kind, reason, details and actions', async () => {
    const post = makeReport({
      reason: 'false_information',
      description: 'Made up from start to finish.',
      status: 'approved',
      admin_notes: 'Removed after review.',
    });
    const comment = makeReport({
      kind: 'comment',
      reason: 'spam',
      comment_id: '9c9c9c9c-0000-4000-8000-000000000001',
      comment_excerpt: 'Buy cheap coins at my site',
      reporter_username: 'ava',
    });
    const takedown = makeReport({
      kind: 'takedown',
      reason: 'personal_information',
      post_id: null,
      content_url: 'https://kettle.test/posts/abc',
      contact_email: 'jane@example.com',
      reporter_username: null,
      created_at: '',
    });
    const { fetchMock } = fakeFetch(({ url }) =>
      url.startsWith(LIST) ? reportPageResponse([post, comment, takedown]) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderDesk();

    expect(screen.getByRole('heading', { name: 'Admin Reports Management', level: 1 })).toBeInTheDocument();
    const postCard = await screen.findByRole('article', { name: 'False information' });
    expect(screen.getByText('Showing 1-3 of 3 reports')).toBeInTheDocument();
    expect(within(postCard).getByText('Post')).toBeInTheDocument();
    expect(within(postCard).getByText(post.id)).toBeInTheDocument();
    expect(within(postCard).getByText(post.post_id ?? '')).toBeInTheDocument();
    expect(within(postCard).getByText('Made up from start to finish.')).toHaveClass('line-clamp-3');
    expect(within(postCard).getByText('Approved')).toBeInTheDocument();
    expect(within(postCard).getByText('Removed after review.')).toBeInTheDocument();
    expect(within(postCard).getByText('ben')).toBeInTheDocument();
    expect(within(postCard).getByText('Created').nextElementSibling).toHaveTextContent(/2026/);
    expect(within(postCard).getByRole('link', { name: 'View Post' })).toHaveAttribute(
      'href',
      `/admin/posts/${post.post_id}`,
    );

    const commentCard = screen.getByRole('article', { name: 'Spam' });
    expect(within(commentCard).getByText('Comment')).toBeInTheDocument();
    expect(within(commentCard).getByText('Buy cheap coins at my site')).toBeInTheDocument();
    expect(within(commentCard).getByText('Pending')).toBeInTheDocument();

    const takedownCard = screen.getByRole('article', { name: 'Personal information shared without permission' });
    expect(within(takedownCard).getByText('Takedown request')).toBeInTheDocument();
    // A URL that names no tea of ours is shown as text, never as a link to follow.
    expect(within(takedownCard).getByText('https://kettle.test/posts/abc')).toBeInTheDocument();
    expect(within(takedownCard).queryByRole('link', { name: /kettle\.test\/posts\/abc/ })).not.toBeInTheDocument();
    expect(within(takedownCard).getByRole('link', { name: /jane@example\.com/ })).toHaveAttribute(
      'href',
      'mailto:jane@example.com',
    );
    expect(within(takedownCard).getByText('Visitor')).toBeInTheDocument();
    expect(within(takedownCard).getByText('Created').nextElementSibling).toHaveTextContent('N/A');
    expect(within(takedownCard).getByRole('button', { name: 'View Post' })).toBeDisabled();
  });

  it('reads status and page from the query string and keeps them in the address', async () => {
    const { calls, fetchMock } = fakeFetch(({ url }) => {
      if (!url.startsWith(LIST)) return undefined;
      const skip = Number(new URL(url, 'http://kettle.test').searchParams.get('skip'));
      return reportPageResponse([makeReport()], { total: 19, skip });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router, user } = renderDesk('/admin/reports?status=pending&page=2');

    await screen.findByRole('article');
    expect(query(listCalls(calls)[0])).toEqual({ status: 'pending', skip: '9', limit: '9' });
    expect(screen.getByText('Showing 10-10 of 19 reports')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'approved');
    expect(router.state.location.search).toBe('?status=approved');
    await waitFor(() => expect(query(listCalls(calls).at(-1))).toEqual({ status: 'approved', skip: '0', limit: '9' }));

    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    expect(router.state.location.search).toBe('?status=approved&page=3');
    // Replaced, not pushed: Back leaves the desk instead of stepping through filters.
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear All Filters' })).not.toBeInTheDocument();
  });

  it('prefetches the next page 500 ms after a page loads, when there is one', async () => {
    const { calls, fetchMock } = fakeFetch(({ url }) => {
      if (!url.startsWith(LIST)) return undefined;
      const skip = Number(new URL(url, 'http://kettle.test').searchParams.get('skip'));
      return reportPageResponse([makeReport()], { total: 10, skip });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderDesk();

    await screen.findByRole('article');
    expect(listCalls(calls)).toHaveLength(1);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(query(listCalls(calls)[1])).toEqual({ skip: '9', limit: '9' });
  });

  it('says when there are no reports, with and without a filter', async () => {
    const { fetchMock } = fakeFetch(({ url }) => (url.startsWith(LIST) ? reportPageResponse([]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    const { router, user } = renderDesk('/admin/reports?status=rejected');

    expect(await screen.findByText('No report matches your search or filter.')).toBeInTheDocument();
    expect(screen.getByText('0 reports', { selector: 'p span' })).toBeInTheDocument();
    expect(screen.getAllByText('No reports found')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('No reports available at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
  });

  it("shows 'Error Loading Reports' with the message, and loads again on Try Again", async () => {
    let answer = () => json({ detail: 'Database unavailable' }, 503);
    const { fetchMock } = fakeFetch(({ url }) => (url.startsWith(LIST) ? answer() : undefined));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderDesk();

    expect(await screen.findByRole('heading', { name: 'Error Loading Reports' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    answer = () => reportPageResponse([makeReport({ reason: 'other' })]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Other' })).toBeInTheDocument();
  });

  it("falls back to 'Something went wrong' when the request fails outright", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderDesk();
    expect(await screen.findByRole('heading', { name: 'Error Loading Reports' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });

  it('updates a report: status, notes and removal, showing Updating... while it saves', async () => {
    const report = makeReport({ reason: 'harassment' });
    let release: (response: Response) => void = () => undefined;
    let updated = false;
    const { calls, fetchMock } = fakeFetch(({ url, method }) => {
      if (method === 'PUT') return undefined;
      if (url.startsWith(LIST)) {
        return reportPageResponse([updated ? { ...report, status: 'approved', admin_notes: 'Clear breach' } : report]);
      }
      return undefined;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          await fetchMock(input, init);
          return new Promise<Response>((resolve) => {
            release = resolve;
          });
        }
        return fetchMock(input, init);
      }),
    );
    const { user } = renderDesk();

    const card = await screen.findByRole('article', { name: 'Harassment' });
    await user.click(within(card).getByRole('button', { name: 'Update Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Report' });
    expect(within(dialog).getByLabelText('Status')).toHaveValue('pending');
    expect(within(dialog).queryByLabelText('Also remove the post')).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Status'), 'approved');
    await user.type(within(dialog).getByLabelText('Admin notes'), '  Clear breach ');
    await user.click(within(dialog).getByLabelText('Also remove the post'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`${LIST}/${report.id}`);
    expect(put?.body).toEqual({ status: 'approved', admin_notes: 'Clear breach', remove_post: true });

    updated = true;
    release(json({ message: 'Report status updated to approved.', report: { ...report, status: 'approved' } }));
    expect(await screen.findByText('Report status updated to approved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card).findByText('Clear breach')).toBeInTheDocument();
    expect(listCalls(calls).length).toBeGreaterThan(1);
  });

  it('offers to delete a reported comment, and sends remove_post false when the box is left', async () => {
    const report = makeReport({
      kind: 'comment',
      reason: 'spam',
      comment_id: '9c9c9c9c-0000-4000-8000-000000000002',
      comment_excerpt: 'spam spam',
      admin_notes: 'Old note',
    });
    const { calls, fetchMock } = fakeFetch(({ url, method }) => {
      if (method === 'PUT') return json({ message: 'Report status updated to rejected.', report });
      return url.startsWith(LIST) ? reportPageResponse([report]) : undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderDesk();

    const card = await screen.findByRole('article', { name: 'Spam' });
    await user.click(within(card).getByRole('button', { name: 'Update Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Report' });
    expect(within(dialog).getByLabelText('Admin notes')).toHaveValue('Old note');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'approved');
    await user.click(within(dialog).getByLabelText('Also delete the comment'));
    // Changing the outcome again hides the box, and a hidden box removes nothing.
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'rejected');
    expect(within(dialog).queryByLabelText('Also delete the comment')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Admin notes'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Report status updated to rejected.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'rejected',
      admin_notes: null,
      remove_post: false,
    });
  });

  it('keeps the dialog open and shows the error when the update fails; Cancel closes it', async () => {
    const report = makeReport({ kind: 'takedown', reason: 'copyright', post_id: null });
    const { calls, fetchMock } = fakeFetch(({ url, method }) => {
      if (method === 'PUT') return json({ detail: 'Report not found.' }, 404);
      return url.startsWith(LIST) ? reportPageResponse([report]) : undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderDesk();

    const card = await screen.findByRole('article', { name: 'Copyright or image rights' });
    await user.click(within(card).getByRole('button', { name: 'Update Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Report' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'approved');
    // A takedown request points at no post or comment of ours to remove.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Report not found.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Update Report' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'approved',
      admin_notes: null,
      remove_post: false,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
