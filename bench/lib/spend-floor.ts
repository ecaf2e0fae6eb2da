// The floor of each P6 spend: a bare Fastify route running Kettle's own unlock, vote or comment
// statement through its own data layer (drizzle over a pg pool of the same size), and answering
// the statement's row as JSON (409 when it spent nothing). No token, hooks, refusal messages or
// presenter: what the database work of each spend allows on these cores, beside the bare spend
// route, which charges and writes the ledger row and nothing else. Each goes through the app's
// own batches (coins/spend-batches.ts), as the route's does. The distance from the spend
// route to here is the spend's own work; from here to Kettle's route, everything Kettle adds.
//
// Run by bench/lib/baselines.ts (startSpendFloor) with tsx: POST /unlock/:reader/:post,
// /vote/:reader/:post and /comment/:reader/:post (body: the comment's text).
import Fastify, { type FastifyReply } from 'fastify';
import { openPostgres } from '../../apps/api/src/db/client.js';
import { commentInBatch } from '../../apps/api/src/modules/comments/comments.repository.js';
import { unlockInBatch } from '../../apps/api/src/modules/posts/unlocks/unlock.statement.js';
import { voteInBatch } from '../../apps/api/src/modules/votes/votes.repository.js';

type Pair = { Params: { reader: string; post: string } };

const database = openPostgres(String(process.env.DATABASE_URL));
const { db } = database;
const app = Fastify();
app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));

/** The row as the answer, or 409 when the statement spent nothing, so a bad pair counts as an error. */
const spent = (reply: FastifyReply, row: Record<string, unknown> | undefined, charged: unknown) =>
  charged === null || charged === undefined ? reply.code(409).send(row ?? null) : row;

app.post<Pair>('/unlock/:reader/:post', async ({ params }, reply) => {
  const row = await unlockInBatch(db, { readerId: params.reader, postId: params.post }, false);
  return spent(reply, row, row?.charged_balance);
});
app.post<Pair>('/vote/:reader/:post', async ({ params }, reply) => {
  const row = await voteInBatch(db, { readerId: params.reader, postId: params.post }, false);
  return spent(reply, row, row?.balance);
});
app.post<Pair & { Body: string }>('/comment/:reader/:post', async ({ params, body }, reply) => {
  const asked = { readerId: params.reader, postId: params.post, hasParent: false, parentId: null, content: body };
  const row = await commentInBatch(db, asked, false);
  return spent(reply, row, row?.balance);
});

app.addHook('onClose', () => database.close());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.once('SIGTERM', () => void app.close());
