/** Where to go after sign-in: the guarded page that sent the visitor here, if it is a local path. */
export function redirectTarget(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('from' in state)) return null;
  const { from } = state;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return from.startsWith('/auth/') ? null : from;
}
