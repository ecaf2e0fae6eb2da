import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithBalance } from '@/testing/render-with-balance';
import { CommentForm } from './comment-form';

afterEach(() => vi.unstubAllGlobals());

const POST_ID = '99999999-9999-4999-8999-000000000002';

const renderForm = (balance: number, parentId: string | null = null) =>
  renderWithBalance(
    <CommentForm
      postId={POST_ID}
      parentId={parentId}
      label="Add a comment"
      placeholder="Add a comment..."
      submitLabel={parentId ? 'Reply' : 'Comment'}
    />,
    balance,
  );

describe('CommentForm', () => {
  it.each([
    ['a comment', null, 'Comment'],
    ['a reply', '99999999-9999-4999-8999-000000000003', 'Reply'],
  ])('with 9 coins, %s cannot be sent: "You need 1 more Tea Coin" and Buy Coins', async (_, parentId, label) => {
    const { user, calls } = renderForm(9, parentId);
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'So true{Control>}{Enter}{/Control}');
    const send = screen.getByRole('button', { name: label });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(expect.stringContaining('You need 1 more Tea Coin.'));
    expect(screen.getByText('10 Tea Coins')).toBeInTheDocument();
    expect(screen.getByText('9 Tea Coins')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy Coins' })).toHaveAttribute('href', '/buy-coins');
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it('with 10 coins: the cost and balance show, and Comment is enabled once something is typed', async () => {
    const { user } = renderForm(10);
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    expect(box).toHaveAccessibleDescription('Cost: 10 Tea Coins · Your balance: 10 Tea Coins');
    await user.type(box, 'So true');
    expect(screen.getByRole('button', { name: 'Comment' })).toBeEnabled();
    expect(screen.queryByText(/You need/)).not.toBeInTheDocument();
  });
});
