import {
  messageResponseSchema,
  recoveryCodesSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount, currentUser } from '../../plugins/authenticate.js';
import * as twoFactor from './two-factor.service.js';

const tags = ['auth'];
/**
 * Turning two-factor sign-in on or off changes what the account may do, which every request reads
 * afresh (reader-pages.ts reads it with the reader): no kept page shows it.
 */
const KEEPS_PAGES = { keepsPages: true };

/**
 * Two-factor sign-in (issue 14), /auth/2fa (registered under the /auth prefix). Setup, enable and
 * status sit behind `authenticate`, not `requireAdmin`: an admin whom the admin tools refuse for
 * want of it must still reach them.
 */
export async function twoFactorRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.get('/2fa', {
    schema: {
      tags,
      summary: 'Whether two-factor sign-in is on, how many recovery codes are left, and whether it is required',
      response: { 200: twoFactorStatusSchema },
    },
    onRequest: root.authenticate,
    handler: async (request) => twoFactor.twoFactorStatus(ctx, currentAccount(request)),
  });

  app.post('/2fa/setup', {
    schema: {
      tags,
      summary: 'Start setup: a new secret and its otpauth URL (replaces a pending one)',
      errors: [409],
      response: { 200: twoFactorSetupSchema },
    },
    onRequest: root.authenticate,
    config: KEEPS_PAGES,
    handler: async (request) => twoFactor.startSetup(ctx, currentUser(request)),
  });

  app.post('/2fa/enable', {
    schema: {
      tags,
      summary:
        'Turn it on (password and a code from the app); answers ten one-time recovery codes, once; signs out every session',
      errors: [409, 429],
      body: twoFactorEnableSchema,
      response: { 200: recoveryCodesSchema },
    },
    onRequest: root.authenticate,
    config: KEEPS_PAGES,
    handler: async (request) => twoFactor.enable(ctx, currentUser(request), request.body),
  });

  app.post('/2fa/disable', {
    schema: {
      tags,
      summary: 'Turn it off (password and a code or recovery code); signs out every session',
      errors: [409, 429],
      body: twoFactorDisableSchema,
      response: { 200: messageResponseSchema },
    },
    onRequest: root.authenticate,
    config: KEEPS_PAGES,
    handler: async (request) => twoFactor.disable(ctx, currentUser(request), request.body),
  });
}
