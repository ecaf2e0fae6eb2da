import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../src/db/schema.js';

/** Every outbox mail to `to` as the outbox holds it now (mail queued after a response may not be written yet). */
export function outboxTo(app: FastifyInstance, to: string) {
  return app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

/** Every outbox mail to `to`, once the work queued after earlier responses has run. */
export async function mailsTo(app: FastifyInstance, to: string) {
  await app.ctx.jobs.drain();
  return outboxTo(app, to);
}

/** The newest outbox mail to `to`, once the work queued after earlier responses has run. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  await app.ctx.jobs.drain();
  const [mail] = await app.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

export function linkToken(text: string, pathPrefix: string): string {
  const match = new RegExp(`${pathPrefix.replace(/[/]/g, '\\/')}([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${pathPrefix} link in mail:\n${text}`);
  return match[1];
}
