import { STATUS_CODES } from 'node:http';
import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, { description?: string }> };

/** Every `#/components/schemas/<name>` the value refers to, however deep. */
function collectRefs(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.add(child.replace('#/components/schemas/', ''));
      else collectRefs(child, into);
    }
  }
  return into;
}

/**
 * After the zod registry is written into components: drop the input/output twins no operation
 * uses, and name each success response by its status instead of 'Default Response'.
 */
export const documentTransform: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as Json & {
    paths?: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown> };
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === 'Default Response') response.description = STATUS_CODES[status] ?? status;
      }
    }
  }
  const schemas = document.components?.schemas;
  if (schemas) {
    // Components can refer to each other (Comment → Comment): keep the closure of what paths use.
    const used = collectRefs(document.paths, new Set());
    for (let grew = true; grew; ) {
      const before = used.size;
      for (const name of [...used]) collectRefs(schemas[name], used);
      grew = used.size > before;
    }
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  }
  return document;
};
