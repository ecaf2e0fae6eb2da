import { BAN_MESSAGES, ERROR_CODES, type BanNotice } from '@kettle/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { forgetBan } from '@/lib/banned-notice';
import { getSession, logout, setTokens } from '@/lib/session';
import { json, renderRoute, stubApi } from '@/testing';
import { SignInPage } from './sign-in-page';

const BAN: BanNotice = {
  reference: '7a7a7a7a-0000-4000-8000-00000000ba11',
  rule_title: 'No minors',
  message: 'A photo of a child.',
  banned_at: '2026-12-01T09:00:00.000Z',
  appeal_until: '2026-12-31T09:00:00.000Z',
  appeal_path: '/moderation?tab=status&reference=7a7a7a7a-0000-4000-8000-00000000ba11',
};
const banned = (ban: BanNotice = BAN) =>
  json({ detail: BAN_MESSAGES.detail(ban.rule_title, ban.banned_at), code: ERROR_CODES.accountBanned, ban }, 403);

const renderSignIn = () =>
  renderRoute('/auth/signin', {
    element: <SignInPage />,
    routes: [{ path: '/moderation', element: <h1>Moderation and safety</h1> }],
    toaster: false,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  forgetBan();
  logout();
});

describe('a banned member is told so', () => {
  it('at sign-in: "Your account is banned" with the rule, the date, the reason and the appeal link', async () => {
    stubApi(() => banned());
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'bart@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: BAN_MESSAGES.title, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(BAN_MESSAGES.detail('No minors', BAN.banned_at));
    expect(screen.getByText('Reason: A photo of a child.')).toBeInTheDocument();
    expect(screen.getByText(BAN_MESSAGES.appeal(BAN.appeal_until))).toBeInTheDocument();
    const appeal = screen.getByRole('link', { name: 'Appeal this ban' });
    expect(appeal).toHaveAttribute('href', BAN.appeal_path);
    await user.click(appeal);
    expect(await screen.findByRole('heading', { name: 'Moderation and safety' })).toBeInTheDocument();
  });

  it('once the 30 days have passed, says so and offers no appeal; Back to sign in shows the form again', async () => {
    stubApi(() => banned({ ...BAN, appeal_path: null }));
    const { user } = renderSignIn();
    await user.type(screen.getByLabelText('Email'), 'bart@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(BAN_MESSAGES.appealClosed)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Appeal this ban' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
  });

  it('on the next signed-in request: the session ends and the ban is remembered for the sign-in screen', async () => {
    setTokens('access', 'refresh');
    stubApi(() => banned());
    await expect(api.get('/auth/me')).rejects.toMatchObject({ code: ERROR_CODES.accountBanned, ban: BAN });
    await waitFor(() => expect(getSession().accessToken).toBeNull());
    renderSignIn();
    expect(await screen.findByRole('heading', { name: BAN_MESSAGES.title, level: 1 })).toBeInTheDocument();
  });
});
