import type { BanNotice } from '@kettle/shared';
import { useSyncExternalStore } from 'react';

/**
 * The ban a refused request named (403 ACCOUNT_BANNED), kept in memory so the sign-in screen can
 * say what happened after the session is dropped; logout wipes storage, so it is not stored there.
 */
let current: BanNotice | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

const TEXT_FIELDS = ['reference', 'rule_title', 'message', 'banned_at', 'appeal_until'] as const;

/**
 * The ban of an error body, if it names a well-formed one. Checked by hand, not with the shared
 * zod schema: every request goes through here, and zod stays out of the first load.
 */
export function banOf(body: unknown): BanNotice | undefined {
  const ban = body && typeof body === 'object' ? (body as { ban?: unknown }).ban : undefined;
  if (!ban || typeof ban !== 'object') return undefined;
  const record = ban as Record<string, unknown>;
  if (!TEXT_FIELDS.every((field) => typeof record[field] === 'string')) return undefined;
  if (record.appeal_path !== null && typeof record.appeal_path !== 'string') return undefined;
  return record as BanNotice;
}

export function rememberBan(ban: BanNotice): void {
  current = ban;
  emit();
}

export function forgetBan(): void {
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useBanNotice = (): BanNotice | null => useSyncExternalStore(subscribe, () => current);
