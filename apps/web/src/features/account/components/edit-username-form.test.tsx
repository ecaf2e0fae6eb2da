import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditUsernameForm } from './edit-username-form';

function renderForm() {
  const fetchMock = vi.fn(async () => new Response('{}'));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EditUsernameForm username="avalanche" />
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
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
