import { POST_CARD_MESSAGES } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '@/lib/current-user';
import { json, renderRoute } from '@/testing';
import { MyTeasPage } from '../pages/my-teas-page';
import { makeMyPost, page } from '../testing/my-teas-kit';
import { AVA, makeDetail, renderDetail, stubDetailApi } from '../testing/post-detail-kit';
import { CATEGORY, STATE } from '../testing/render-posts';

afterEach(() => vi.unstubAllGlobals());

const renderMyTeas = () =>
  renderRoute('/my-teas', {
    routes: [
      { path: '/my-teas', element: <MyTeasPage /> },
      { path: '/posts/:id', element: <h1>Post page</h1> },
    ],
    signedIn: true,
    userEvent: { applyAccept: false },
  });

describe('Empty Pot', () => {
  it('on My Teas: View Tea, and Empty Pot (not for rejected) with the cost, balance and warnings', async () => {
    const pending = makeMyPost({ title: 'Pending tea' });
    const rejected = makeMyPost({ title: 'Rejected tea', status: 'rejected', empty_pot_refusal: 'rejected' });
    stubDetailApi(({ path }) => {
      if (path === '/categories/') return json({ data: [CATEGORY] });
      if (path === '/states/') return json({ data: [STATE] });
      if (path === '/posts/me') return page([pending, rejected]);
    }, AVA);
    const { user } = renderMyTeas();

    const card = await screen.findByRole('article', { name: 'Pending tea' });
    expect(within(card).getByRole('link', { name: 'View Tea' })).toHaveAttribute('href', `/posts/${pending.id}`);
    const gone = screen.getByRole('article', { name: 'Rejected tea' });
    expect(within(gone).getByRole('link', { name: 'View Tea' })).toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: 'Empty Pot' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Empty Pot' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Empty the pot?' });
    expect(dialog).toHaveTextContent('Emptying the pot costs 25 Tea Coins.');
    expect(dialog).toHaveTextContent('You need at least 25 Tea Coins to empty the pot.');
    expect(within(dialog).getByText('60 Tea Coins')).toBeInTheDocument();
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('A tea cannot be emptied once someone else has unlocked it.');
    expect(within(dialog).getByRole('button', { name: 'Empty Pot' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('from the post page: deletes, updates the balance, and goes to My Teas', async () => {
    const own = makeDetail({ title: 'Spill it', unlock_count: 0, status: 'approved', empty_pot_refusal: null });
    const calls = stubDetailApi(({ path, method }) => {
      if (path === `/posts/${own.id}` && method === 'GET') return json(own);
      if (path === `/posts/${own.id}/empty-pot` && method === 'DELETE')
        return json({ message: POST_CARD_MESSAGES.potEmptied, coin_balance: 35 });
    }, AVA);
    const { user, queryClient } = renderDetail(`/posts/${own.id}`);

    await user.click(await screen.findByRole('button', { name: 'Empty Pot' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Empty the pot?' });
    await within(dialog).findByText('60 Tea Coins');
    await user.click(within(dialog).getByRole('button', { name: 'Empty Pot' }));

    expect(await screen.findByRole('heading', { name: 'My Teas' })).toBeInTheDocument();
    expect(screen.getByText('Pot Emptied')).toBeInTheDocument();
    expect(screen.getByText(POST_CARD_MESSAGES.potEmptied)).toBeInTheDocument();
    expect(queryClient.getQueryData(currentUserKey)).toMatchObject({ coin_balance: 35 });
    expect(queryClient.getQueryCache().findAll({ queryKey: ['posts', 'detail', own.id] })).toEqual([]);
    expect(calls.filter((c) => c.path === `/posts/${own.id}`)).toHaveLength(1);
  });

  it("shows 'Failed to Empty Pot' with the API's 409 text and stays on the page", async () => {
    const own = makeDetail({ title: 'Unlocked already', unlock_count: 0, empty_pot_refusal: null });
    stubDetailApi(({ path, method }) => {
      if (path === `/posts/${own.id}` && method === 'GET') return json(own);
      if (method === 'DELETE') return json({ detail: POST_CARD_MESSAGES.potUnlocked }, 409);
    }, AVA);
    const { user } = renderDetail(`/posts/${own.id}`);

    await user.click(await screen.findByRole('button', { name: 'Empty Pot' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Empty Pot' }));

    expect(await screen.findByText('Failed to Empty Pot')).toBeInTheDocument();
    expect(screen.getByText(POST_CARD_MESSAGES.potUnlocked)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Unlocked already' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to empty the pot' when no answer comes", async () => {
    const own = makeDetail({ title: 'Offline', unlock_count: 0, empty_pot_refusal: null });
    stubDetailApi(({ path, method }) => {
      if (path === `/posts/${own.id}` && method === 'GET') return json(own);
      if (method === 'DELETE') throw new TypeError('Failed to fetch');
    }, AVA);
    const { user } = renderDetail(`/posts/${own.id}`);

    await user.click(await screen.findByRole('button', { name: 'Empty Pot' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Empty Pot' }));
    expect(await screen.findByText('Failed to Empty Pot')).toBeInTheDocument();
    expect(screen.getByText('Failed to empty the pot')).toBeInTheDocument();
  });

  it('on a tea someone unlocked: Empty Pot is disabled with the reason, and no dialog opens', async () => {
    const unlocked = makeMyPost({
      title: 'Read tea',
      status: 'approved',
      unlock_count: 2,
      empty_pot_refusal: 'unlocked',
    });
    const calls = stubDetailApi(({ path }) => {
      if (path === '/categories/') return json({ data: [CATEGORY] });
      if (path === '/states/') return json({ data: [STATE] });
      if (path === '/posts/me') return page([unlocked]);
    }, AVA);
    const { user } = renderMyTeas();

    const card = await screen.findByRole('article', { name: 'Read tea' });
    const button = within(card).getByRole('button', { name: 'Empty Pot' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(expect.stringContaining(POST_CARD_MESSAGES.potUnlocked));
    expect(within(card).getByText(POST_CARD_MESSAGES.potUnlocked)).toBeVisible();
    await user.click(button);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter(({ method }) => method === 'DELETE')).toEqual([]);
  });

  it('on the detail of a tea someone unlocked: the same disabled Empty Pot with its reason', async () => {
    const own = makeDetail({ title: 'Read detail', unlock_count: 1, empty_pot_refusal: 'unlocked' });
    stubDetailApi(({ path }) => (path === `/posts/${own.id}` ? json(own) : undefined), AVA);
    renderDetail(`/posts/${own.id}`);
    const onPage = await screen.findByRole('button', { name: 'Empty Pot' });
    expect(onPage).toBeDisabled();
    expect(onPage).toHaveAccessibleDescription(POST_CARD_MESSAGES.potUnlocked);
  });

  it('with 20 coins: the confirm is disabled with "You need 5 more Tea Coins" and Buy Coins', async () => {
    const own = makeDetail({ title: 'Cheap author', unlock_count: 0, empty_pot_refusal: null });
    const calls = stubDetailApi(({ path }) => (path === `/posts/${own.id}` ? json(own) : undefined), {
      ...AVA,
      coin_balance: 20,
    });
    const { user } = renderDetail(`/posts/${own.id}`);

    await user.click(await screen.findByRole('button', { name: 'Empty Pot' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Empty the pot?' });
    expect(await within(dialog).findByText('20 Tea Coins')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Empty Pot' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining('You need 5 more Tea Coins.'));
    expect(within(dialog).getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
    expect(calls.filter(({ method }) => method === 'DELETE')).toEqual([]);
  });

  it("shows no Empty Pot on someone else's tea", async () => {
    const other = makeDetail({ title: 'Not mine' });
    stubDetailApi(({ path }) => (path === `/posts/${other.id}` ? json(other) : undefined), AVA);
    renderDetail(`/posts/${other.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not mine' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty Pot' })).not.toBeInTheDocument();
  });
});
