import { Writable } from 'node:stream';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS, requestSerializer } from '../lib/log-redaction.js';
import { writesPlainLines } from './access-line.js';
import { accessLogger, OneLineRequestLog } from './request-log.js';

/** A Fastify app logging as app.ts configures it (or with `extra`), and the lines it wrote. */
async function loggingApp(extra: Record<string, unknown> = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = {
    level: 'info',
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: { req: requestSerializer },
    stream,
    ...extra,
  } as FastifyServerOptions['logger'];
  const app = Fastify({ logger, logController: new OneLineRequestLog(), genReqId: () => `req-${lines.length}` });
  app.get('/*', async () => ({ ok: true }));
  // The same record through pino itself, as every access line was written before writeAccessLine.
  app.addHook('onResponse', async (request, reply) => {
    accessLogger(request.server.log).info(
      { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
      'through pino',
    );
  });
  await app.ready();
  return { app, lines };
}

const withoutTimes = ({ time, responseTime, msg, ...rest }: Record<string, unknown>) => {
  expect(typeof time).toBe('number');
  expect(typeof responseTime).toBe('number');
  expect(typeof msg).toBe('string');
  return rest;
};

describe('access lines', () => {
  it('are what pino writes for the same request, secrets redacted and quotes escaped', async () => {
    const { app, lines } = await loggingApp();
    expect(writesPlainLines(accessLogger(app.log))).toBe(true);
    const urls = ['/api/v1/posts/?q=%22tea%22&skip=9', '/x/reset-password/SeCrEt_1?token=t0k&q="a\\b"'];
    for (const url of urls) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await app.close();
    const ours = lines.filter((line) => line.msg === 'request completed');
    const pinos = lines.filter((line) => line.msg === 'through pino');
    expect(ours).toHaveLength(2);
    expect(ours.map(withoutTimes)).toEqual(pinos.map(withoutTimes));
    expect(JSON.stringify(ours)).not.toMatch(/SeCrEt_1|t0k/);
    expect(ours[0]).toMatchObject({ level: 30, req: { method: 'GET', url: urls[0] }, res: { statusCode: 200 } });
  });

  it("keep pino's way for a logger whose format differs, and respect its level", async () => {
    const mixed = await loggingApp({ mixin: () => ({ region: 'eu' }) });
    expect(writesPlainLines(accessLogger(mixed.app.log))).toBe(false);
    const labelled = await loggingApp({ formatters: { level: (label: string) => ({ level: label }) } });
    expect(writesPlainLines(accessLogger(labelled.app.log))).toBe(false);
    await labelled.app.close();
    await mixed.app.inject({ method: 'GET', url: '/a' });
    await mixed.app.close();
    expect(mixed.lines.find((line) => line.msg === 'request completed')).toMatchObject({
      region: 'eu',
      req: { url: '/a' },
    });

    const quiet = await loggingApp({ level: 'warn' });
    await quiet.app.inject({ method: 'GET', url: '/b' });
    await quiet.app.close();
    expect(quiet.lines).toEqual([]);
  });
});
