import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { writeAccessLine } from './access-line.js';

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

type LogCall = (...args: unknown[]) => void;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * A request's logger, made from its parent on its first use. Most requests write nothing of their
 * own (their access line goes through accessLogger), and making pino's child for each, its bindings
 * checked against the redaction paths, cost about 0.7 µs and 3 KB a request (docs/performance.md P6).
 */
class RequestLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: ChildOptions;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #log(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  #call(name: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent', args: unknown[]): void {
    const log = this.#log();
    (log[name] as LogCall).apply(log, args);
  }

  get level(): string {
    return this.#made?.level ?? this.#options?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#log().level = level;
  }
  fatal(...args: unknown[]) {
    this.#call('fatal', args);
  }
  error(...args: unknown[]) {
    this.#call('error', args);
  }
  warn(...args: unknown[]) {
    this.#call('warn', args);
  }
  info(...args: unknown[]) {
    this.#call('info', args);
  }
  debug(...args: unknown[]) {
    this.#call('debug', args);
  }
  trace(...args: unknown[]) {
    this.#call('trace', args);
  }
  silent(...args: unknown[]) {
    this.#call('silent', args);
  }
  child(bindings: Record<string, unknown>, options?: ChildOptions): FastifyBaseLogger {
    return this.#log().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: each request's logger, made when first used (RequestLogger). */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: ChildOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
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

function accessLine(request: FastifyRequest, reply: FastifyReply, msg: string): void {
  writeAccessLine(accessLogger(request.server.log), request, reply, msg);
}
