import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { REDACT_PATHS, requestSerializer } from '../lib/log-redaction.js';
import { OneLineRequestLog, requestLogger } from './request-log.js';

describe("a request's own logger", () => {
  it('is made on its first line, with the request id and the redaction paths', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    let n = 0;
    const app = Fastify({
      logger: {
        level: 'info',
        redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
        serializers: { req: requestSerializer },
        stream,
      },
      logController: new OneLineRequestLog(),
      childLoggerFactory: requestLogger,
      genReqId: () => `req-${(n += 1)}`,
    });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/talks', async (request) => {
      request.log.warn({ attempt: { password: 'hunter2', step: 2 } }, 'a warning of its own');
      const child = request.log.child({ part: 'inner' });
      child.info('from a child');
      return { level: request.log.level };
    });
    await app.ready();
    await app.inject({ method: 'GET', url: '/quiet' });
    const made = vi.spyOn(app.log, 'child');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(made).not.toHaveBeenCalled();
    expect((await app.inject({ method: 'GET', url: '/talks' })).json()).toEqual({ level: 'info' });
    // The request's logger, and its own child (pino's children inherit `child` from the parent).
    expect(made).toHaveBeenCalledTimes(2);
    await app.close();

    expect(lines.find((line) => line.msg === 'a warning of its own')).toMatchObject({
      level: 40,
      reqId: 'req-3',
      attempt: { password: '[REDACTED]', step: 2 },
    });
    expect(lines.find((line) => line.msg === 'from a child')).toMatchObject({ reqId: 'req-3', part: 'inner' });
    expect(lines.filter((line) => line.msg === 'request completed').map((line) => line.reqId)).toEqual([
      'req-1',
      'req-2',
      'req-3',
    ]);
  });
});
