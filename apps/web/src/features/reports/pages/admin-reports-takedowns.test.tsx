import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FetchCall } from '@/features/moderation/testing/fixtures';
import { adminStandIns } from '@/features/moderation/testing/render-page';
import { setTokens } from '@/lib/session';
import { renderRoute } from '@/testing';
import { makeReport, reportPageResponse } from '../testing/report-fixtures';
import { AdminReportsPage } from './admin-reports-page';

const LIST = '/api/v1/posts/admin/reports';
const TEA = '3e3e3e3e-0000-4000-8000-00000000abcd';

const renderDesk = (path = '/admin/reports') =>
  renderRoute(path, {
    pattern: '/admin/reports',
    element: <AdminReportsPage />,
    routes: adminStandIns('/admin/reports'),
  });

const query = (call: FetchCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '/', 'http://kettle.test').searchParams);
const listCalls = (calls: FetchCall[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith(LIST));

beforeEach(() => setTokens('token', 'refresh'));
afterEach(() => vi.unstubAllGlobals());

describe('AdminReportsPage: the takedown desk', () => {
  it('shows the tea a request names with a link, its reference, and an unknown URL as plain text', async () => {
    const named = makeReport({
      kind: 'takedown',
      reason: 'personal_information',
      reference: 'KT-NAMED234',
      post_id: TEA,
      tea_title: 'The tea they named',
      tea_handle: '@named_subject',
      content_url: `http://kettle.test/posts/${TEA}`,
      contact_email: 'jane@example.com',
      reporter_username: null,
    });
    const unknown = makeReport({
      kind: 'takedown',
      reason: 'copyright',
      reference: 'KT-OTHER567',
      post_id: null,
      content_url: 'https://elsewhere.example/photo/1',
      contact_email: null,
      reporter_username: null,
    });
    const { fetchMock } = fakeFetch(({ url }) =>
      url.startsWith(LIST) ? reportPageResponse([named, unknown]) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderDesk();

    const namedCard = await screen.findByRole('article', { name: 'Personal information shared without permission' });
    expect(within(namedCard).getByText('Reference').nextElementSibling).toHaveTextContent('KT-NAMED234');
    expect(within(namedCard).getByRole('link', { name: /The tea they named/ })).toHaveAttribute(
      'href',
      `/admin/posts/${TEA}`,
    );
    expect(within(namedCard).getByText('@named_subject')).toBeInTheDocument();
    expect(within(namedCard).getByRole('link', { name: 'View Post' })).toHaveAttribute('href', `/admin/posts/${TEA}`);

    const unknownCard = screen.getByRole('article', { name: 'Copyright or image rights' });
    expect(within(unknownCard).getByText('Reference').nextElementSibling).toHaveTextContent('KT-OTHER567');
    expect(within(unknownCard).getByText('https://elsewhere.example/photo/1')).toBeInTheDocument();
    expect(within(unknownCard).getByText(/no tea on Kettle matches it/)).toBeInTheDocument();
    expect(within(unknownCard).queryByRole('link', { name: /elsewhere\.example/ })).not.toBeInTheDocument();
  });

  it('searches by reference, email or tea from the search box, kept in the address', async () => {
    const { calls, fetchMock } = fakeFetch(({ url }) =>
      url.startsWith(LIST) ? reportPageResponse([makeReport({ kind: 'takedown', reason: 'other' })]) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router, user } = renderDesk('/admin/reports?search=kt-named&status=pending');

    await screen.findByRole('article');
    expect(query(listCalls(calls)[0])).toEqual({ status: 'pending', search: 'kt-named', skip: '0', limit: '9' });
    const box = screen.getByRole('searchbox', { name: 'Search reports' });
    expect(box).toHaveValue('kt-named');
    expect(box).toHaveAttribute('placeholder', 'Reference, email, or tea title, handle or URL');

    await user.clear(box);
    await user.type(box, 'jane@example.com{Enter}');
    expect(router.state.location.search).toBe('?search=jane%40example.com&status=pending');
    await waitFor(() =>
      expect(query(listCalls(calls).at(-1))).toEqual({
        status: 'pending',
        search: 'jane@example.com',
        skip: '0',
        limit: '9',
      }),
    );
  });

  it('says when nothing matches the search, and Clear Filters clears search and status', async () => {
    const { fetchMock } = fakeFetch(({ url }) => (url.startsWith(LIST) ? reportPageResponse([]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    const { router, user } = renderDesk('/admin/reports?search=zzz&status=approved');

    expect(await screen.findByText('No report matches your search or filter.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('No reports available at the moment.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search reports' })).toHaveValue('');
  });
});
