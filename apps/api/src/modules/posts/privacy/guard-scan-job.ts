import { GUARD_SCAN_IDLE, type GuardScanStatus } from '@kettle/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { recordAudit } from '../../../lib/audit.js';
import { scanPublished } from './guard-scan.js';

// One scan at a time per running server; a second request reads the first's progress.
const scans = new WeakMap<AppContext, GuardScanStatus>();

export const scanStatus = (ctx: AppContext): GuardScanStatus => scans.get(ctx) ?? GUARD_SCAN_IDLE;

/** Starts a scan in the background (the admin area's button) unless one runs; answers its status. */
export async function startScan(ctx: AppContext, adminId: string, log: FastifyBaseLogger): Promise<GuardScanStatus> {
  const current = scanStatus(ctx);
  if (current.running) return current;
  await recordAudit(ctx.db, { actorId: adminId, action: 'guard.scan', targetType: 'guard' });
  const status: GuardScanStatus = { ...GUARD_SCAN_IDLE, running: true, started_at: new Date().toISOString() };
  scans.set(ctx, status);
  scanPublished(ctx.db, (counts) => Object.assign(status, counts))
    .then((counts) => Object.assign(status, counts))
    .catch((error: unknown) => {
      status.failed = true;
      log.error({ err: error }, 'privacy guard scan failed');
    })
    .finally(() => {
      status.running = false;
      status.finished_at = new Date().toISOString();
    });
  return { ...status };
}
