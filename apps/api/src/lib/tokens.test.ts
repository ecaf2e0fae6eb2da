import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens.js';

const READER_1 = '6f1c1e0a-3b55-4c1e-9a51-0d3f2a1b7c01';
const READER_2 = '6f1c1e0a-3b55-4c1e-9a51-0d3f2a1b7c02';

/** Access tokens checked once are remembered by their text, never past their expiry. */
describe('createTokenSigner: checked tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a token checked before with the same claims, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T12:00:00Z') });
    const signer = createTokenSigner('a-secret-of-the-tests-that-is-long-enough', 60);
    const token = await signer.signAccess({ sub: READER_1, admin: false });
    // Known at once only after a check.
    expect(signer.checkedAccess(token)).toBeUndefined();
    expect(await signer.verifyAccess(token)).toEqual({ sub: READER_1, admin: false });
    expect(signer.checkedAccess(token)).toEqual({ sub: READER_1, admin: false });
    vi.setSystemTime(new Date('2026-11-26T12:00:59Z'));
    expect(await signer.verifyAccess(token)).toEqual({ sub: READER_1, admin: false });
    vi.setSystemTime(new Date('2026-11-26T12:01:00Z'));
    expect(signer.checkedAccess(token)).toBeUndefined();
    expect(await signer.verifyAccess(token)).toBeNull();
    expect(await signer.verifyAccess(token)).toBeNull();
  });

  it('remembers only the exact text: a changed signature or another secret is checked and refused', async () => {
    const signer = createTokenSigner('a-secret-of-the-tests-that-is-long-enough', 60);
    const token = await signer.signAccess({ sub: READER_2, admin: true });
    expect(await signer.verifyAccess(token)).toEqual({ sub: READER_2, admin: true });
    // A character inside the signature: the last one also carries padding bits a decoder drops.
    const at = token.length - 10;
    const changed = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await signer.verifyAccess(changed)).toBeNull();
    const other = createTokenSigner('another-secret-that-is-also-long-enough', 60);
    expect(await other.verifyAccess(token)).toBeNull();
  });
});
