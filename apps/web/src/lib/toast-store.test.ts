import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissToast, removeToast, toast, toastError, updateToast, useToasts } from './toast-store';

describe('toast store (product.md §4 notifications)', () => {
  it('shows one toast at a time, the newest first', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(result.current.map((t) => t.title)).toEqual(['Second']);
    act(() => removeToast());
  });

  it('merges updates by id, closes on dismiss and removes by id', () => {
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toastError('It broke');
    });
    expect(result.current[0]).toMatchObject({
      title: 'Error',
      description: 'It broke',
      variant: 'destructive',
      open: true,
    });
    act(() => updateToast(id, { description: 'Still broken' }));
    expect(result.current[0]?.description).toBe('Still broken');
    act(() => dismissToast(id));
    expect(result.current[0]?.open).toBe(false);
    act(() => removeToast(id));
    expect(result.current).toEqual([]);
  });
});
