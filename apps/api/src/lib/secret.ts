import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIR_MODE, FILE_MODE } from './owner-only.js';

/** Outside production a missing JWT_SECRET is generated once and kept beside the data, so sessions survive restarts. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: FILE_MODE });
  return secret;
}
