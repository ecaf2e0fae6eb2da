import type { ZodType } from 'zod';

/** The error statuses an operation may declare beyond those derived from its shape (see operation-errors.ts). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** A body the handler parses itself (multipart), so Fastify must not validate it, but the document should show it. */
export type DocumentedBody = {
  /** Each media type the route accepts, with the fields it takes in that form. */
  content: Readonly<Record<string, ZodType>>;
};

declare module 'fastify' {
  interface FastifySchema {
    /** Statuses this operation can answer with the error envelope that its shape does not imply. */
    errors?: readonly ErrorStatus[];
    /** Documented only: Fastify does not validate it (the handler reads the parts). */
    documentedBody?: DocumentedBody;
  }
}
