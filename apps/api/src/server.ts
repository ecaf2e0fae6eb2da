import { rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { PID_FILE, writeBackup } from './db/backup.js';
import { OWNER_ONLY_UMASK, secureDataDir } from './lib/owner-only.js';
import { startLine } from './start-line.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // What the server makes without naming a mode is its account's alone too (lib/owner-only.ts).
  process.umask(OWNER_ONLY_UMASK);
  const tightened = await secureDataDir(config.dataDir);
  const app = await buildApp({ config });
  if (tightened > 0) {
    app.log.warn(
      { dataDir: config.dataDir, tightened },
      `DATA_DIR was open to other accounts: ${tightened} paths made the server account's alone (0700 folders, 0600 files)`,
    );
  }
  const pidFile = join(config.dataDir, PID_FILE);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => {
        rmSync(pidFile, { force: true });
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // `npm run db:backup` finds the server by its pid file and asks it for a backup with SIGUSR2:
  // only this process may read its PGlite store while it runs (db/backup.ts).
  process.on('SIGUSR2', () => {
    const { database } = app.ctx;
    writeBackup({ database, dataDir: config.dataDir, databaseUrl: config.databaseUrl, diskUploads: !config.s3 }).then(
      (dir) => app.log.info({ dir }, 'backup written'),
      (err: unknown) => app.log.error({ err }, 'backup failed'),
    );
  });
  await app.listen({ port: config.port, host: config.host });
  // One PGlite server per data directory; PostgreSQL servers may be many and need no pid file.
  if (app.ctx.database.kind === 'pglite') writeFileSync(pidFile, `${process.pid}\n`);
  const engine = `${app.ctx.database.kind}${config.redisUrl ? ' + redis' : ''}, Node.js ${process.version}`;
  app.log.info(startLine(config, app.server.address() as AddressInfo, engine));
}

main().catch((error: unknown) => {
  console.error('Kettle failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
