import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '@/testing';
import { QueryState, type QueryErrorText } from './query-state';

type Props = { fetch: () => Promise<string[]>; error?: QueryErrorText };

const FAILED: QueryErrorText = { message: (error) => (error instanceof Error ? error.message : undefined) };

function Fruits({ fetch, error = FAILED }: Props) {
  const query = useQuery({ queryKey: ['fruits'], queryFn: fetch });
  return (
    <QueryState
      query={query}
      loading={<p role="status">Loading fruits</p>}
      error={error}
      empty={{ when: (fruits) => fruits.length === 0, view: <p>No fruits yet</p> }}
    >
      {(fruits) => (
        <ul aria-label="Fruits">
          {fruits.map((fruit) => (
            <li key={fruit}>{fruit}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

const renderFruits = (props: Props) =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <Fruits {...props} />
    </QueryClientProvider>,
  );

describe('QueryState', () => {
  it('shows the loading view, then the children with the data', async () => {
    renderFruits({ fetch: () => Promise.resolve(['Apple', 'Pear']) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading fruits');
    expect(await screen.findByRole('list', { name: 'Fruits' })).toHaveTextContent('ApplePear');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the empty view when the data is empty', async () => {
    renderFruits({ fetch: () => Promise.resolve([]) });
    expect(await screen.findByText('No fruits yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says what failed in an alert, and Try Again fetches again', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error('The orchard is closed')).mockResolvedValueOnce(['Plum']);
    renderFruits({ fetch });
    expect(await screen.findByRole('alert')).toHaveTextContent('The orchard is closed');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Fruits' })).toHaveTextContent('Plum');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows a titled failure as a panel with its heading, loading again while Try Again fetches', async () => {
    let fail!: (error: Error) => void;
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new Error('Server error'))
      .mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    renderFruits({ fetch, error: { ...FAILED, title: 'Unable to Load Fruits', headingLevel: 1 } });
    expect(await screen.findByRole('heading', { name: 'Unable to Load Fruits', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Server error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading fruits');
    fail(new Error('Still down'));
    expect(await screen.findByText('Still down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });
});
