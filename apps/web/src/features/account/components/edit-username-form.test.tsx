import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, stubApi } from '@/testing';
import { EditUsernameForm } from './edit-username-form';

function renderForm() {
  const { fetchMock } = stubApi(() => json({}));
  const { user } = renderRoute('/', { element: <EditUsernameForm username="avalanche" />, toaster: false });
  return { fetchMock, user };
}

afterEach(() => vi.unstubAllGlobals());

describe('EditUsernameForm', () => {
  it('says inline that a 1-character name is too short, as soon as it is typed, and sends nothing', async () => {
    const { fetchMock, user } = renderForm();
    const input = screen.getByLabelText('Username');
    await user.clear(input);
    await user.type(input, 'a');
    expect(await screen.findByRole('alert')).toHaveTextContent('Username must be at least 3 characters');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(input, 'bc');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
