import { DEFAULT_CATEGORIES, US_STATES } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

describe('categories and states (public reads)', () => {
  it('lists the 15 default categories, each with a description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/categories/' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      data: Array<{ id: string; name: string; description: string }>;
      metadata: { total_elements: number };
    }>();
    expect(body.metadata.total_elements).toBe(15);
    expect(body.data.map((c) => c.name).sort()).toEqual(DEFAULT_CATEGORIES.map((c) => c.name).sort());
    for (const c of body.data) expect(c.description.length).toBeGreaterThanOrEqual(10);
  });

  it('reads one category by id and answers 404 with the area message for a missing one', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/v1/categories/' });
    const first = list.json<{ data: Array<{ id: string; name: string }> }>().data[0];
    const one = await app.inject({ method: 'GET', url: `/api/v1/categories/${first?.id}` });
    expect(one.json()).toMatchObject({ id: first?.id, name: first?.name });
    const missing = await app.inject({ method: 'GET', url: '/api/v1/categories/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Category not found.', code: 'NOT_FOUND' });
  });

  it('lists the 50 states with their two-letter codes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/states/' });
    const body = res.json<{ data: Array<{ id: string; name: string; code: string }> }>();
    expect(body.data).toHaveLength(50);
    expect(body.data.map((s) => s.code).sort()).toEqual(US_STATES.map((s) => s.code).sort());
    const wy = body.data.find((s) => s.code === 'WY');
    const one = await app.inject({ method: 'GET', url: `/api/v1/states/${wy?.id}` });
    expect(one.json()).toMatchObject({ name: 'Wyoming', code: 'WY' });
    const missing = await app.inject({ method: 'GET', url: '/api/v1/states/00000000-0000-4000-8000-000000000000' });
    expect(missing.json()).toEqual({ detail: 'State not found.', code: 'NOT_FOUND' });
  });

  it('seeds reference data once: a second start does not re-add what an admin removed', async () => {
    const { seedReferenceData } = await import('../../db/seed.js');
    expect(await seedReferenceData(app.ctx.db)).toBe(false);
  });
});
