/** How a status looks: spec §3 colours 'completed' like succeeded. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

const TONES: Record<string, StatusTone> = {
  succeeded: 'success',
  completed: 'success',
  pending: 'warning',
  failed: 'danger',
  refunded: 'neutral',
};

export const statusTone = (status: string): StatusTone => TONES[status.toLowerCase()] ?? 'neutral';

export const statusLabel = (status: string): string =>
  status ? status.charAt(0).toUpperCase() + status.slice(1).toLowerCase() : 'Unknown';
