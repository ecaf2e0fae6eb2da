import { it, expect } from 'vitest';
import { buildUser, tokensFor } from '../test/factories.js';
import { createTestApp } from '../test/harness.js';
import { refresh } from '../test/http.js';
it('family revoke on reuse', async () => {
  const app = await createTestApp();
  const user = await buildUser(app);
  const { refresh: r1 } = await tokensFor(app, user);
  const r2 = (await refresh(app, r1)).json<{ refresh_token: string }>().refresh_token;
  const reuse = await refresh(app, r1);
  console.log('reuse', reuse.statusCode);
  const after = await refresh(app, r2);
  console.log('r2 after reuse', after.statusCode, after.body);
  // concurrent
  const t = await tokensFor(app, user);
  const both = await Promise.all([refresh(app, t.refresh), refresh(app, t.refresh)]);
  console.log('concurrent', both.map((r) => r.statusCode));
  await app.teardown();
  expect(1).toBe(1);
});
