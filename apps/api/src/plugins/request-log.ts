import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

const accessLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

/**
 * The logger of access lines: `log` without its redaction paths. An access line holds only the
 * request id, the method, the already redacted url and the address (lib/log-redaction.ts
 * requestSerializer), the status and the time, so the paths never match; checking them anyway
 * cost more than the rest of writing the line (docs/performance.md P2).
 */
export function accessLogger(log: FastifyBaseLogger): FastifyBaseLogger {
  let access = accessLoggers.get(log);
  if (!access) {
    access = log.child({}, { redact: [] });
    accessLoggers.set(log, access);
  }
  return access;
}

/**
 * One access-log line per answered request, with the method, redacted url, address, status and
 * time. Fastify's own logging writes two (one on arrival), and with redaction the pair cost about
 * a tenth of a cached page's CPU (docs/performance.md P2). Errors keep Fastify's 'request errored' line.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    accessLine(request, reply, 'request completed');
  }
}

/**
 * A live stream's access line, written once its head is out. The stream then leaves Fastify's
 * lifecycle (modules/realtime/detach-socket.ts), so Fastify never calls requestCompleted for it.
 */
export function logStreamOpened(request: FastifyRequest, reply: FastifyReply): void {
  accessLine(request, reply, 'stream opened');
}

/** The line, through pino like every other: the app's req serializer says what it holds of the request. */
function accessLine(request: FastifyRequest, reply: FastifyReply, msg: string): void {
  accessLogger(request.server.log).info(
    { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
    msg,
  );
}
