import { baseURL } from './env';

/** One mail from the dev outbox (GET /dev/mailbox.json, newest first). */
export type MailMessage = {
  id: string | number;
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  created_at: string;
};

export type MailQuery = {
  /** The recipient (compared case-insensitively). */
  to: string;
  /** Subject to match: a RegExp, or a string the subject must contain (case-insensitive). */
  subject?: RegExp | string;
  /** Only a message that has a link whose path starts with this counts (e.g. '/reset-password/'). */
  linkPrefix?: string;
  /** Only a message whose text or html contains this counts. */
  contains?: string;
  /** Messages with these ids are ignored (mail that was there before the action under test). */
  exclude?: ReadonlySet<MailMessage['id']>;
  timeoutMs?: number;
};

const POLL_MS = 200;
const DEFAULT_TIMEOUT_MS = 15_000;

/** Every message currently in the dev outbox, newest first. */
export async function readMailbox(): Promise<MailMessage[]> {
  const response = await fetch(`${baseURL()}/dev/mailbox.json`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`GET /dev/mailbox.json answered ${response.status}`);
  const body = (await response.json()) as { messages?: MailMessage[] };
  if (!Array.isArray(body.messages)) throw new Error('GET /dev/mailbox.json has no messages array');
  return body.messages;
}

function recipients(message: MailMessage): string[] {
  const list = Array.isArray(message.to) ? message.to : [message.to];
  // A recipient may be written 'Name <a@b>'; compare the address only.
  return list.map((r) => (/<([^>]+)>/.exec(r)?.[1] ?? r).trim().toLowerCase());
}

function subjectMatches(subject: string, wanted: RegExp | string | undefined): boolean {
  if (wanted === undefined) return true;
  return typeof wanted === 'string' ? subject.toLowerCase().includes(wanted.toLowerCase()) : wanted.test(subject);
}

function decodeEntities(html: string): string {
  return html
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#47;/g, '/')
    .replace(/&quot;/g, '"');
}

/**
 * The first absolute link in the message (text first, then html) whose path starts with
 * `pathPrefix`, or undefined.
 */
export function findLink(message: MailMessage, pathPrefix: string): string | undefined {
  for (const body of [message.text ?? '', decodeEntities(message.html ?? '')]) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>()]+/g)) {
      const candidate = match[0].replace(/[.,;:!?]+$/, '');
      try {
        if (new URL(candidate).pathname.startsWith(pathPrefix)) return candidate;
      } catch {
        // not a URL after all
      }
    }
  }
  return undefined;
}

/** Like findLink, but throws when there is none. */
export function extractLink(message: MailMessage, pathPrefix: string): string {
  const link = findLink(message, pathPrefix);
  if (!link) {
    throw new Error(`Mail "${message.subject}" has no link to ${pathPrefix}…:\n${message.text || message.html}`);
  }
  return link;
}

/** Polls the dev outbox until the newest message matching `query` arrives. */
export async function waitForMail(query: MailQuery): Promise<MailMessage> {
  const timeoutMs = query.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const to = query.to.toLowerCase();
  let seen: MailMessage[] = [];
  while (true) {
    seen = await readMailbox();
    const found = seen.find(
      (m) =>
        !query.exclude?.has(m.id) &&
        recipients(m).includes(to) &&
        subjectMatches(m.subject, query.subject) &&
        (query.linkPrefix === undefined || findLink(m, query.linkPrefix) !== undefined) &&
        (query.contains === undefined || `${m.text}\n${m.html}`.includes(query.contains)),
    );
    if (found) return found;
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const mine = seen.filter((m) => recipients(m).includes(to)).map((m) => `  - ${m.subject}`);
  throw new Error(
    `No mail to ${query.to}${query.subject ? ` with subject ${String(query.subject)}` : ''}` +
      `${query.linkPrefix ? ` linking to ${query.linkPrefix}` : ''}${query.contains ? ` containing "${query.contains}"` : ''}` +
      ` within ${timeoutMs / 1000} s. Mail to that address: ${mine.length ? `\n${mine.join('\n')}` : 'none'}` +
      ` (${seen.length} messages in the outbox).`,
  );
}

/** Waits for mail to `to` carrying a link under `pathPrefix` and returns that link. */
export async function waitForLink(query: MailQuery & { linkPrefix: string }): Promise<string> {
  return extractLink(await waitForMail(query), query.linkPrefix);
}

/** The ids now in the outbox, to ignore older mail in a later waitForMail. */
export async function mailboxIds(): Promise<Set<MailMessage['id']>> {
  return new Set((await readMailbox()).map((m) => m.id));
}
