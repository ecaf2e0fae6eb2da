import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-seal.js';

const SERVER = 'a-server-secret-of-at-least-thirty-two-characters';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('sealing the TOTP secret', () => {
  it('opens with the same server secret and user, and differs every time it is sealed', () => {
    const user = randomUUID();
    const once = sealSecret(SERVER, user, SECRET);
    expect(once).not.toContain(SECRET);
    expect(sealSecret(SERVER, user, SECRET)).not.toBe(once);
    expect(openSecret(SERVER, user, once)).toBe(SECRET);
  });

  it('does not open for another account, another server secret, or a changed byte', () => {
    const user = randomUUID();
    const sealed = sealSecret(SERVER, user, SECRET);
    expect(openSecret(SERVER, randomUUID(), sealed)).toBeNull();
    expect(openSecret(`${SERVER}-rotated`, user, sealed)).toBeNull();
    const [version = '', iv = '', tag = '', body = ''] = sealed.split('.');
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(openSecret(SERVER, user, [version, iv, tag, flipped].join('.'))).toBeNull();
    // A truncated tag would be easier to forge; it must not be accepted.
    expect(openSecret(SERVER, user, [version, iv, tag.slice(0, 8), body].join('.'))).toBeNull();
    expect(openSecret(SERVER, user, 'plain-text')).toBeNull();
  });
});
