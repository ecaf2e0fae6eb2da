import type { AddressInfo } from 'node:net';
import { defaultOrigin, type Config } from './config.js';

/**
 * The line a server prints once it listens: the URL to open. Without APP_ORIGIN that is where it
 * is reached (the real port, also when PORT=0 let the system pick); with one, that origin and
 * where the server itself listens.
 */
export function startLine(config: Config, address: AddressInfo, engine: string): string {
  const given = config.appOrigin !== defaultOrigin(config.host, config.port);
  if (!given) return `Kettle is serving ${defaultOrigin(config.host, address.port)} (${engine})`;
  const listening = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `Kettle is serving ${config.appOrigin} (listening on ${listening}:${address.port}, ${engine})`;
}
