import { COMPANY_MESSAGES, type Company, type CompanyStats } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';
import { callsTo, json, renderRoute, stubApi } from '@/testing';
import { CompanyProfileSection } from './company-profile-section';

const COMPANY: Company = {
  id: '7c7c7c7c-0000-4000-8000-000000000001',
  name: 'Acme Tea Co',
  handle: '@acmetea',
  website: 'https://acme.example',
  description: 'We sell kettles.',
  verified: true,
  verified_at: '2026-11-01T10:00:00.000Z',
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};
const STATS: CompanyStats = { handle: '@acmetea', verified: true, posts: 12, votes: 1340, reversals: 2, reports: 5 };
const UNVERIFIED: Company = { ...COMPANY, verified: false, verified_at: null };
const PUBLIC_STATS: CompanyStats = { ...STATS, verified: false, reports: null };

const renderSection = () =>
  renderRoute('/account', { routes: [{ path: '/account', element: <CompanyProfileSection /> }], signedIn: true });

afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
  logout();
});

describe('Company profile section', () => {
  it('creates a profile: checks the fields, adds the @, then shows it with its numbers', async () => {
    let company: Company | null = null;
    const { calls } = stubApi({
      'GET /company': () => json(company ?? null),
      'POST /company': ({ body }) => {
        company = { ...COMPANY, ...(body as Partial<Company>) };
        return json(company, 201);
      },
      'GET /company/stats': () => json(STATS),
    });
    const { user } = renderSection();
    expect(screen.getByRole('status', { name: 'Loading company profile' })).toBeInTheDocument();
    expect(await screen.findByText(COMPANY_MESSAGES.notFound)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create company profile' }));
    const form = screen.getByRole('form', { name: 'Company profile' });
    await user.click(within(form).getByRole('button', { name: 'Create company profile' }));
    expect(await within(form).findByText('Company name is required')).toBeInTheDocument();
    expect(within(form).getByText('Handle is required')).toBeInTheDocument();
    expect(callsTo(calls, 'POST /company')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Acme Tea Co');
    await user.type(screen.getByRole('textbox', { name: 'Handle' }), 'bad handle');
    await user.type(screen.getByRole('textbox', { name: 'Website (optional)' }), 'not a url');
    await user.click(within(form).getByRole('button', { name: 'Create company profile' }));
    expect(
      await within(form).findByText('Handle must start with @ and contain only letters, numbers, and underscores'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Must be a valid URL')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Handle' }));
    await user.type(screen.getByRole('textbox', { name: 'Handle' }), 'acmetea');
    await user.clear(screen.getByRole('textbox', { name: 'Website (optional)' }));
    await user.type(screen.getByRole('textbox', { name: 'Description (optional)' }), 'We sell kettles.');
    await user.click(within(form).getByRole('button', { name: 'Create company profile' }));

    expect(await screen.findByText(COMPANY_MESSAGES.created)).toBeInTheDocument();
    expect(callsTo(calls, 'POST /company').map((c) => c.body)).toEqual([
      { name: 'Acme Tea Co', handle: '@acmetea', description: 'We sell kettles.' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Acme Tea Co' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Approved posts tagging your handle')).toHaveTextContent('Posts12');
  });

  it('puts a claimed handle under the Handle field', async () => {
    stubApi({
      'GET /company': () => json(null),
      'POST /company': () =>
        json(
          {
            detail: COMPANY_MESSAGES.handleTaken,
            code: 'CONFLICT',
            errors: [{ field: 'handle', message: COMPANY_MESSAGES.handleTaken }],
          },
          409,
        ),
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Create company profile' }));
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Copycat');
    await user.type(screen.getByRole('textbox', { name: 'Handle' }), '@acmetea');
    await user.click(screen.getByRole('button', { name: 'Create company profile' }));
    expect(await screen.findByText(COMPANY_MESSAGES.handleTaken)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Handle' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the profile with posts, votes, reversals and reports', async () => {
    stubApi({ 'GET /company': () => json(COMPANY), 'GET /company/stats': () => json(STATS) });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Acme Tea Co' })).toBeInTheDocument();
    expect(screen.getByText('@acmetea')).toBeInTheDocument();
    const site = screen.getByRole('link', { name: /acme\.example/ });
    expect(site).toHaveAttribute('href', 'https://acme.example');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('We sell kettles.')).toBeInTheDocument();
    const list = await screen.findByLabelText('Approved posts tagging your handle');
    const read = (label: string) => within(list).getByText(label).nextElementSibling?.textContent;
    expect([read('Posts'), read('Votes'), read('Reversals'), read('Reports')]).toEqual(['12', '1,340', '2', '5']);
  });

  it('says Verified for a verified company', async () => {
    stubApi({ 'GET /company': () => json(COMPANY), 'GET /company/stats': () => json(STATS) });
    renderSection();
    expect(await screen.findByText(COMPANY_MESSAGES.verified)).toBeInTheDocument();
    expect(screen.queryByText(COMPANY_MESSAGES.notVerified)).not.toBeInTheDocument();
  });

  it('says why an unverified company sees no report count, and shows the public numbers', async () => {
    stubApi({ 'GET /company': () => json(UNVERIFIED), 'GET /company/stats': () => json(PUBLIC_STATS) });
    renderSection();
    expect(await screen.findByText(COMPANY_MESSAGES.notVerified)).toBeInTheDocument();
    expect(screen.queryByText(COMPANY_MESSAGES.verified)).not.toBeInTheDocument();
    const list = await screen.findByLabelText('Approved posts tagging your handle');
    const read = (label: string) => within(list).getByText(label).nextElementSibling?.textContent;
    expect([read('Posts'), read('Votes'), read('Reversals')]).toEqual(['12', '1,340', '2']);
    expect(within(list).getByText('Reports').nextElementSibling).toHaveTextContent(COMPANY_MESSAGES.reportsHidden);
  });

  it('a new handle shows Not verified at once (the server dropped the verification)', async () => {
    let company = COMPANY;
    stubApi({
      'GET /company': () => json(company),
      'GET /company/stats': () => json(company.verified ? STATS : PUBLIC_STATS),
      'PUT /company': ({ body }) => {
        company = {
          ...company,
          ...(body as Partial<Company>),
          website: company.website,
          verified: false,
          verified_at: null,
        };
        return json(company);
      },
    });
    const { user } = renderSection();
    expect(await screen.findByText(COMPANY_MESSAGES.verified)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const handle = screen.getByRole('textbox', { name: 'Handle' });
    await user.clear(handle);
    await user.type(handle, '@acme_new');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(COMPANY_MESSAGES.notVerified)).toBeInTheDocument();
    const list = await screen.findByLabelText('Approved posts tagging your handle');
    await waitFor(() =>
      expect(within(list).getByText('Reports').nextElementSibling).toHaveTextContent(COMPANY_MESSAGES.reportsHidden),
    );
  });

  it('edits the profile; an emptied website is sent empty so it is cleared', async () => {
    let company = COMPANY;
    const { calls } = stubApi({
      'GET /company': () => json(company),
      'GET /company/stats': () => json(STATS),
      'PUT /company': ({ body }) => {
        const patch = body as { website: string; name: string };
        company = { ...company, ...patch, website: patch.website || null, updated_at: '2026-11-02T09:00:00.000Z' };
        return json(company);
      },
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const name = screen.getByRole('textbox', { name: 'Company name' });
    expect(name).toHaveValue('Acme Tea Co');
    await user.clear(name);
    await user.type(name, 'Acme Kettles');
    await user.clear(screen.getByRole('textbox', { name: 'Website (optional)' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(COMPANY_MESSAGES.updated)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Acme Kettles' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /acme\.example/ })).not.toBeInTheDocument();
    expect(callsTo(calls, 'PUT /company').map((c) => c.body)).toEqual([
      { name: 'Acme Kettles', handle: '@acmetea', website: '', description: 'We sell kettles.' },
    ]);
  });

  it('deletes the profile after confirming, back to the empty state', async () => {
    let company: Company | null = COMPANY;
    const { calls } = stubApi({
      'GET /company': () => json(company ?? null),
      'GET /company/stats': () => json(STATS),
      'DELETE /company': () => {
        company = null;
        return json(null, 204);
      },
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Delete profile' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your company profile?' });
    expect(dialog).toHaveTextContent('Acme Tea Co and its claim on @acmetea go');
    await user.click(within(dialog).getByRole('button', { name: 'Keep profile' }));
    expect(callsTo(calls, 'DELETE /company')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete profile' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete profile' }));
    expect(await screen.findByText(COMPANY_MESSAGES.deleted)).toBeInTheDocument();
    expect(await screen.findByText(COMPANY_MESSAGES.notFound)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'DELETE /company')).toHaveLength(1);
  });

  it('shows errors with Try Again for the profile and for its numbers', async () => {
    let profile = () => json({ detail: 'Server error. Please try again later.' }, 500);
    let stats = () => json({ detail: 'Server error. Please try again later.' }, 500);
    stubApi({ 'GET /company': () => profile(), 'GET /company/stats': () => stats() });
    const { user } = renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent(COMPANY_MESSAGES.loadFailed);
    profile = () => json(COMPANY);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Acme Tea Co' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(COMPANY_MESSAGES.statsFailed);
    stats = () => json(STATS);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Approved posts tagging your handle')).toBeInTheDocument();
  });
});
