import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reader, renderRoute, stubApi } from '@/testing';
import { UserShell } from './user-shell';

const MEMBERS_ONLY = ['My Teas', 'Submit Tea', 'Buy Coins', 'My Account'];

function renderShell(signedIn: boolean) {
  stubApi({}, { user: reader(100) });
  return renderRoute('/', {
    routes: [{ element: <UserShell />, children: [{ path: '/', element: <h1>Latest teas</h1> }] }],
    ...(signedIn ? { user: reader(100) } : { signedIn: false }),
  });
}

async function openMenu(user: ReturnType<typeof renderShell>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog');
}

const linkNames = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim());

afterEach(() => vi.unstubAllGlobals());

describe('the user shell for a signed-out visitor', () => {
  it('puts Sign up and Login in the header', async () => {
    renderShell(false);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/signup');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/signin');
    // Nothing hides Sign up at a phone's width: no breakpoint-only display on it or its parents.
    for (
      let node: HTMLElement | null = within(header).getByRole('link', { name: 'Sign up' });
      node;
      node = node.parentElement
    ) {
      expect(node.className).not.toMatch(/(^|\s)hidden(\s|$)/);
    }
  });

  it('shows in the menu only what a visitor can use, with Sign up and Login', async () => {
    const { user } = renderShell(false);
    const menu = await openMenu(user);
    const names = linkNames(menu);
    expect(names).toEqual(expect.arrayContaining(['Home', 'Coin Guide', 'Terms', 'Contact', 'Sign up', 'Login']));
    for (const name of MEMBERS_ONLY) expect(names).not.toContain(name);
    expect(within(menu).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/signup');
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/signin');
  });
});

describe('the user shell for a member', () => {
  it('lists the member pages in the menu and offers no Sign up', async () => {
    const { user } = renderShell(true);
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    const menu = await openMenu(user);
    const names = linkNames(menu);
    expect(names).toEqual(expect.arrayContaining(['Home', ...MEMBERS_ONLY]));
    expect(names).not.toContain('Sign up');
    expect(names).not.toContain('Login');
  });
});
