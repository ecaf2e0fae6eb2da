import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * A request a proxy relayed: one on this host reaches us from loopback too, and these headers give
 * it away. A proxy that sends none of them cannot be told apart (docs/security.md).
 */
const RELAYED = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'];

/**
 * A client on this machine talking to us directly: the socket's own address (never a forwarded
 * one) is loopback and nothing says the request was relayed. The one rule for /metrics and the
 * dev mailbox.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  if (RELAYED.some((name) => name in request.headers)) return false;
  return isLoopback(request.raw.socket.remoteAddress);
}
