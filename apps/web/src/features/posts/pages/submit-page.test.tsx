import { FIRST_HAND_ATTESTATION } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute } from '@/testing';
import { buildUser, CATEGORY, imageFile, STATE, type User, stubPostingApi } from '../testing/render-posts';
import { SubmitPage } from './submit-page';
// Loaded up front, so the page's lazy form arrives at once however busy the machine is.
import '../components/submit-tea-form';

function renderSubmit() {
  return renderRoute('/submit', {
    routes: [
      { path: '/submit', element: <SubmitPage /> },
      { path: '/my-teas', element: <h1>My Teas</h1> },
    ],
    signedIn: true,
    userEvent: { applyAccept: false },
  });
}

const field = (label: string) => screen.getByLabelText(label);
const submitButton = () => screen.getByRole('button', { name: 'Submit Tea' });
const resetButton = () => screen.getByRole('button', { name: 'Reset' });

async function replace(user: User, label: string, value: string) {
  await user.clear(field(label));
  if (!value) return;
  await user.click(field(label));
  await user.paste(value);
}

async function fillValid(user: User) {
  await replace(user, 'Title', 'Caught at the mall');
  await replace(user, 'Content', 'He said he was at work all weekend long.');
  await replace(user, "Subject's @handle", '@jordan_23');
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), CATEGORY.name);
  await user.selectOptions(await screen.findByRole('combobox', { name: 'State' }), 'California (CA)');
  await user.click(screen.getByRole('checkbox', { name: FIRST_HAND_ATTESTATION }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('SubmitPage', () => {
  it('shows its heading at once and the form in place of a loading shape once its code has run', async () => {
    stubPostingApi({});
    renderSubmit();
    expect(screen.getByRole('heading', { name: 'Submit Tea', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the form' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();

    expect(await screen.findByLabelText('Title')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the form' })).not.toBeInTheDocument();
  });

  it('tells the cost and review, shows the balance, and waits for a valid form', async () => {
    stubPostingApi({});
    const { user } = renderSubmit();
    expect(screen.getByRole('heading', { name: 'Submit Tea', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/costs 25 Tea Coins\. Moderators review/)).toBeInTheDocument();
    expect(await screen.findByText('120 Tea Coins')).toBeInTheDocument();
    expect(screen.getByText('25 Tea Coins')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await fillValid(user);
    expect(submitButton()).toBeEnabled();

    await replace(user, "Subject's @handle", 'jordan');
    expect(submitButton()).toBeDisabled();
  });

  it.each([
    ['Title', 'Hi', 'Title must be at least 5 characters'],
    ['Title', 'T'.repeat(201), 'Title must be less than 200 characters'],
    ['Content', 'Too short', 'Content must be at least 20 characters'],
    ['Content', 'C'.repeat(5001), 'Content must be less than 5000 characters'],
    ["Subject's @handle", 'jordan', 'Handle must start with @ and contain only letters, numbers, and underscores'],
    ["Subject's @handle", '@jo-dan', 'Handle must start with @ and contain only letters, numbers, and underscores'],
    ['Evidence link (optional)', 'not a url', 'Must be a valid URL'],
    ['Bounty (optional)', '-5', 'Bounty must be non-negative'],
  ])('%s "%s" shows "%s"', async (label, value, message) => {
    stubPostingApi({});
    const { user } = renderSubmit();
    await replace(user, label, value);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('says a cleared title, content or handle is required', async () => {
    stubPostingApi({});
    const { user } = renderSubmit();
    for (const label of ['Title', 'Content', "Subject's @handle"]) {
      await replace(user, label, 'x');
      await user.clear(field(label));
    }
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Content is required')).toBeInTheDocument();
    expect(screen.getByText("Subject's handle is required")).toBeInTheDocument();
  });

  it('says a category and a state are required when the choice is taken back', async () => {
    stubPostingApi({});
    const { user } = renderSubmit();
    const category = await screen.findByRole('combobox', { name: 'Category' });
    const state = await screen.findByRole('combobox', { name: 'State' });
    await waitFor(() => expect(state).toBeEnabled());
    await user.selectOptions(category, CATEGORY.name);
    await user.selectOptions(category, 'Select a category');
    await user.selectOptions(state, 'California (CA)');
    await user.selectOptions(state, 'Select a state');
    expect(await screen.findByText('Category is required')).toBeInTheDocument();
    expect(screen.getByText('State is required')).toBeInTheDocument();
  });

  it('counts title and content characters', async () => {
    stubPostingApi({});
    const { user } = renderSubmit();
    expect(screen.getByText('0/200')).toBeInTheDocument();
    expect(screen.getByText('0/5000')).toBeInTheDocument();
    await replace(user, 'Title', 'Hello');
    await replace(user, 'Content', 'Twelve chars');
    expect(screen.getByText('5/200')).toBeInTheDocument();
    expect(screen.getByText('12/5000')).toBeInTheDocument();
  });

  it('keeps Reset disabled until something changed, then clears everything with "Form Reset"', async () => {
    stubPostingApi({});
    const { user } = renderSubmit();
    expect(resetButton()).toBeDisabled();
    await replace(user, 'Title', 'Something');
    await user.upload(field('Images (optional)'), imageFile());
    expect(screen.getByText('1/5')).toBeInTheDocument();
    expect(resetButton()).toBeEnabled();

    await user.click(resetButton());
    expect(await screen.findByText('Form Reset')).toBeInTheDocument();
    expect(field('Title')).toHaveValue('');
    expect(screen.getByText('0/5')).toBeInTheDocument();
    expect(resetButton()).toBeDisabled();
  });

  it('posts multipart form data with the fields and files, then goes to My Teas', async () => {
    const create = vi.fn((_init: RequestInit | undefined) => json({ id: 'new' }, 201));
    const fetchMock = stubPostingApi({ create });
    const { user, router } = renderSubmit();
    await fillValid(user);
    await replace(user, 'Evidence link (optional)', 'https://example.com/proof');
    await replace(user, 'Bounty (optional)', '15');
    const photo = imageFile('proof.jpg', 'image/jpeg');
    await user.upload(field('Images (optional)'), photo);
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'My Teas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-teas');
    expect(screen.getByText('Tea Submitted Successfully!')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(call?.[0]).toBe('/api/v1/posts/');
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    if (!(body instanceof FormData)) return;
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'images'))).toEqual({
      title: 'Caught at the mall',
      content: 'He said he was at work all weekend long.',
      tagged_handle: '@jordan_23',
      category_id: CATEGORY.id,
      state_id: STATE.id,
      bounty: '15',
      evidence_link: 'https://example.com/proof',
      attested: 'true',
    });
    const images = body.getAll('images');
    expect(images).toHaveLength(1);
    expect(images[0]).toBeInstanceOf(File);
    expect(images[0] instanceof File ? images[0].name : null).toBe('proof.jpg');
  });

  it('puts field errors under their fields and explains missing coins with a link to the guide', async () => {
    const create = vi
      .fn<(init: RequestInit | undefined) => Response>()
      .mockReturnValueOnce(
        json({ detail: 'Validation failed.', errors: [{ field: 'title', message: 'Title is taken' }] }, 422),
      )
      .mockReturnValueOnce(json({ detail: 'You need 25 Tea Coins for this.', code: 'INSUFFICIENT_COINS' }, 402));
    stubPostingApi({ create });
    const { user } = renderSubmit();
    await fillValid(user);
    await user.click(submitButton());
    expect(await screen.findByText('Title is taken')).toBeInTheDocument();

    await replace(user, 'Title', 'Caught at the mall again');
    await user.click(submitButton());
    const alert = await screen.findByText(/You need 25 Tea Coins for this\./);
    const link = within(alert).getByRole('link', { name: 'See how to get coins' });
    expect(link).toHaveAttribute('href', '/guide');
  });

  it('shows the API message, or the fallback when the request fails outright', async () => {
    const create = vi
      .fn<(init: RequestInit | undefined) => Response | Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockReturnValueOnce(json({ detail: 'You can submit at most 3 teas.', code: 'RATE_LIMITED' }, 429));
    stubPostingApi({ create });
    const { user } = renderSubmit();
    await fillValid(user);
    await user.click(submitButton());
    expect(await screen.findByText('Failed to submit tea. Please try again.')).toBeInTheDocument();
    await user.click(submitButton());
    expect(await screen.findByText('You can submit at most 3 teas.')).toBeInTheDocument();
  });

  it('asks an unverified user to verify first and keeps Submit disabled with the reason', async () => {
    stubPostingApi({ user: buildUser({ email_verified: false }) });
    const { user } = renderSubmit();
    expect(await screen.findByRole('link', { name: /My Account/ })).toHaveAttribute('href', '/account');
    await fillValid(user);
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(
      expect.stringContaining('Verify your email address to submit a tea.'),
    );
  });

  it('with 0 coins says so at the top before anything is typed, and keeps Submit disabled', async () => {
    stubPostingApi({ user: buildUser({ coin_balance: 0 }) });
    const { user } = renderSubmit();
    const short = await screen.findByText('You need 25 more Tea Coins.');
    const form = short.closest('form');
    expect(form?.querySelector('input, textarea, select')?.compareDocumentPosition(short)).toBe(
      Node.DOCUMENT_POSITION_PRECEDING,
    );
    expect(screen.getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
    await fillValid(user);
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(expect.stringContaining('You need 25 more Tea Coins.'));
  });

  it('counts the typed bounty into the total as it changes', async () => {
    stubPostingApi({ user: buildUser({ coin_balance: 120 }) });
    const { user } = renderSubmit();
    await fillValid(user);
    await replace(user, 'Bounty (optional)', '100');
    expect(await screen.findByText('125 Tea Coins')).toBeInTheDocument();
    expect(screen.getByText('25 Tea Coins to submit + 100 Tea Coins bounty')).toBeInTheDocument();
    expect(screen.getByText('You need 5 more Tea Coins.')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await replace(user, 'Bounty (optional)', '95');
    expect(await screen.findAllByText('120 Tea Coins')).toHaveLength(2);
    expect(screen.queryByText(/You need/)).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });
});
