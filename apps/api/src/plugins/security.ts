import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { securityHeaders } from '../lib/security-headers.js';

/** The security headers on every answer; CORS for APP_ORIGIN alone. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // On the reply, not the raw response: Fastify writes them with its own at the head, and a
  // hijacked live stream that writes its head itself then keeps no header list for its lifetime.
  const headersFor = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    done();
  });
  await app.register(cors, { origin: [config.appOrigin], credentials: false });

  // Answers about a signed-in user must never sit in a shared cache: every API answer, and any
  // answer to a signed-in request (an error envelope outside /api/ too: security.md W4).
  app.addHook('onSend', (request, reply, payload, done) => {
    const personal = request.url.startsWith('/api/') || request.headers.authorization !== undefined;
    if (personal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
