import { errorResponseSchema } from '@kettle/shared';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_DESCRIPTIONS, impliedErrors, type Access } from './operation-errors.js';
import type { DocumentedBody, ErrorStatus } from './route-docs.js';

type Hook = (...args: never[]) => unknown;

/** Security requirement objects, as the document writes them. */
export const SECURITY: Record<Access, ReadonlyArray<Record<string, readonly string[]>>> = {
  public: [],
  // An empty requirement makes the token optional: a visitor and a signed-in reader both pass.
  optional: [{}, { bearer: [] }],
  'signed-in': [{ bearer: [] }],
  admin: [{ bearer: [] }],
  'stream-token': [{ streamToken: [] }],
};

const hooksOf = (route: RouteOptions): Hook[] => {
  const hooks = route.onRequest;
  if (!hooks) return [];
  return (Array.isArray(hooks) ? hooks : [hooks]) as Hook[];
};

/**
 * Who may call the route, read from the hooks it actually runs, so the document cannot drift
 * from the code. The live-events stream takes its token in the query (EventSource sends no headers).
 */
function accessOf(app: FastifyInstance, route: RouteOptions, schema: FastifySchema): Access {
  const hooks = hooksOf(route);
  if (hooks.includes(app.requireAdmin as Hook)) return 'admin';
  if (hooks.includes(app.authenticate as Hook) || hooks.includes(app.requireClaims as Hook)) return 'signed-in';
  if (hooks.includes(app.optionalAuth as Hook) || hooks.includes(app.optionalClaims as Hook)) return 'optional';
  const query = schema.querystring as { shape?: Record<string, unknown> } | undefined;
  if (query?.shape && 'token' in query.shape && route.url.endsWith('/events')) return 'stream-token';
  return 'public';
}

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/v1/posts/{id}/comments` → `getPostsByIdComments`: unique because method + path are. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${capitalise(segment.slice(1))}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map(capitalise);
  return `${method.toLowerCase()}${words.join('') || 'Root'}`;
}

/** A body the handler parses itself, one JSON Schema per media type, as @fastify/swagger reads `content`. */
function bodyContent(body: DocumentedBody, document: Parameters<SwaggerTransform>[0]) {
  const version = 'openapiObject' in document ? String(document.openapiObject.openapi ?? '') : '';
  const target = version.startsWith('3.0') ? 'openapi-3.0' : 'draft-2020-12';
  const content: Record<string, { schema: unknown }> = {};
  for (const [mediaType, schema] of Object.entries(body.content)) {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', target });
    content[mediaType] = { schema: json };
  }
  return { content };
}

const errorResponse = (status: ErrorStatus) => ({
  description: ERROR_DESCRIPTIONS[status],
  content: { 'application/json': { schema: errorResponseSchema } },
});

/**
 * Wraps the zod transform: adds the error envelope to every status an operation can answer,
 * the security its hooks enforce, an operationId, and bodies the handler parses itself.
 */
export function createOperationTransform(app: FastifyInstance): SwaggerTransform {
  return (document) => {
    const { schema, route } = document;
    if (!schema || schema.hide) return jsonSchemaTransform(document);
    const { errors = [], documentedBody, ...rest } = schema;
    const access = accessOf(app, route, schema);
    const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';
    const statuses = new Set<ErrorStatus>([
      ...impliedErrors({
        access,
        hasPathParams: route.url.includes(':'),
        hasBody: Boolean(rest.body || documentedBody),
      }),
      ...errors,
    ]);
    const response = { ...(rest.response as Record<string, unknown> | undefined) };
    for (const status of [...statuses].sort()) response[String(status)] ??= errorResponse(status);
    const transformed = jsonSchemaTransform({ ...document, schema: { ...rest, response } });
    return {
      ...transformed,
      schema: {
        ...transformed.schema,
        ...(documentedBody ? { body: bodyContent(documentedBody, document) } : {}),
        operationId: rest.operationId ?? operationIdFor(method, route.url),
        security: rest.security ?? SECURITY[access],
      },
    };
  };
}
