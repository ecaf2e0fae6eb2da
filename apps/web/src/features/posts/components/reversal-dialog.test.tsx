import { FIRST_HAND_ATTESTATION } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute } from '@/testing';
import {
  buildUser,
  CATEGORY,
  imageFile,
  ORIGINAL_POST_ID,
  STATE,
  type User,
  stubPostingApi,
} from '../testing/render-posts';
import { ReversalAction } from './post-card-actions';

// As a card shows it: the subject, category and state the reversal inherits.
const ORIGINAL = {
  id: ORIGINAL_POST_ID,
  original_post_id: null,
  has_reversal: false,
  is_locked: false,
  author_username: 'someone_else',
  tagged_handle: '@jordan_23',
  category: { name: CATEGORY.name },
  state: { name: STATE.name },
};

function renderButton(post = ORIGINAL) {
  return renderRoute(`/posts/${ORIGINAL_POST_ID}`, {
    routes: [
      { path: '/posts/:id', element: <ReversalAction post={post} /> },
      { path: '/my-teas', element: <h1>My Teas</h1> },
    ],
    signedIn: true,
    userEvent: { applyAccept: false },
  });
}

async function openDialog(user: User) {
  await user.click(screen.getByRole('button', { name: 'Create Reversal' }));
  return screen.findByRole('dialog', { name: 'Submit Reversal' });
}

async function fillValid(user: User, dialog: HTMLElement) {
  const paste = async (label: string, value: string) => {
    await user.click(within(dialog).getByLabelText(label));
    await user.paste(value);
  };
  await paste('Reversal Title', 'That is not what happened');
  await paste('Reversal Content', 'I was at my cousin’s wedding, with photos.');
  await user.click(within(dialog).getByRole('checkbox', { name: FIRST_HAND_ATTESTATION }));
}

const submitButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Submit Reversal' });

afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('ReversalDialog', () => {
  it('opens titled "Submit Reversal", tells the cost and closes on Cancel', async () => {
    stubPostingApi({});
    const { user } = renderButton();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('costs 20 Tea Coins'));
    expect(within(dialog).getByLabelText('Evidence images (optional)')).toHaveAttribute('type', 'file');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers no Create Reversal on the reader's own tea, which the server refuses", async () => {
    const user = buildUser();
    const fetchMock = stubPostingApi({ user });
    renderButton({ ...ORIGINAL, author_username: user.username });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create Reversal' })).toBeNull());
  });

  it("shows the original's handle, category and state as read-only facts, not fields", async () => {
    stubPostingApi({});
    const { user } = renderButton();
    const dialog = await openDialog(user);
    const inherited = within(dialog).getByRole('group', { name: 'From the original tea' });
    const facts = within(inherited)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ["Subject's @handle", '@jordan_23'],
      ['Category', CATEGORY.name],
      ['State/Province', STATE.name],
    ]);
    expect(within(dialog).queryByRole('textbox', { name: /handle/i })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('keeps Submit Reversal disabled until the form is valid', async () => {
    stubPostingApi({});
    const { user } = renderButton();
    const dialog = await openDialog(user);
    expect(submitButton(dialog)).toBeDisabled();
    await fillValid(user, dialog);
    expect(submitButton(dialog)).toBeEnabled();
    await user.clear(within(dialog).getByLabelText('Reversal Title'));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();
  });

  it('sends the fields, images and original_post_id, then goes to My Teas', async () => {
    const create = vi.fn((_init: RequestInit | undefined) => json({ id: 'reversal' }, 201));
    const fetchMock = stubPostingApi({ create });
    const { user, router } = renderButton();
    const dialog = await openDialog(user);
    await fillValid(user, dialog);
    await user.upload(within(dialog).getByLabelText('Evidence images (optional)'), imageFile('receipt.png'));
    await user.click(submitButton(dialog));

    expect(await screen.findByRole('heading', { name: 'My Teas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-teas');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Tea Submitted Successfully!')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(call?.[0]).toBe('/api/v1/posts/reversal');
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    if (!(body instanceof FormData)) return;
    expect(body.get('original_post_id')).toBe(ORIGINAL_POST_ID);
    expect(body.get('title')).toBe('That is not what happened');
    // The server takes these from the original; the form never sends them.
    expect(body.has('category_id')).toBe(false);
    expect(body.has('state_id')).toBe(false);
    expect(body.has('tagged_handle')).toBe(false);
    expect(body.getAll('images')).toHaveLength(1);
  });

  it('shows the API message, or the reversal fallback', async () => {
    const create = vi
      .fn<(init: RequestInit | undefined) => Response | Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockReturnValueOnce(json({ detail: 'This post already has a reversal.', code: 'CONFLICT' }, 409));
    stubPostingApi({ create });
    const { user } = renderButton();
    const dialog = await openDialog(user);
    await fillValid(user, dialog);
    await user.click(submitButton(dialog));
    expect(await screen.findByText('Failed to submit reversal. Please try again.')).toBeInTheDocument();
    await user.click(submitButton(dialog));
    expect(await screen.findByText('This post already has a reversal.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Submit Reversal' })).toBeInTheDocument();
  });

  it('with 19 coins says "You need 1 more Tea Coin" at the top and keeps Submit Reversal disabled', async () => {
    stubPostingApi({ user: buildUser({ coin_balance: 19 }) });
    const { user } = renderButton();
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText('You need 1 more Tea Coin.')).toBeInTheDocument();
    expect(within(dialog).getByText('20 Tea Coins')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
    await fillValid(user, dialog);
    expect(submitButton(dialog)).toBeDisabled();
  });

  it('with 20 coins shows the cost and balance and lets a valid reversal be sent', async () => {
    stubPostingApi({ user: buildUser({ coin_balance: 20 }) });
    const { user } = renderButton();
    const dialog = await openDialog(user);
    expect(await within(dialog).findAllByText('20 Tea Coins')).toHaveLength(2);
    await fillValid(user, dialog);
    expect(submitButton(dialog)).toBeEnabled();
    expect(within(dialog).queryByText(/You need/)).not.toBeInTheDocument();
  });
});
