import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Timestamp } from './timestamp';

describe('Timestamp', () => {
  it('says how long ago, and gives the local date and time as a tooltip once pointed at', () => {
    const iso = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    render(<Timestamp iso={iso} />);
    const time = screen.getByText('3h ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', iso);
    expect(time).not.toHaveAttribute('title');

    fireEvent.pointerEnter(time);
    expect(time).toHaveAttribute('title', new Date(iso).toLocaleString());
  });
});
