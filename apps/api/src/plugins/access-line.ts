import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { requestSerializer } from '../lib/log-redaction.js';

const { asJsonSym, chindingsSym, hooksSym, mixinSym, needsMetadataGsym, streamSym, timeSym } = pino.symbols;
const INFO = pino.levels.values.info ?? 30;

/** What an access line says of the request itself, as requestSerializer says it. */
type AccessRequest = { method: string; url: string; remoteAddress: string };

/** What this reads of a pino logger, by pino's published symbols. */
type Internals = Record<symbol, unknown>;
const asJson = (log: Internals, obj: object, msg: string, time: string) =>
  (log[asJsonSym] as (obj: object, msg: string, level: number, time: string) => string).call(log, obj, msg, INFO, time);
const timeOf = (log: Internals) => (log[timeSym] as () => string).call(log);
const streamOf = (log: Internals) => log[streamSym] as { write: (line: string) => void } & Internals;

function text(
  log: Internals,
  req: AccessRequest,
  reqId: string,
  statusCode: number,
  responseTime: number,
  msg: string,
  time: string,
): string {
  return (
    `{"level":${INFO}${time}${String(log[chindingsSym])},"reqId":${JSON.stringify(reqId)},` +
    `"req":{"method":${JSON.stringify(req.method)},"url":${JSON.stringify(req.url)},` +
    `"remoteAddress":${JSON.stringify(req.remoteAddress)}},"res":{"statusCode":${statusCode}},` +
    `"responseTime":${responseTime},"msg":${JSON.stringify(msg)}}\n`
  );
}

/** Per logger: whether it writes pino's default format with the app's serializers. */
const plain = new WeakMap<FastifyBaseLogger, boolean>();

/**
 * Whether `log` writes pino's default format with the app's serializers: its own text for a sample
 * record (a request-shaped `req`, with a character JSON escapes) against ours.
 */
export function writesPlainLines(logger: FastifyBaseLogger): boolean {
  const log = logger as unknown as Internals;
  // A mixin or a hook acts in pino's write, after the text compared here.
  const hooks = log[hooksSym] as { streamWrite?: unknown } | undefined;
  if (log[mixinSym] || hooks?.streamWrite || streamOf(log)[needsMetadataGsym]) return false;
  const sample = {
    reqId: 'sample',
    req: { method: 'GET', url: '/sample?q="tea"', ip: '127.0.0.1' },
    res: { statusCode: 200 },
    responseTime: 1.25,
  };
  const ours: AccessRequest = { method: sample.req.method, url: sample.req.url, remoteAddress: sample.req.ip };
  const time = timeOf(log);
  const theirs = asJson(log, sample, 'sample', time);
  return theirs === text(log, ours, sample.reqId, sample.res.statusCode, sample.responseTime, 'sample', time);
}

/**
 * Writes the access line of `request` as pino would, without pino's generic walk of the record:
 * its serializers, key checks and quoting cost more than the rest of the line (docs/performance.md P6).
 * Before its first line, each logger's own text for a sample record is compared with this one; a
 * logger whose format differs (another level or time formatter, a mixin, a hook, a serializer of
 * its own) keeps pino's way. pino.symbols are pino's published names for what this reads.
 */
export function writeAccessLine(log: FastifyBaseLogger, request: FastifyRequest, reply: FastifyReply, msg: string) {
  if ((pino.levels.values[log.level] ?? Infinity) > INFO) return;
  const internals = log as unknown as Internals;
  let fast = plain.get(log);
  if (fast === undefined) {
    fast = writesPlainLines(log);
    plain.set(log, fast);
  }
  const responseTime = reply.elapsedTime;
  // The app's own req serializer, so the line says of the request what pino's would.
  const req = requestSerializer(request);
  if (fast && typeof req.remoteAddress === 'string') {
    // The fields go to text() as they are: spreading them into one record first made the line
    // cost 2.5 times as much (scratch micro, 5.5 against 2.1 µs a line).
    const line = text(internals, req, request.id, reply.statusCode, responseTime, msg, timeOf(internals));
    streamOf(internals).write(line);
  } else {
    log.info({ reqId: request.id, req: request, res: reply, responseTime }, msg);
  }
}
