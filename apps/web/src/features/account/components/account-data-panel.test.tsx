import { ACCOUNT_DATA_MESSAGES, type AccountExport } from '@kettle/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileDate } from '@/lib/download-file';
import { callsTo, deferred, json, reader, renderRoute, stubApi } from '@/testing';
import { AccountDataPanel } from './account-data-panel';

const EXPORT = 'GET /users/me/export';

const file: AccountExport = {
  exported_at: '2026-11-27T10:00:00.000Z',
  profile: reader(40),
  teas: [{ id: 'tea-1', title: 'The office kettle' }],
  comments: [],
  votes: [],
  unlocks: [],
  reports: [],
  account_actions: [],
  appeals: [],
  removed_comments: [],
  held_comments: [],
  purchases: [],
  subscriptions: [],
  ledger: [],
  notifications: [],
  blocks: [],
  company: null,
};

/** The export as the API sends it: the JSON, named by content-disposition. */
const attachment = (name = 'kettle-export-2026-11-27.json') => {
  const response = json(file);
  response.headers.set('content-disposition', `attachment; filename="${name}"`);
  return response;
};

/** What the browser was asked to save: the blob and the anchor's name and address. */
function spyOnDownloads() {
  const blobs: Blob[] = [];
  const downloads: Array<{ name: string; href: string }> = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
  return { blobs, downloads };
}

const renderPanel = () => renderRoute('/account', { element: <AccountDataPanel />, user: reader(40) });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AccountDataPanel: Download my data', () => {
  it('fetches the export signed in, shows it pending, then saves the response as the named file', async () => {
    const answer = deferred();
    const { calls, fetchMock } = stubApi({ [EXPORT]: () => answer.promise });
    const { blobs, downloads } = spyOnDownloads();
    const { user } = renderPanel();

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const pending = screen.getByRole('button', { name: 'Preparing...' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-token');

    answer.resolve(attachment());
    expect(await screen.findByText(ACCOUNT_DATA_MESSAGES.exportReady)).toBeInTheDocument();
    expect(downloads).toEqual([{ name: 'kettle-export-2026-11-27.json', href: 'blob:export' }]);
    expect(JSON.parse((await blobs[0]?.text()) ?? '')).toEqual(file);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    expect(callsTo(calls, EXPORT)).toHaveLength(1);
  });

  it("names the file with today's date when the response does not", async () => {
    stubApi({ [EXPORT]: () => json(file) });
    const { downloads } = spyOnDownloads();
    const { user } = renderPanel();

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(ACCOUNT_DATA_MESSAGES.exportReady)).toBeInTheDocument();
    expect(downloads.map((download) => download.name)).toEqual([`kettle-export-${fileDate()}.json`]);
  });

  it("shows the API's reason when the export is refused (429) and saves nothing", async () => {
    const detail = 'Too many exports. Try again in an hour.';
    stubApi({ [EXPORT]: () => json({ detail, code: 'RATE_LIMITED' }, 429) });
    const { downloads } = spyOnDownloads();
    const { user } = renderPanel();

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(downloads).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('falls back to the export failure message when the request never reaches the API', async () => {
    stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    spyOnDownloads();
    const { user } = renderPanel();

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(ACCOUNT_DATA_MESSAGES.exportFailed)).toBeInTheDocument();
  });
});
