import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every response a test provokes is checked against the OpenAPI document the app serves: the
 * status must be declared for the operation, and a JSON body must match the declared schema.
 * The harness installs it on every test app, so the whole API suite is the contract test.
 */

type Media = { schema?: unknown };
type Operation = { responses?: Record<string, { content?: Record<string, Media> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: unknown };

export type ContractViolation = { operation: string; status: number; problem: string };

/** Fastify's `/posts/:id` is the document's `/posts/{id}`. */
const documentPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function installContractCheck(app: FastifyInstance): {
  violations: ContractViolation[];
  seen: Set<string>;
} {
  const violations: ContractViolation[] = [];
  /** `METHOD /path status` of every checked response, for the coverage report (CONTRACT_COVERAGE). */
  const seen = new Set<string>();
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  const validators = new Map<string, ValidateFunction | null>();
  let document: Document | undefined;

  /** Compiled once per (operation, status); `$ref`s resolve against the document's components. */
  const validatorFor = (key: string, schema: unknown): ValidateFunction | null => {
    if (!validators.has(key)) {
      validators.set(key, schema ? ajv.compile({ allOf: [schema], components: document?.components }) : null);
    }
    return validators.get(key) ?? null;
  };

  const check = (request: FastifyRequest, reply: FastifyReply, payload: unknown): void => {
    const route = request.routeOptions.url;
    if (!route || reply.statusCode >= 500) return;
    document ??= app.swagger() as unknown as Document;
    const method = request.method.toLowerCase();
    // A prefix's '/' route reports its url without the slash; the document keeps it.
    const path = documentPath(route);
    const operation = (document.paths[path] ?? document.paths[`${path}/`])?.[method];
    if (!operation) return; // hidden routes (health, dev mailbox, uploads) and routes tests add
    const name = `${request.method} ${route}`;
    const status = reply.statusCode;
    seen.add(`${name} ${status}`);
    const response = operation.responses?.[String(status)];
    if (!response) {
      violations.push({ operation: name, status, problem: 'status not declared' });
      return;
    }
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0] ?? '';
    if (!response.content) {
      // Fastify drops whatever a 204 handler passes (often null) before it reaches the wire.
      if (typeof payload === 'string' && payload.length > 0 && status !== 204 && status !== 304) {
        violations.push({ operation: name, status, problem: 'a body where the document declares none' });
      }
      return;
    }
    const media = response.content[type];
    if (!media) {
      violations.push({ operation: name, status, problem: `content-type ${type || 'none'} not declared` });
      return;
    }
    if (type !== 'application/json' || typeof payload !== 'string') return;
    const validate = validatorFor(`${name} ${status}`, media.schema);
    if (validate && !validate(JSON.parse(payload))) {
      violations.push({ operation: name, status, problem: ajv.errorsText(validate.errors) });
    }
  };

  app.addHook('onSend', async (request, reply, payload) => {
    check(request, reply, payload);
    return payload;
  });
  return { violations, seen };
}

/** A readable failure listing each distinct violation once. */
export function describeViolations(violations: readonly ContractViolation[]): string {
  const distinct = [...new Set(violations.map((v) => `${v.operation} → ${v.status}: ${v.problem}`))];
  return `Responses that break the OpenAPI document:\n${distinct.join('\n')}`;
}
