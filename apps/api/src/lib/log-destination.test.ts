import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { batchedLogDestination, LOG_BATCH_BYTES, LOG_FLUSH_MS } from './log-destination.js';

const dir = mkdtempSync(join(tmpdir(), 'kettle-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/**
 * A destination writing to `name` in the test folder, open, with only its flush interval faked:
 * the file's writes are real, so a line written at once would land; the interval runs when told.
 */
async function withDestination(
  name: string,
  run: (file: string, destination: ReturnType<typeof batchedLogDestination>) => Promise<void>,
): Promise<void> {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    const file = join(dir, name);
    const destination = batchedLogDestination(file);
    await once(destination, 'ready');
    await run(file, destination);
    destination.end();
  } finally {
    vi.useRealTimers();
  }
}

const written = (file: string, text: string) =>
  vi.waitFor(() => expect(read(file)).toContain(text), { timeout: 10_000, interval: 20 });

describe('batchedLogDestination: log lines in batches', () => {
  it('keeps a lone line back until the flush interval, then writes it without more lines', () =>
    withDestination('quiet.log', async (file, destination) => {
      pino(destination).info('a lone line');
      await new Promise((done) => setTimeout(done, 200));
      expect(read(file)).toBe('');
      vi.advanceTimersByTime(LOG_FLUSH_MS);
      await written(file, '"msg":"a lone line"');
    }));

  it('writes a full batch without waiting for the interval', () =>
    withDestination('busy.log', async (file, destination) => {
      const log = pino(destination);
      for (let i = 0; i * 100 <= LOG_BATCH_BYTES; i += 1) log.info({ i }, 'y'.repeat(100));
      await written(file, '"i":0,');
    }));

  it('writes every character of a line as it was, in order, whatever its bytes', () =>
    withDestination('text.log', async (file, destination) => {
      const log = pino(destination);
      const says = ['thé ☕ at 5', 'naïve « quotes » 🫖', 'plain'];
      for (let round = 0; round * 60 <= LOG_BATCH_BYTES; round += 1) for (const msg of says) log.info({ round }, msg);
      vi.advanceTimersByTime(LOG_FLUSH_MS);
      await written(file, `"round":${Math.floor(LOG_BATCH_BYTES / 60)},"msg":"plain"`);
      const lines = read(file)
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string; round: number });
      expect(lines.map((line) => line.msg)).toEqual(lines.map((_, i) => says[i % 3]));
      expect(lines.map((line) => line.round)).toEqual(lines.map((_, i) => Math.floor(i / 3)));
    }));

  it('writes the lines still waiting when the process exits', async () => {
    const script = [
      `import pino from 'pino';`,
      `import { batchedLogDestination } from ${JSON.stringify(new URL('./log-destination.ts', import.meta.url).href)};`,
      `pino(batchedLogDestination(1)).info('last words');`,
      `process.exit(0);`,
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: new URL('../..', import.meta.url).pathname },
    );
    expect(stdout).toContain('"msg":"last words"');
  });
});
