// `npm run bench:hot-vote`: many readers voting on one tea at once, on PostgreSQL (a tea going
// viral). Each reader votes once, 50 at a time through the built server, and the run reports how
// many votes failed and whether the tea's count equals the votes that succeeded. It found a lock
// cycle between votes on one row (docs/decisions/votes.md): 58 of 1,000 failed before the fix.
// Options: --readers N (1000), --connections C (50). BENCH_DATABASE_URL as for the other benches.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBuiltServer } from '../scripts/lib/built-server.mjs';
import { freshDatabase, openPgTarget, seedReaders } from './lib/dataset/index.js';
import { signInReaders } from './lib/spend-load.js';

const { values } = parseArgs({
  options: { readers: { type: 'string', default: '1000' }, connections: { type: 'string', default: '50' } },
});
const readers = Number(values.readers);
const connections = Number(values.connections);

const database = await freshDatabase('kettle_hot');
let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
try {
  server = await startBuiltServer({
    env: { DATABASE_URL: database.url, SEED_DEMO_USERS: 'true', SEED_DEMO_CONTENT: 'true', LOG_LEVEL: 'warn' },
  });
  const target = await openPgTarget(database.url);
  try {
    // Every reader has the newest tea open, so each may vote on it once.
    await seedReaders(target, { readers, voteUnlocks: 1 });
    const [hot] = await target.rows<{ id: string; vote_count: number }>(
      `select id, vote_count from posts where status = 'approved' order by created_at desc, id desc limit 1`,
    );
    if (!hot) throw new Error('no published tea to vote on');
    const tokens = await signInReaders(server.origin, readers);
    let next = 0;
    const result = await autocannon({
      url: server.origin,
      connections,
      amount: readers,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            path: `/api/v1/posts/${hot.id}/vote`,
            headers: { authorization: `Bearer ${tokens[next++ % readers]}` },
          }),
        },
      ],
    });
    const [after] = await target.rows<{ vote_count: number }>('select vote_count from posts where id = $1', [hot.id]);
    const counted = Number(after?.vote_count) - Number(hot.vote_count);
    const figures = {
      readers,
      connections,
      succeeded: result['2xx'],
      failed: result.non2xx + result.errors + result.timeouts,
      reqPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      counted,
      countMatches: counted === result['2xx'],
    };
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    if (figures.failed > 0 || !figures.countMatches) process.exitCode = 1;
  } finally {
    await target.close();
  }
} finally {
  await server?.stop();
  await database.drop();
}
