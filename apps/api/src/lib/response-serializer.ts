import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSerializer = (data: unknown) => string;
export type ResponseWriter = 'fast-json-stringify' | 'zod';
type SerializerCompiler = (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => RouteSerializer;

const zodSerializer = createSerializerCompiler({}) as unknown as SerializerCompiler;

/** The route's zod schema: given as is, or wrapped as the type provider allows. */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const wrapped = (schema as { properties?: unknown } | null)?.properties;
  return wrapped instanceof z.ZodType ? wrapped : null;
}

/**
 * The JSON Schema of what the route answers, or null when the zod schema says something JSON
 * Schema cannot (a transform, a custom check): those routes keep zod's own serializer.
 */
function outputJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as Record<
      string,
      unknown
    >;
  } catch {
    return null;
  }
}

/**
 * Response bodies written by fast-json-stringify, compiled once per route from the same zod
 * schema that documents it (docs/performance.md: the route table's own serializer, not zod's encode
 * and JSON.stringify per answer). It writes only the properties the schema names, so nothing
 * outside the schema can leak into an answer.
 *
 * fast-json-stringify does not validate: it would print a wrong enum value or a missing field's
 * neighbour without complaint. `crossCheck` (on in tests) also runs zod's encode for every answer
 * and throws unless it succeeds and the two texts agree, so the whole API suite holds the two
 * serializers to the same output.
 */
export function createResponseSerializer(options: {
  crossCheck: boolean;
  /** Told which writer each route's answer got, keyed 'GET /api/v1/posts/ 200'. */
  record?: (route: string, writer: ResponseWriter) => void;
}): SerializerCompiler {
  return (route) => {
    const schema = zodSchemaOf(route.schema);
    const jsonSchema = schema ? outputJsonSchema(schema) : null;
    const byZod = zodSerializer(route);
    options.record?.(`${route.method} ${route.url} ${route.httpStatus}`, jsonSchema ? 'fast-json-stringify' : 'zod');
    if (!jsonSchema) return byZod;
    const stringify = fastJson(jsonSchema) as (data: unknown) => string;
    if (!options.crossCheck) return stringify;
    return (data) => {
      const expected = byZod(data);
      const written = stringify(data);
      if (written !== expected) {
        throw new Error(
          `fast-json-stringify and zod disagree for ${route.method} ${route.url}:\n${written}\n${expected}`,
        );
      }
      return written;
    };
  };
}
