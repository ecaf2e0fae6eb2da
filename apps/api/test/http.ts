import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { nextIp } from './factories.js';

/** The error envelope every failing call answers (product.md §8). */
export type ErrorBody = { detail: string; code: string; errors?: Array<{ field: string; message: string }> };
export type TokenPairBody = { access_token: string; refresh_token: string; token_type: string; is_admin: boolean };
export type CurrentUserBody = {
  id: string;
  username: string;
  email: string;
  is_admin: boolean;
  is_active: boolean;
  email_verified: boolean;
  suspended_until: string | null;
  coin_balance: number;
  created_at: string;
};

export const API = '/api/v1';
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const loginForm = (email: string, password: string): string =>
  new URLSearchParams({ username: email, password }).toString();

/** POST /auth/login the way the web client does it: form-encoded, `username` holding the email. */
export function login(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress: string = nextIp(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    payload: loginForm(email, password),
    headers: FORM,
    remoteAddress,
  });
}

export function me(app: FastifyInstance, accessToken: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(accessToken), remoteAddress: nextIp() });
}

export function refresh(app: FastifyInstance, refreshToken: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `${API}/auth/refresh?refresh_token=${encodeURIComponent(refreshToken)}`,
    remoteAddress: nextIp(),
  });
}

export type RegisterPayload = {
  username: string;
  email: string;
  password: string;
  website?: string;
  [extra: string]: unknown;
};

export function register(
  app: FastifyInstance,
  payload: RegisterPayload,
  remoteAddress: string = nextIp(),
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `${API}/auth/register`, payload, remoteAddress });
}

let seq = 0;
/** A valid sign-up body with a unique username and email. */
export function newSignup(overrides: Partial<RegisterPayload> = {}): RegisterPayload {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return {
    username: `u_${tag}`.slice(0, 20),
    email: `new-${tag}@example.test`,
    password: 'Brewing-Kettle9',
    ...overrides,
  };
}

export const errorOf = (res: LightMyRequestResponse): ErrorBody => res.json<ErrorBody>();
