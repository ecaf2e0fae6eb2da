// Private PostgreSQL, Redis and SMTP instances on spare loopback ports, each of which a test can
// stop and start again on the same port (the dependency outages of plan row X3).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test/server-process.js';
import { startSmtpSink, type CapturedMail, type SmtpSink } from '../test/smtp-sink.js';

const run = promisify(execFile);

/** Taking a dependency away (`stop`) and giving it back (`start`). */
export type Interruption = {
  stop: () => Promise<void>;
  start: () => Promise<void>;
};

/** A dependency the test takes away and gives back; `url` stays the same across restarts. */
export type Service = Interruption & {
  url: string;
  close: () => Promise<void>;
};

/** A server that can also hang instead of stopping (`hang.stop` freezes it, `hang.start` thaws it). */
export type HangableService = Service & { hang: Interruption };

/** The PostgreSQL binaries: Debian's versioned folder, else whatever is on PATH. */
function pgBin(name: string): string {
  for (const version of ['17', '16', '15', '14']) {
    const path = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (existsSync(path)) return path;
  }
  return name;
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` account. */
const asRoot = process.getuid?.() === 0;
const asOwner = (command: string, args: string[]) =>
  asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);

/** The postmaster's process id, from its lock file in the data folder; null when it is not running. */
function postmasterOf(data: string): number | null {
  const pidFile = join(data, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** The processes `parent` started (a postmaster's backends and workers), from /proc. */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (command) state ppid ...": the command may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}

export async function startPostgres(): Promise<HangableService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kettle-outage-pg-'));
  if (asRoot) {
    chmodSync(dir, 0o700);
    chownSync(
      dir,
      Number((await run('id', ['-u', 'postgres'])).stdout),
      Number((await run('id', ['-g', 'postgres'])).stdout),
    );
  }
  const data = join(dir, 'data');
  await asOwner(pgBin('initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  // Loopback TCP only, its socket in its own folder, no fsync: a test cluster, not a durable one.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=60`;
  const start = async () => {
    await asOwner(pgBin('pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  // A hung cluster is every one of its processes frozen: the postmaster (no new connection is
  // served) and each backend (no statement is answered).
  const hang = hangOf(
    () => postmasterOf(data),
    (postmaster) => childrenOf(postmaster),
  );
  // `-m fast`: what an operator's stop does; sessions are ended and open transactions rolled back.
  const stop = async () => {
    // A frozen cluster acts on pg_ctl's signal only once it runs again.
    await hang.start().catch(() => undefined);
    await asOwner(pgBin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    hang,
    start,
    stop,
    close: async () => {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const answered = await run('redis-cli', ['-p', String(port), 'ping']).then(
      ({ stdout }) => stdout.trim() === 'PONG',
      () => false,
    );
    if (answered) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`redis-server on port ${port} did not start`);
}

export async function startRedis(): Promise<HangableService> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    // Nothing persisted: a restarted Redis comes back empty, the worst case for rate limits and caches.
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = server;
    await waitForPort(port, server);
  };
  const stop = async () => {
    const server = child;
    child = null;
    if (!server || server.exitCode !== null) return;
    const gone = new Promise((done) => server.once('exit', done));
    // A frozen server (hang) acts on SIGTERM only once it runs again.
    server.kill('SIGCONT');
    server.kill('SIGTERM');
    await gone;
  };
  await start();
  const running = () => (child && child.exitCode === null ? (child.pid ?? null) : null);
  return { url: `redis://127.0.0.1:${port}`, start, stop, close: stop, hang: hangOf(running) };
}

/**
 * The same dependency hung rather than gone: SIGSTOP keeps its port open and the kernel keeps
 * accepting bytes, so every connection stays up and no command is ever answered (a stuck disk, a
 * swapping host), until SIGCONT. A stop is noticed at once; this only by a client's own timeout.
 */
function hangOf(server: () => number | null, helpers: (server: number) => number[] = () => []): Interruption {
  const signal = (name: NodeJS.Signals) => async () => {
    const pid = server();
    if (pid === null) throw new Error('no running server to signal');
    // The server first: frozen, it starts no new helper after the list below is read.
    process.kill(pid, name);
    for (const helper of helpers(pid)) {
      try {
        process.kill(helper, name);
      } catch {
        // It ended meanwhile.
      }
    }
  };
  return { stop: signal('SIGSTOP'), start: signal('SIGCONT') };
}

/** The SMTP sink, stoppable and hangable; `messages` gathers what every incarnation of it accepted. */
export type SmtpService = HangableService & { messages: () => CapturedMail[] };

export async function startSmtp(): Promise<SmtpService> {
  const port = await freePort();
  const earlier: CapturedMail[] = [];
  let sink: SmtpSink | null = await startSmtpSink(port);
  const stop = async () => {
    const current = sink;
    sink = null;
    if (!current) return;
    await current.close();
    earlier.push(...current.messages);
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    start: async () => {
      sink = await startSmtpSink(port);
    },
    stop,
    close: stop,
    // In this process, so frozen by holding its sockets (smtp-sink.ts), not by SIGSTOP.
    hang: {
      stop: async () => sink?.freeze(),
      start: async () => sink?.thaw(),
    },
    messages: () => [...earlier, ...(sink?.messages ?? [])],
  };
}
