import { Writable } from 'node:stream';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS, requestSerializer } from '../lib/log-redaction.js';
import { OneLineRequestLog } from './request-log.js';

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
  let n = 0;
  const app = Fastify({ logger, logController: new OneLineRequestLog(), genReqId: () => `req-${(n += 1)}` });
  app.get('/talks', async (request) => {
    request.log.warn({ attempt: { password: 'hunter2', step: 2 } }, 'a warning of its own');
    request.log.child({ part: 'inner' }).info('from a child');
    return { level: request.log.level };
  });
  app.get('/*', async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe('access lines', () => {
  it('are one line a request, with the redacted url, the address, the status and the time', async () => {
    const { app, lines } = await loggingApp();
    const urls = ['/api/v1/posts/?q=%22tea%22&skip=9', '/x/reset-password/SeCrEt_1?token=t0k&q="a\\b"'];
    for (const url of urls) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await app.close();
    const access = lines.filter((line) => line.msg === 'request completed');
    expect(access).toHaveLength(2);
    expect(access[0]).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: 'req-1',
      req: { method: 'GET', url: urls[0], remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(access[1]).toMatchObject({ reqId: 'req-2', req: { url: expect.stringContaining('/x/reset-password/') } });
    expect(JSON.stringify(lines)).not.toMatch(/SeCrEt_1|t0k/);
  });

  it("follow the logger's own format and level", async () => {
    const mixed = await loggingApp({ mixin: () => ({ region: 'eu' }) });
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

describe("a request's own logger", () => {
  it('carries the request id and the redaction paths, and so do its children', async () => {
    const { app, lines } = await loggingApp();
    await app.inject({ method: 'GET', url: '/quiet' });
    expect((await app.inject({ method: 'GET', url: '/talks' })).json()).toEqual({ level: 'info' });
    await app.close();
    expect(lines.find((line) => line.msg === 'a warning of its own')).toMatchObject({
      level: 40,
      reqId: 'req-2',
      attempt: { password: '[REDACTED]', step: 2 },
    });
    expect(lines.find((line) => line.msg === 'from a child')).toMatchObject({ reqId: 'req-2', part: 'inner' });
    expect(lines.filter((line) => line.msg === 'request completed').map((line) => line.reqId)).toEqual([
      'req-1',
      'req-2',
    ]);
  });
});
