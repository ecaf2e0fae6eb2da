import {
  checkPasswordResponseSchema,
  checkPasswordSchema,
  currentUserSchema,
  emailQuerySchema,
  loginFormBodySchema,
  MESSAGES,
  messageResponseSchema,
  refreshQuerySchema,
  refreshResponseSchema,
  registerSchema,
  resetPasswordSchema,
  signInLinkRequestSchema,
  signInResultSchema,
  tokenPairSchema,
  tokenParamSchema,
  twoFactorVerifySchema,
  updatePasswordSchema,
  type RefreshResponse,
  type TokenPair,
} from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationFailed } from '../../lib/app-error.js';
import { currentAccount, currentUser } from '../../plugins/authenticate.js';
import { ownProfile } from '../users/users.service.js';
import * as accounts from './accounts.service.js';
import * as mailLinks from './mail-links.service.js';
import * as sessions from './sessions.service.js';

const tags = ['auth'];
const refreshAnswer = (pair: TokenPair): RefreshResponse => ({
  accessToken: pair.access_token,
  refreshToken: pair.refresh_token,
  access_token: pair.access_token,
  refresh_token: pair.refresh_token,
  token_type: 'bearer',
});

export async function authRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;

  app.post('/login', {
    // A sign-in, a refresh or a sign-out changes no kept page (plugins/page-invalidation.ts).
    config: { keepsPages: true },
    schema: {
      tags,
      summary: 'Sign in (form-encoded, username holds the email); with two-factor on, a challenge instead of tokens',
      errors: [401, 403, 429],
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      body: loginFormBodySchema,
      response: { 200: signInResultSchema },
    },
    handler: async (request) =>
      sessions.login(ctx, { email: request.body.username, password: request.body.password, ip: request.ip }),
  });

  app.post('/register', {
    schema: {
      tags,
      summary: 'Create an account; a verification email follows',
      errors: [409, 429],
      body: registerSchema,
      response: { 201: messageResponseSchema },
    },
    // A new account has written no tea yet.
    config: { keepsPages: true },
    handler: async (request, reply) => {
      await accounts.register(ctx, request.body, request.ip);
      return reply.status(201).send({ message: MESSAGES.auth.registered });
    },
  });

  app.get('/me', {
    schema: { tags, summary: 'The signed-in user, with their balance', response: { 200: currentUserSchema } },
    onRequest: root.authenticate,
    handler: async (request) => ownProfile(ctx, currentAccount(request)),
  });

  app.post('/verify-email/:token', {
    schema: {
      tags,
      summary: 'Verify an email address with the token from the email',
      errors: [410],
      params: tokenParamSchema,
      response: { 200: messageResponseSchema },
    },
    // An account's address, password and mailed links show on no kept page; and each of these
    // answers anyone, so starting a generation would let anyone empty every server's cache.
    config: { keepsPages: true },
    handler: async (request) => {
      const outcome = await accounts.verifyEmail(ctx, request.params.token);
      return { message: outcome === 'already' ? MESSAGES.auth.alreadyVerified : MESSAGES.auth.verified };
    },
  });

  app.post('/resend-verification', {
    schema: {
      tags,
      summary: 'Send the verification email again',
      errors: [429],
      querystring: emailQuerySchema,
      response: { 202: messageResponseSchema },
    },
    config: { keepsPages: true },
    handler: async (request, reply) => {
      await mailLinks.requestVerificationMail(ctx, request.query.email, request.ip);
      return reply.status(202).send({ message: MESSAGES.auth.verificationSent });
    },
  });

  app.post('/forgot-password', {
    schema: {
      tags,
      summary: 'Email a password-reset link (answers the same whether or not the email is known)',
      errors: [429],
      querystring: emailQuerySchema,
      response: { 202: messageResponseSchema },
    },
    config: { keepsPages: true },
    handler: async (request, reply) => {
      await mailLinks.requestPasswordReset(ctx, request.query.email, request.ip);
      return reply.status(202).send({ message: MESSAGES.auth.resetSent });
    },
  });

  app.post('/sign-in-link', {
    schema: {
      tags,
      summary: 'Mail a one-time sign-in link (the way in past the failed-password ceiling); same 202 for any email',
      errors: [429],
      body: signInLinkRequestSchema,
      response: { 202: messageResponseSchema },
    },
    config: { keepsPages: true },
    handler: async (request, reply) => {
      await mailLinks.requestSignInLink(ctx, request.body.email, request.ip);
      return reply.status(202).send({ message: MESSAGES.auth.signInLinkSent });
    },
  });

  app.post('/sign-in-link/:token', {
    schema: {
      tags,
      summary: 'Sign in with a mailed link, once; with two-factor on, a challenge instead of tokens',
      errors: [403, 410],
      params: tokenParamSchema,
      response: { 200: signInResultSchema },
    },
    config: { keepsPages: true },
    handler: async (request) => sessions.signInWithLink(ctx, request.params.token),
  });

  app.post('/2fa/verify', {
    schema: {
      tags,
      summary: "Sign-in's second step: the challenge from sign-in and a code (or recovery code) for the token pair",
      errors: [401, 403, 429],
      body: twoFactorVerifySchema,
      response: { 200: tokenPairSchema },
    },
    config: { keepsPages: true },
    handler: async (request) => sessions.verifySignIn(ctx, request.body),
  });

  app.post('/reset-password/:token', {
    schema: {
      tags,
      summary: 'Set a new password; new_password in the JSON body (preferred) or the query, as the spec shows',
      errors: [403, 410],
      params: tokenParamSchema,
      querystring: z.object({ new_password: z.string().optional() }),
      body: z.object({ new_password: z.string().optional() }).nullish(),
      response: { 200: messageResponseSchema },
    },
    config: { keepsPages: true },
    handler: async (request) => {
      const parsed = resetPasswordSchema.safeParse({
        new_password: request.body?.new_password ?? request.query.new_password,
      });
      if (!parsed.success)
        throw validationFailed(parsed.error.issues.map((i) => ({ field: 'new_password', message: i.message })));
      await accounts.resetPassword(ctx, request.params.token, parsed.data.new_password);
      return { message: MESSAGES.auth.resetDone };
    },
  });

  // POST and PUT do the same; one route each so every operation has its own operationId.
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/update-password',
      schema: {
        tags,
        summary: 'Change your password (the current one is required); answers a fresh token pair',
        errors: [429],
        body: updatePasswordSchema,
        response: { 200: tokenPairSchema.extend({ message: z.string() }) },
      },
      onRequest: root.authenticate,
      handler: async (request) => {
        const pair = await accounts.updatePassword(ctx, currentUser(request), request.body);
        return { message: MESSAGES.auth.passwordUpdated, ...pair };
      },
    });
  }

  app.post('/check-password', {
    schema: {
      tags,
      summary: 'Tells whether a password is the current one (before sensitive changes)',
      errors: [429],
      body: checkPasswordSchema,
      response: { 200: checkPasswordResponseSchema },
    },
    config: { keepsPages: true },
    onRequest: root.authenticate,
    handler: async (request) => ({
      valid: await accounts.checkPassword(ctx, currentUser(request), request.body.password),
    }),
  });

  app.get('/refresh', {
    schema: {
      tags,
      summary: 'Exchange a refresh token (query) for a new token pair',
      errors: [401, 403],
      querystring: refreshQuerySchema,
      response: { 200: refreshResponseSchema },
    },
    handler: async (request) => refreshAnswer(await sessions.refreshSession(ctx, request.query.refresh_token)),
  });

  app.post('/refresh', {
    config: { keepsPages: true },
    schema: {
      tags,
      summary: 'Exchange a refresh token (body) for a new token pair',
      errors: [401, 403],
      body: refreshQuerySchema,
      response: { 200: refreshResponseSchema },
    },
    handler: async (request) => refreshAnswer(await sessions.refreshSession(ctx, request.body.refresh_token)),
  });

  app.post('/logout', {
    config: { keepsPages: true },
    schema: {
      tags,
      summary: 'Sign out: revokes the refresh token, if given',
      body: z.object({ refresh_token: z.string().max(200).optional() }).nullish(),
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await sessions.logout(ctx, request.body?.refresh_token);
      return reply.status(204).send(null);
    },
  });
}
