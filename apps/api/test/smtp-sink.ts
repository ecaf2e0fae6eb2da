import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { from: string; to: string[]; raw: string; headers: Map<string, string>; text: string };

export type SmtpSink = {
  port: number;
  messages: CapturedMail[];
  close: () => Promise<void>;
  /**
   * Hangs the server as a frozen process would: connections are still accepted and written to, and
   * nothing is read or answered on any of them, until `thaw`.
   */
  freeze: () => void;
  thaw: () => void;
  /** Resolves once `count` messages arrived; fails after `timeoutMs` (bounded polling, no fixed sleeps). */
  waitFor: (count: number, timeoutMs?: number) => Promise<CapturedMail[]>;
};

/** Unfolds the header block into lower-cased names (the first occurrence wins, as a mail client shows it). */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(at + 1).trim());
  }
  return headers;
}

/** Decodes quoted-printable soft breaks and escapes; enough for the ASCII mail the app sends. */
const decodeQuotedPrintable = (value: string): string =>
  value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The text/plain part of a (possibly multipart) message, decoded. */
function textPart(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/i.exec(head.get('content-type') ?? '')?.[1];
  if (!boundary)
    return head.get('content-transfer-encoding') === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  for (const part of body.split(`--${boundary}`)) {
    const at = part.indexOf('\r\n\r\n');
    if (at < 0) continue;
    const partHead = parseHeaders(part.slice(0, at).trim());
    if (!(partHead.get('content-type') ?? '').startsWith('text/plain')) continue;
    const content = part.slice(at + 4);
    return partHead.get('content-transfer-encoding') === 'quoted-printable' ? decodeQuotedPrintable(content) : content;
  }
  return '';
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          headers: parseHeaders(raw.slice(0, split)),
          text: textPart(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  const sockets = new Set<Socket>();
  let frozen = false;
  // Corked, a socket keeps what the server writes (a greeting, a reply) until it is uncorked.
  const hold = (socket: Socket) => {
    socket.pause();
    socket.cork();
  };
  const thaw = () => {
    if (!frozen) return;
    frozen = false;
    for (const socket of sockets) {
      socket.uncork();
      socket.resume();
    }
  };
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    if (frozen) hold(socket);
  });
  return {
    port: address.port,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        // Thawed first: a frozen session would hold the close for smtp-server's 30 s grace, and
        // the others finish what they were saying (a reply cut off could make a mail go out twice).
        thaw();
        server.close(() => resolve());
      }),
    freeze: () => {
      if (frozen) return;
      frozen = true;
      for (const socket of sockets) hold(socket);
    },
    thaw,
    waitFor: async (count, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`SMTP sink: expected ${count} message(s), got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
  };
}
