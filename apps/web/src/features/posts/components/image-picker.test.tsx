import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageFile } from '../testing/render-posts';
import { ImagePicker } from './image-picker';

function Harness({ error }: { error?: string }) {
  const [files, setFiles] = useState<File[]>([]);
  return <ImagePicker files={files} onChange={setFiles} error={error} />;
}

function renderPicker(error?: string) {
  const view = render(<Harness error={error} />);
  return { ...view, user: userEvent.setup({ applyAccept: false }) };
}

const input = () => screen.getByLabelText('Images (optional)');
const alert = () => screen.getByRole('alert');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ImagePicker', () => {
  it('is a labelled, keyboard-reachable multiple file input for jpg, png and webp', async () => {
    const { user } = renderPicker();
    expect(input()).toHaveAttribute('type', 'file');
    expect(input()).toHaveAttribute('accept', '.jpg,.jpeg,.png,.webp');
    expect(input()).toHaveAttribute('multiple');
    expect(screen.getByText('0/5')).toBeInTheDocument();
    await user.tab();
    expect(input()).toHaveFocus();
  });

  it('shows thumbnails and the count', async () => {
    const { user } = renderPicker();
    await user.upload(input(), [imageFile('a.png'), imageFile('b.webp', 'image/webp')]);
    expect(screen.getByText('2/5')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image 1: a.png' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(screen.getByRole('img', { name: 'Image 2: b.webp' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows why a file of the wrong type or size was refused, and keeps the good ones', async () => {
    const { user } = renderPicker();
    await user.upload(input(), [
      imageFile('notes.gif', 'image/gif'),
      imageFile('huge.png', 'image/png', 5 * 1024 * 1024 + 1),
      imageFile('fine.jpg', 'image/jpeg'),
    ]);
    expect(within(alert()).getByText('File "notes.gif" is not a supported image type')).toBeInTheDocument();
    expect(within(alert()).getByText('File "huge.png" is too large. Maximum size is 5MB')).toBeInTheDocument();
    expect(screen.getByText('1/5')).toBeInTheDocument();
    expect(input()).toHaveAccessibleDescription(expect.stringContaining('is not a supported image type'));
  });

  it('takes five images at most, says so, and disables the input when full', async () => {
    const { user } = renderPicker();
    const files = ['1', '2', '3', '4', '5', '6'].map((n) => imageFile(`${n}.png`));
    await user.upload(input(), files);
    expect(within(alert()).getByText('Maximum 5 images allowed')).toBeInTheDocument();
    expect(screen.getByText('5/5')).toBeInTheDocument();
    expect(screen.getByText('Maximum 5 images reached')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(screen.queryByRole('img', { name: /6\.png/ })).not.toBeInTheDocument();
  });

  it('removes an image, revokes its preview and enables the input again', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { user } = renderPicker();
    await user.upload(
      input(),
      ['1', '2', '3', '4', '5'].map((n) => imageFile(`${n}.png`)),
    );
    expect(input()).toBeDisabled();
    const firstUrl = screen.getByRole('img', { name: 'Image 1: 1.png' }).getAttribute('src');

    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByText('4/5')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /1\.png/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image 1: 2.png' })).toBeInTheDocument();
    expect(revoke).toHaveBeenCalledWith(firstUrl);
    expect(input()).toBeEnabled();
    expect(input()).toHaveFocus();
  });

  it('revokes every preview when it unmounts', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { user, unmount } = renderPicker();
    await user.upload(input(), [imageFile('a.png'), imageFile('b.png')]);
    revoke.mockClear();
    unmount();
    expect(revoke).toHaveBeenCalledTimes(2);
  });

  it('shows a server message about the images', () => {
    renderPicker('File too large. Maximum file size is 5MB.');
    expect(within(alert()).getByText('File too large. Maximum file size is 5MB.')).toBeInTheDocument();
  });
});
