import type { OwnPost } from '@kettle/shared';
import { stubApi } from '@/testing';

export const CATEGORY = { id: '0b6f9a52-5c1e-4b8e-9d61-3f0d9f0a1c11', name: 'Workplace War' };
export const STATE = { id: '1c7e8b63-6d2f-4c9f-8e72-4a1e8a1b2d22', name: 'Texas', code: 'TX' };

/** The author of every post made here unless overridden. */
export const AVA_ID = '5a5a5a5a-0000-4000-8000-000000000001';

let counter = 0;

/** A pending post as the admin API returns it; `overrides` change any field. */
export function makePost(overrides: Partial<OwnPost> = {}): OwnPost {
  counter += 1;
  const suffix = String(counter).padStart(12, '0');
  return {
    id: `3e4f5a6b-7c8d-4e9f-a0b1-${suffix}`,
    title: `Office drama ${counter}`,
    content: 'My coworker keeps microwaving fish in the shared kitchen every single day.',
    tagged_handle: '@fishfan',
    category_id: CATEGORY.id,
    state_id: STATE.id,
    category: CATEGORY,
    state: STATE,
    status: 'pending',
    rejection_reason: null,
    unlock_price: 40,
    bounty: 0,
    evidence_link: null,
    original_post_id: null,
    author_id: AVA_ID,
    author_username: 'ava',
    vote_count: 0,
    image_urls: [],
    images: [],
    created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    updated_at: new Date().toISOString(),
    privacy: null,
    ...overrides,
  };
}

export type FetchCall = { url: string; method: string; body: unknown };

/**
 * The shared fake API of '@/testing' with calls as the admin tests read them (the URL as asked,
 * query included); `handle` answers each call, anything it leaves is a 404.
 */
export function fakeFetch(handle: (call: FetchCall) => Response | undefined) {
  const calls: FetchCall[] = [];
  const { fetchMock } = stubApi(({ method, url, body }) => {
    const call: FetchCall = { url: `${url.pathname}${url.search}`, method, body };
    calls.push(call);
    return handle(call);
  });
  return { calls, fetchMock };
}
