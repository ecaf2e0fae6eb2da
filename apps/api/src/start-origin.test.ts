import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSignup, register } from '../test/http.js';
import { lastMailTo } from '../test/mailbox.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { signedIn } from '../test/posts-kit.js';
import { devAction, startCheckout } from '../test/payments-kit.js';
import { loadConfig } from './config.js';
import { startLine } from './start-line.js';

/** A newcomer's start: HOST set to an address, APP_ORIGIN left out. */
const NEWCOMER = { HOST: '127.0.0.1', PORT: '4123' };
const ORIGIN = 'http://127.0.0.1:4123';

describe('APP_ORIGIN left out', () => {
  it('is the address the server is reached at when HOST is one, else localhost', () => {
    expect(loadConfig(NEWCOMER).appOrigin).toBe(ORIGIN);
    expect(loadConfig({ HOST: '::1', PORT: '4123' }).appOrigin).toBe('http://[::1]:4123');
    expect(loadConfig({ HOST: '192.168.1.20', PORT: '80' }).appOrigin).toBe('http://192.168.1.20:80');
    // A wildcard says nothing of where visitors reach the server.
    for (const host of ['0.0.0.0', '::', undefined]) {
      expect(loadConfig({ HOST: host, PORT: '4123' }).appOrigin, String(host)).toBe('http://localhost:4123');
    }
    expect(loadConfig({ ...NEWCOMER, APP_ORIGIN: 'https://kettle.example' }).appOrigin).toBe('https://kettle.example');
  });

  it('the start line prints the URL to open: the real port, or APP_ORIGIN and where the server listens', () => {
    const address = { address: '127.0.0.1', family: 'IPv4', port: 4123 };
    expect(startLine(loadConfig(NEWCOMER), address, 'pglite')).toBe(`Kettle is serving ${ORIGIN} (pglite)`);
    // PORT=0: the port the system gave.
    expect(startLine(loadConfig({ HOST: '127.0.0.1', PORT: '0' }), { ...address, port: 50123 }, 'pglite')).toBe(
      'Kettle is serving http://127.0.0.1:50123 (pglite)',
    );
    const everywhere = { address: '0.0.0.0', family: 'IPv4', port: 3000 };
    expect(startLine(loadConfig({ APP_ORIGIN: 'https://kettle.example' }), everywhere, 'postgres + redis')).toBe(
      'Kettle is serving https://kettle.example (listening on 0.0.0.0:3000, postgres + redis)',
    );
  });
});

describe('a server on HOST=127.0.0.1 without APP_ORIGIN', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The harness names an APP_ORIGIN of its own; a newcomer names none.
    app = await createTestApp({ env: { ...NEWCOMER, APP_ORIGIN: undefined as unknown as string } });
  });
  afterAll(async () => {
    await app.teardown();
  });

  it('sends checkout and mail links to the address it is reached at, never another origin', async () => {
    const { auth } = await signedIn(app);
    const session = await startCheckout(app, auth);
    expect(new URL(session.url).origin).toBe(ORIGIN);
    const paid = await devAction(app, auth, session.session_id, 'pay');
    expect(new URL(paid.json<{ redirect_url: string }>().redirect_url).origin).toBe(ORIGIN);

    const signup = newSignup();
    expect((await register(app, signup)).statusCode).toBe(201);
    const mail = await lastMailTo(app, signup.email);
    const links = mail?.text.match(/https?:\/\/[^\s]+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).origin).toBe(ORIGIN);
  });
});
