import { useSyncExternalStore } from 'react';

/** product.md §3/§4 notifications: one visible at a time, newest first, merged by id, removed after dismissal. */
export type ToastVariant = 'default' | 'destructive' | 'success';
export type Toast = { id: string; open: boolean; title?: string; description?: string; variant: ToastVariant };

const TOAST_LIMIT = 1;
const REMOVE_DELAY = 1_000_000;

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function set(next: Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      removeToast(id);
    }, REMOVE_DELAY),
  );
}

export function toast(input: { title?: string; description?: string; variant?: ToastVariant }): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  set([{ id, open: true, variant: input.variant ?? 'default', ...input }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function updateToast(id: string, patch: Partial<Omit<Toast, 'id'>>): void {
  set(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)));
}

export function dismissToast(id?: string): void {
  for (const t of toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  set(toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)));
}

export function removeToast(id?: string): void {
  set(id ? toasts.filter((t) => t.id !== id) : []);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

export const useToasts = (): Toast[] => useSyncExternalStore(subscribe, snapshot, snapshot);

/** Mutation failures: a destructive notice titled 'Error' (product.md §8). */
export const toastError = (description: string, title = 'Error'): string =>
  toast({ title, description, variant: 'destructive' });

export const toastSuccess = (description: string, title = 'Success'): string =>
  toast({ title, description, variant: 'success' });
