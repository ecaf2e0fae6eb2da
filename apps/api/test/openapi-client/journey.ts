/**
 * A third party's client, written against the types openapi-typescript generates from the served
 * document (schema.generated.ts, written by openapi-client.test.ts). It must compile under strict
 * TypeScript with no casts: if the document is wrong, this file stops compiling or its calls fail.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema.generated.js';

export type JourneyInput = {
  baseUrl: string;
  email: string;
  password: string;
  categoryId: string;
  stateId: string;
  /** A published tea by someone else, to unlock and comment on. */
  otherPostId: string;
  photo: Blob;
};

export type JourneyResult = {
  listed: number;
  createdJson: string;
  createdMultipart: { id: string; images: number };
  balanceAfterUnlock: number;
  commentId: string;
  error: { status: number; detail: string; code: string };
};

/** Multipart for the submit form: arrays become repeated parts, everything else a string. */
function toFormData(body: Record<string, unknown> | undefined): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body ?? {})) {
    if (Array.isArray(value)) {
      for (const item of value) if (item instanceof Blob) form.append(key, item, `${key}.png`);
    } else if (value !== undefined) {
      form.append(key, String(value));
    }
  }
  return form;
}

export async function journey(input: JourneyInput): Promise<JourneyResult> {
  const client = createClient<paths>({ baseUrl: input.baseUrl });

  const login = await client.POST('/api/v1/auth/login', {
    body: { username: input.email, password: input.password },
    bodySerializer: (body) => new URLSearchParams(body),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  if (!login.data) throw new Error(`login failed: ${login.error?.detail}`);
  // An account with two-factor sign-in on answers a challenge instead; this one has it off.
  if (!('access_token' in login.data)) throw new Error('login asked for a two-factor code');
  const headers = { Authorization: `Bearer ${login.data.access_token}` };

  const list = await client.GET('/api/v1/posts/', { params: { query: { limit: 9 } } });
  if (!list.data) throw new Error(`list failed: ${list.error?.detail}`);

  const tea = {
    content: 'The kettle on the third floor whistles every night at nine, and the whole block knows who is visiting.',
    category_id: input.categoryId,
    state_id: input.stateId,
    bounty: 0,
    attested: true,
  } as const;
  const json = await client.POST('/api/v1/posts/', {
    headers,
    body: { ...tea, title: 'A contract tea sent as JSON', tagged_handle: '@contract_json' },
  });
  if (!json.data) throw new Error(`JSON submit failed: ${json.error?.detail}`);

  const multipart = await client.POST('/api/v1/posts/', {
    headers,
    body: { ...tea, title: 'A contract tea sent as multipart', tagged_handle: '@contract_form', images: [input.photo] },
    bodySerializer: toFormData,
  });
  if (!multipart.data) throw new Error(`multipart submit failed: ${multipart.error?.detail}`);

  const path = { id: input.otherPostId };
  const unlock = await client.POST('/api/v1/posts/{id}/unlock', { headers, params: { path } });
  if (!unlock.data) throw new Error(`unlock failed: ${unlock.error?.detail}`);

  const comment = await client.POST('/api/v1/posts/{id}/comments', {
    headers,
    params: { path },
    body: { content: 'Read it, paid for it, and I believe every word.' },
  });
  if (!comment.data) throw new Error(`comment failed: ${comment.error?.detail}`);
  // 202 when the privacy guard holds the comment for a moderator: this one names nobody.
  if (!('comment' in comment.data)) throw new Error('an ordinary comment was held for review');

  // An error body is typed too: a tea that does not exist.
  const missing = await client.GET('/api/v1/posts/{id}', {
    params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
  });
  if (!missing.error) throw new Error('a missing tea was found');

  return {
    listed: list.data.metadata.total_elements,
    createdJson: json.data.status,
    createdMultipart: { id: multipart.data.id, images: multipart.data.image_urls.length },
    balanceAfterUnlock: unlock.data.coin_balance,
    commentId: comment.data.comment.id,
    error: { status: missing.response.status, detail: missing.error.detail, code: missing.error.code },
  };
}
