import { STORAGE_KEYS } from '@kettle/shared';
import { useSyncExternalStore } from 'react';

/** Tokens live in local storage under the spec's keys; this store mirrors them for React. */
export type Session = { accessToken: string | null; refreshToken: string | null };

type Listener = () => void;
const listeners = new Set<Listener>();
/** `redirect: false` when the caller itself sends the signed-out browser elsewhere (not sign-in). */
export type LogoutOptions = { redirect?: boolean };
type LogoutHandler = (reason?: string, options?: LogoutOptions) => void;
const logoutHandlers = new Set<LogoutHandler>();

function read(): Session {
  try {
    return {
      accessToken: localStorage.getItem(STORAGE_KEYS.accessToken),
      refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken),
    };
  } catch {
    return { accessToken: null, refreshToken: null };
  }
}

let current = read();

function emit(): void {
  current = read();
  for (const listener of listeners) listener();
}

export const getSession = (): Session => current;

export function setTokens(accessToken: string, refreshToken?: string): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
  if (refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  emit();
}

/** product.md §4: logout wipes all local storage, then the app goes to /auth/signin (unless told not to). */
export function logout(reason?: string, options: LogoutOptions = {}): void {
  try {
    localStorage.clear();
  } catch {
    // Storage can be unavailable (private mode); the in-memory session is still cleared.
  }
  emit();
  for (const handler of logoutHandlers) handler(reason, options);
}

export function onLogout(handler: LogoutHandler): () => void {
  logoutHandlers.add(handler);
  return () => logoutHandlers.delete(handler);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session & { isAuthenticated: boolean } {
  const session = useSyncExternalStore(subscribe, getSession, getSession);
  return { ...session, isAuthenticated: Boolean(session.accessToken) };
}
