import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_NAME } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { documentTransform } from './openapi/document-transform.js';
import { createOperationTransform } from './openapi/operation-transform.js';
import './openapi/route-docs.js';

const DESCRIPTION = [
  'Every error answers `{ detail, code, errors? }` (the `Error` schema); `errors` lists field messages on 422.',
  'Sign in with `POST /api/v1/auth/login` and send the access token as `Authorization: Bearer <token>`.',
].join('\n\n');

/**
 * The OpenAPI 3.1 document is generated from the same zod schemas that validate each route;
 * the operation transform adds what the schemas cannot say (errors, security, operationIds).
 */
export async function registerOpenApi(app: FastifyInstance, config: Pick<Config, 'appOrigin'>): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${APP_NAME} API`, version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: config.appOrigin, description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          streamToken: {
            type: 'apiKey',
            in: 'query',
            name: 'token',
            description: 'The access token, in the query: EventSource cannot send headers.',
          },
        },
      },
    },
    transform: createOperationTransform(app),
    transformObject: documentTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    // Swagger UI's own policy, minus third-party hosts and the https upgrade that breaks local http,
    // and as strict as the app's on framing and <base> (security.md W4).
    transformStaticCSP: (header) =>
      header
        .replace("base-uri 'self'", "base-uri 'none'")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
        .replace(' validator.swagger.io', '')
        .replace(" font-src 'self' https: data:", " font-src 'self' data:")
        .replace(/ ?upgrade-insecure-requests;?/, ''),
  });
}
