import { COMPANY_MESSAGES, type AdminCompany, type AdminCompanyList } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { type ApiCall as Call, type ApiRoutes, callsTo, json, renderRoute, stubApi } from '@/testing';
import { AdminCompaniesPage } from './admin-companies-page';

const company = (patch: Partial<AdminCompany> = {}): AdminCompany => ({
  id: '7c7c7c7c-0000-4000-8000-000000000001',
  name: 'Acme Tea Co',
  handle: '@acmetea',
  website: 'https://acme.example',
  description: 'We sell kettles.',
  verified: false,
  verified_at: null,
  verified_by: null,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  owner: { id: '7c7c7c7c-0000-4000-8000-0000000000aa', username: 'acme_owner' },
  ...patch,
});
const ACME = company();
const GLOBEX = company({
  id: '7c7c7c7c-0000-4000-8000-000000000002',
  name: 'Globex',
  handle: '@globex',
  website: null,
  verified: true,
  verified_at: '2026-11-02T09:00:00.000Z',
  verified_by: '7c7c7c7c-0000-4000-8000-0000000000ad',
  owner: { id: '7c7c7c7c-0000-4000-8000-0000000000bb', username: 'globex_pr' },
});

const page = (data: AdminCompany[], call: Call): AdminCompanyList => ({
  data,
  metadata: {
    total_elements: data.length,
    skip: Number(call.url.searchParams.get('skip') ?? 0),
    limit: Number(call.url.searchParams.get('limit') ?? 9),
  },
});

/** A server holding `companies`; verify and unverify change the stored row. */
function serve(companies: AdminCompany[]) {
  const store = new Map(companies.map((c) => [c.id, c]));
  const set = (id: string, verified: boolean) => {
    const before = store.get(id);
    if (!before) return json({ detail: COMPANY_MESSAGES.adminNotFound }, 404);
    const after = { ...before, verified, verified_at: verified ? '2026-11-23T09:00:00.000Z' : null };
    store.set(id, after);
    return json(after);
  };
  const routes: ApiRoutes = {
    'GET /admin/companies': (call) => {
      const verified = call.url.searchParams.get('verified');
      const rows = [...store.values()].filter((c) => verified === null || String(c.verified) === verified);
      return json(page(rows, call));
    },
  };
  for (const c of companies) {
    routes[`POST /admin/companies/${c.id}/verify`] = () => set(c.id, true);
    routes[`POST /admin/companies/${c.id}/unverify`] = () => set(c.id, false);
  }
  return stubApi(routes).calls;
}

const renderPage = (path = '/admin/companies') =>
  renderRoute(path, { routes: [{ path: '/admin/companies', element: <AdminCompaniesPage /> }], signedIn: true });
const card = (name: string) => screen.getByRole('article', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
  logout();
});

describe('AdminCompaniesPage', () => {
  it('shows a skeleton, then every company with its handle, owner and verification', async () => {
    serve([ACME, GLOBEX]);
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading companies' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Acme Tea Co' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1-2 of 2 companies')).toBeInTheDocument();
    const acme = card('Acme Tea Co');
    expect(acme).toHaveTextContent('@acmetea');
    expect(acme).toHaveTextContent('acme_owner');
    expect(acme).toHaveTextContent('Not verified');
    expect(within(acme).getByRole('button', { name: 'Verify Acme Tea Co' })).toBeInTheDocument();
    const globex = card('Globex');
    expect(globex).toHaveTextContent('Status: Verified');
    expect(within(globex).getByRole('button', { name: 'Remove verification Globex' })).toBeInTheDocument();
  });

  it('verifies after a confirm that names the handle, sending the handle the admin checked', async () => {
    const calls = serve([ACME]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Verify Acme Tea Co' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Verify Acme Tea Co?' });
    expect(dialog).toHaveTextContent('acme_owner speaks for @acmetea');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, `POST /admin/companies/${ACME.id}/verify`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verify Acme Tea Co' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(COMPANY_MESSAGES.verifyDone('Acme Tea Co'))).toBeInTheDocument();
    expect(callsTo(calls, `POST /admin/companies/${ACME.id}/verify`).map((c) => c.body)).toEqual([
      { handle: '@acmetea' },
    ]);
    await waitFor(() => expect(card('Acme Tea Co')).toHaveTextContent('Status: Verified'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('removes a verification after confirming', async () => {
    const calls = serve([GLOBEX]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove verification Globex' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the verification of Globex?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove verification' }));
    expect(await screen.findByText(COMPANY_MESSAGES.unverifyDone('Globex'))).toBeInTheDocument();
    expect(callsTo(calls, `POST /admin/companies/${GLOBEX.id}/unverify`)).toHaveLength(1);
    await waitFor(() => expect(card('Globex')).toHaveTextContent('Status: Not verified'));
  });

  it("shows the server's refusal (a handle changed meanwhile) and keeps the card as it was", async () => {
    stubApi({
      'GET /admin/companies': (call) => json(page([ACME], call)),
      [`POST /admin/companies/${ACME.id}/verify`]: () =>
        json({ detail: COMPANY_MESSAGES.handleChanged, code: 'CONFLICT' }, 409),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Verify Acme Tea Co' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(COMPANY_MESSAGES.handleChanged)).toBeInTheDocument();
    expect(card('Acme Tea Co')).toHaveTextContent('Status: Not verified');
  });

  it('filters by verification and search through the address', async () => {
    const calls = serve([ACME, GLOBEX]);
    const { user } = renderPage('/admin/companies?search=acme');
    expect(await screen.findByRole('heading', { name: 'Acme Tea Co' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verification' }), 'Not verified');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Globex' })).not.toBeInTheDocument());
    const last = callsTo(calls, 'GET /admin/companies').at(-1);
    expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({
      search: 'acme',
      verified: 'false',
      skip: '0',
      limit: '9',
    });
  });

  it('shows the empty state, the no-match state with Clear Filters, and an error with Try Again', async () => {
    let answer = (call: Call) => json(page([], call));
    stubApi({ 'GET /admin/companies': (call) => answer(call) });
    const { user } = renderPage();
    expect(await screen.findByText(COMPANY_MESSAGES.empty)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Verification' }), 'Verified');
    expect(await screen.findByText(COMPANY_MESSAGES.noMatch)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText(COMPANY_MESSAGES.empty)).toBeInTheDocument();

    answer = () => json({ detail: 'Server error. Please try again later.' }, 500);
    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'boom{Enter}');
    expect(await screen.findByText('Error Loading Companies')).toBeInTheDocument();
    answer = (call) => json(page([ACME], call));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Acme Tea Co' })).toBeInTheDocument();
  });
});
