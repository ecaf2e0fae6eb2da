import { FIRST_HAND_ATTESTATION } from '@kettle/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdUploads } from '@/lib/testing/fetch-backed-xhr';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute } from '@/testing';
import { UPLOAD_CANCELLED } from '../hooks/use-upload';
import { fileShares, totalShare } from '../utils/upload-shares';
import { CATEGORY, imageFile, type User, stubPostingApi } from '../testing/render-posts';
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

async function fillWithPhotos(user: User) {
  // The form loads after the page's first paint.
  await screen.findByLabelText('Title');
  const paste = async (label: string, value: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  };
  await paste('Title', 'Caught at the mall');
  await paste('Content', 'He said he was at work all weekend long.');
  await paste("Subject's @handle", '@jordan_23');
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), CATEGORY.name);
  await user.selectOptions(await screen.findByRole('combobox', { name: 'State' }), 'California (CA)');
  await user.click(screen.getByRole('checkbox', { name: FIRST_HAND_ATTESTATION }));
  await user.upload(screen.getByLabelText('Images (optional)'), [
    imageFile('beach.png', 'image/png', 3_000_000),
    imageFile('pier.png', 'image/png', 1_000_000),
  ]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('submitting a tea with photos', () => {
  it('shows progress in total and per photo, then says the server is processing them', async () => {
    const release = holdUploads();
    let answer: (response: Response) => void = () => undefined;
    const create = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    stubPostingApi({ create });
    const { user } = renderSubmit();
    await fillWithPhotos(user);
    await user.click(screen.getByRole('button', { name: 'Submit Tea' }));

    const panel = await screen.findByRole('region', { name: 'Upload progress' });
    const total = within(panel).getByRole('progressbar', { name: 'Total upload' });
    expect(Number(total.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(Number(total.getAttribute('aria-valuenow'))).toBeLessThan(100);
    expect(within(panel).getByRole('progressbar', { name: 'Upload of beach.png' })).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Upload of pier.png' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(within(panel).getByText(/^Uploading photos: \d+%$/)).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: /Uploading photos…/ })).toBeDisabled();
    expect(create).not.toHaveBeenCalled();

    release();
    expect(await within(panel).findByText('Processing photos…')).toBeInTheDocument();
    expect(within(panel).getByText('All photos sent. Processing photos…')).toHaveAttribute('aria-live', 'polite');
    expect(within(panel).getByRole('progressbar', { name: 'Total upload' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(panel).queryByRole('button', { name: 'Cancel upload' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Processing photos…/ })).toBeDisabled();

    answer(json({ id: 'new' }, 201));
    expect(await screen.findByRole('heading', { name: 'My Teas' })).toBeInTheDocument();
  });

  it('cancels while the photos are going out: nothing reaches the server and the form stays', async () => {
    const release = holdUploads();
    const create = vi.fn(() => json({ id: 'new' }, 201));
    stubPostingApi({ create });
    const { user } = renderSubmit();
    await fillWithPhotos(user);
    await user.click(screen.getByRole('button', { name: 'Submit Tea' }));

    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText(UPLOAD_CANCELLED.title)).toBeInTheDocument();
    expect(screen.getByText(UPLOAD_CANCELLED.description)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Upload progress' })).not.toBeInTheDocument());
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveValue('Caught at the mall');
    expect(screen.getByRole('button', { name: 'Submit Tea' })).toBeEnabled();
    release();
  });
});

describe('upload shares', () => {
  const files = [imageFile('a.png', 'image/png', 100), imageFile('b.png', 'image/png', 300)];

  it('counts the fields and part headers before the first file', () => {
    expect(fileShares(files, { phase: 'uploading', loaded: 50, total: 500 })).toEqual([0, 0]);
    expect(fileShares(files, { phase: 'uploading', loaded: 150, total: 500 })).toEqual([0.5, 0]);
    expect(fileShares(files, { phase: 'uploading', loaded: 350, total: 500 })).toEqual([1, 0.5]);
    expect(totalShare({ phase: 'uploading', loaded: 350, total: 500 })).toBe(0.7);
  });

  it('is complete for every file once the server is processing', () => {
    expect(fileShares(files, { phase: 'processing', loaded: 500, total: 500 })).toEqual([1, 1]);
    expect(totalShare({ phase: 'processing', loaded: 0, total: 0 })).toBe(1);
  });
});
