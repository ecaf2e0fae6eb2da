import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mailOutbox } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { isDirectLoopback } from '../../lib/loopback.js';
import { escapeHtml } from '../../lib/mailer/templates.js';

/**
 * A direct loopback client (the socket's own address, and no sign of a proxy: behind one on this
 * host every visitor would otherwise be "local"), or a signed-in admin; all others learn nothing exists.
 */
async function loopbackOrAdmin(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (isDirectLoopback(request)) return;
  const admitted = await app.optionalAuth(request).then(
    () => request.user?.isAdmin === true,
    () => false,
  );
  if (!admitted) throw notFound();
}

const linkify = (text: string): string =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** Outside production, the outbox is readable so a local user can follow verification and reset links. */
export async function devMailboxRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request) => loopbackOrAdmin(app, request));
  const latest = () => app.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);

  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => ({
    messages: (await latest()).map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      status: m.status,
      created_at: m.createdAt.toISOString(),
    })),
  }));

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const items = (await latest())
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.status}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Kettle</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:24px;background:#fdf8f1;color:#2b1d12}article{background:#fff;border:1px solid #e6d8c5;border-radius:12px;padding:16px;margin:16px 0}h2{font-size:18px;margin:0}.meta{color:#6b5545;font-size:13px}pre{white-space:pre-wrap;font-family:inherit}a{color:#8a4b1c}</style></head>
<body><main><h1>Dev mailbox</h1><p>Every mail Kettle sent, newest first. Only served outside production.</p>${items || '<p>No mail yet.</p>'}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
