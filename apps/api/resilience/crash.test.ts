/**
 * X1: kill -9 of the built server at a random moment of mixed load (unlocks, votes, comments,
 * submissions with an image, dev-checkout purchases), then a restart on the same data, many times
 * on each engine. Every restart must be ready in time; at the end (and, on PostgreSQL, after every
 * kill) every write answered 2xx must be in the store and the coin invariants must hold. PGlite's
 * directory cannot be opened while its server runs, so its store is read after a clean stop; what a
 * kill breaks stays broken, so one reading at the end sees every cycle's damage.
 */
import { describe, expect, it } from 'vitest';
import { startServerOnData, type KillableServer } from '../test/server-process.js';
import { RESILIENCE } from './config.js';
import { actorsFor, emptyAcked, mixedLoad, seedLoadWorld, type LoadSummary } from './load-kit.js';
import { checkStore, ENGINES } from './store-check.js';

const { killsPerEngine, killAfterMs, clients, restartTimeoutMs, teas } = RESILIENCE.crash;
const JWT_SECRET = 'crash-test-secret-crash-test-secret-0123';
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.each(Object.keys(ENGINES) as Array<keyof typeof ENGINES>)('kill -9 under mixed load on %s', (engine) => {
  it(`comes back after each of ${killsPerEngine} kills with every acknowledged write and the invariants`, async () => {
    const began = Date.now();
    const store = await ENGINES[engine]();
    const env = {
      ...store.env,
      JWT_SECRET,
      SEED_DEMO_USERS: 'false',
      SEED_DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
    };
    let server: KillableServer | undefined;
    try {
      // Readers and teas go straight into the store before the first start (sign-up is limited and mails).
      const setup = await store.open();
      await setup.migrate();
      const world = await seedLoadWorld(setup.db, { readers: clients, teas });
      await setup.close();
      const actors = await actorsFor(JWT_SECRET, world);
      const acked = emptyAcked();
      // PostgreSQL can be read while its server runs: its store is checked after every kill too.
      const live = engine === 'postgres' ? await store.open() : undefined;
      const restartsMs: number[] = [];
      const summaries: LoadSummary[] = [];

      server = await startServerOnData(env, restartTimeoutMs);
      for (let kill = 1; kill <= killsPerEngine; kill += 1) {
        const load = mixedLoad({ origin: server.origin, actors, world, clients, acked });
        // A restarted server answers its first requests slowly (cold code, cold caches): the kill
        // falls at a random moment of load that is really being served.
        await load.warm(clients, restartTimeoutMs);
        await sleep(killAfterMs.min + Math.random() * (killAfterMs.max - killAfterMs.min));
        await server.kill();
        summaries.push(await load.stop());
        const restarted = Date.now();
        // Throws with the server's own output when it refuses to start or is not ready in time.
        server = await startServerOnData(env, restartTimeoutMs);
        restartsMs.push(Date.now() - restarted);
        if (live) expect(await checkStore(live.db, acked, store.uploadsDir), `after kill ${kill}`).toEqual([]);
      }
      await server.stop();
      server = undefined;
      await live?.close();

      const final = await store.open();
      const problems = await checkStore(final.db, acked, store.uploadsDir).finally(() => final.close());
      const answered = summaries.reduce(
        (sum, s) =>
          sum + Object.values(s.outcomes).reduce((n, o) => n + Object.values(o).reduce((a, b) => a + b, 0), 0),
        0,
      );
      console.info(
        `[crash ${engine}] ${restartsMs.length}/${killsPerEngine} kills survived in ${Math.round((Date.now() - began) / 1000)} s;` +
          ` restart ms max ${Math.max(...restartsMs)}, mean ${Math.round(restartsMs.reduce((a, b) => a + b, 0) / restartsMs.length)};` +
          ` ${answered} requests; acknowledged: ${acked.teas.length} teas, ${acked.comments.length} comments,` +
          ` ${acked.unlocks.length} unlocks, ${acked.votes.length} votes, ${acked.purchases.length} purchases;` +
          ` last cycle ${JSON.stringify(summaries.at(-1)?.outcomes)}`,
      );
      expect(problems).toEqual([]);
      expect(restartsMs).toHaveLength(killsPerEngine);
      // The load really ran: each kind of write was acknowledged at least once over the run.
      for (const kind of ['teas', 'comments', 'unlocks', 'votes', 'purchases'] as const) {
        expect(acked[kind].length, kind).toBeGreaterThan(0);
      }
    } finally {
      await server?.kill();
      await store.remove();
    }
  });
});
