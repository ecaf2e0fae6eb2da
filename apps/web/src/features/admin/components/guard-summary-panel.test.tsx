import { GUARD_SCAN_IDLE, type GuardScanStatus, type GuardSummary } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, stubApi } from '@/testing';
import { GuardSummaryPanel } from './guard-summary-panel';

afterEach(() => vi.unstubAllGlobals());

const IDLE = GUARD_SCAN_IDLE;

const summary = (scan: GuardScanStatus = IDLE): GuardSummary => ({
  flags: { privacy: 3, minor: 1, allegation: 7, hint: 12 },
  flagged_teas: 15,
  flagged_comments: 4,
  held_comments: 2,
  scan,
});

const render = () =>
  renderRoute('/admin/', {
    routes: [{ path: '/admin/', element: <GuardSummaryPanel /> }],
    signedIn: true,
  });

describe('the privacy figures on the admin home', () => {
  it('counts open flags per kind, each a link to the queue filtered by it, and comments for the desk', async () => {
    stubApi(({ url }) => (url.pathname === '/api/v1/guard/admin/summary' ? json(summary()) : undefined));
    render();
    const region = await screen.findByRole('region', { name: 'Privacy guard' });
    expect(within(region).getByRole('link', { name: '3 Private data' })).toHaveAttribute(
      'href',
      '/admin/moderation?flag=privacy',
    );
    expect(within(region).getByRole('link', { name: '1 Minor' })).toHaveAttribute(
      'href',
      '/admin/moderation?flag=minor',
    );
    expect(within(region).getByRole('link', { name: '12 Worth a look' })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: '2 Comments held' })).toHaveAttribute('href', '/admin/privacy');
    expect(within(region).getByRole('link', { name: '4 Comments flagged' })).toBeInTheDocument();
  });

  it('starts a scan and follows it until it ends', async () => {
    let calls = 0;
    const running: GuardScanStatus = { ...IDLE, running: true, started_at: new Date().toISOString(), teas: 100 };
    const finished: GuardScanStatus = {
      ...running,
      running: false,
      finished_at: new Date().toISOString(),
      teas: 240,
      comments: 31,
      flagged_teas: 2,
      flagged_comments: 1,
    };
    let scan = IDLE;
    stubApi(({ method, url }) => {
      if (method === 'POST' && url.pathname === '/api/v1/guard/admin/scan') {
        scan = running;
        return json(running, 202);
      }
      if (url.pathname === '/api/v1/guard/admin/summary') {
        calls += 1;
        // The second read after the start finds it finished.
        if (scan === running && calls > 2) scan = finished;
        return json(summary(scan));
      }
      return undefined;
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Scan published teas and comments' }));
    expect(await screen.findByText(/^Scanning: 100 teas and 0 comments read so far/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scanning…' })).toBeDisabled();
    expect(
      await screen.findByText(/240 teas and 31 comments read, 3 newly flagged/, {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan published teas and comments' })).toBeEnabled();
  });
});
