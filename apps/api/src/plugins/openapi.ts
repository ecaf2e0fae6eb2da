import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_NAME } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the same zod schemas that validate each route. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: `${APP_NAME} API`, version: '1.0.0', description: 'Errors answer { detail, code, errors? }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    // Swagger UI's own policy, minus third-party hosts and the https upgrade that breaks local http.
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
        .replace(' validator.swagger.io', '')
        .replace(" font-src 'self' https: data:", " font-src 'self' data:")
        .replace(/ ?upgrade-insecure-requests;?/, ''),
  });
}
