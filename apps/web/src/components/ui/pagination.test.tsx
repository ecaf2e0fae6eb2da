import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageWindow, Pagination } from './pagination';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 6, [1, 2, 3, 4, 5, 6]],
    [6, 6, [1, 2, 3, 4, 5, 6]],
    [1, 10, [1, 2, 3, 4, 5, 'gap-end', 10]],
    [3, 10, [1, 2, 3, 4, 5, 'gap-end', 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 'gap-end', 10]],
    [6, 10, [1, 'gap-start', 4, 5, 6, 7, 8, 'gap-end', 10]],
    [8, 10, [1, 'gap-start', 6, 7, 8, 9, 10]],
    [10, 10, [1, 'gap-start', 6, 7, 8, 9, 10]],
    [7, 10, [1, 'gap-start', 5, 6, 7, 8, 9, 10]],
  ])('page %i of %i', (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });

  it('clamps a page outside the range and answers nothing for no pages', () => {
    expect(pageWindow(99, 7)).toEqual([1, 'gap-start', 3, 4, 5, 6, 7]);
    expect(pageWindow(0, 7)).toEqual([1, 2, 3, 4, 5, 'gap-end', 7]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('takes another window size', () => {
    expect(pageWindow(5, 9, 3)).toEqual([1, 'gap-start', 4, 5, 6, 'gap-end', 9]);
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the window, marks the current page and moves with Previous, Next and numbers', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={6} totalPages={12} onPageChange={onPageChange} />);
    const user = userEvent.setup();

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const numbers = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(numbers).toEqual(['1', '4', '5', '6', '7', '8', '12']);
    expect(nav).toHaveTextContent('Page 6 of 12');
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Page 12' }));
    expect(onPageChange.mock.calls).toEqual([[5], [7], [12]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={1} totalPages={3} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pagination page={3} totalPages={3} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
