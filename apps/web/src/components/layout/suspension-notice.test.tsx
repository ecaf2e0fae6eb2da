import { ENFORCEMENT_MESSAGES } from '@kettle/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { landing, reader, renderRoute, stubApi } from '@/testing';
import { SuspensionNotice } from './suspension-notice';

const renderAs = (suspended_until: string | null) => {
  stubApi();
  return renderRoute('/', {
    element: (
      <>
        <SuspensionNotice />
        <h1>Home</h1>
      </>
    ),
    routes: [landing('/account', 'My Account')],
    user: { ...reader(100), suspended_until },
  });
};

afterEach(() => vi.unstubAllGlobals());

describe('SuspensionNotice', () => {
  it('tells a suspended reader until when, what they can still do, and where to read why', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const { user } = renderAs(until);
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(ENFORCEMENT_MESSAGES.suspended(until));
    await user.click(screen.getByRole('link', { name: 'See your account standing' }));
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
  });

  it('shows nothing in good standing', async () => {
    renderAs(null);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing once the date has passed', async () => {
    renderAs(new Date(Date.now() - 60_000).toISOString());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
