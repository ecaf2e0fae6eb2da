import net from 'node:net';

/**
 * A TCP relay in front of a real server that can freeze: while frozen it accepts connections and
 * holds every byte it is sent, and passes nothing on in either direction. That is how a hung server
 * (SIGSTOP, a stuck disk) looks to its clients: connected, written to, silent.
 */
export type FreezingProxy = {
  /** The target's URL with this relay's port in place of the target's. */
  url: string;
  freeze: () => void;
  /** Passes on what it held, and everything after. */
  thaw: () => void;
  close: () => Promise<void>;
};

type Pair = { held: Array<{ to: net.Socket; chunk: Buffer }>; sockets: [net.Socket, net.Socket] };

export async function startFreezingProxy(targetUrl: string): Promise<FreezingProxy> {
  const target = new URL(targetUrl);
  let frozen = false;
  const pairs = new Set<Pair>();

  const relay = (from: net.Socket, to: net.Socket, pair: Pair) => {
    from.on('data', (chunk: Buffer) => {
      if (frozen) pair.held.push({ to, chunk });
      else to.write(chunk);
    });
    from.on('close', () => {
      to.destroy();
      pairs.delete(pair);
    });
    from.on('error', () => undefined);
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    const pair: Pair = { held: [], sockets: [client, upstream] };
    pairs.add(pair);
    relay(client, upstream, pair);
    relay(upstream, client, pair);
    if (frozen) for (const socket of pair.sockets) socket.pause();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const url = new URL(targetUrl);
  url.port = String((server.address() as net.AddressInfo).port);

  return {
    url: url.toString(),
    freeze: () => {
      frozen = true;
      // Paused sockets stop reading, so the kernel keeps what arrives, as a frozen server's does.
      for (const pair of pairs) for (const socket of pair.sockets) socket.pause();
    },
    thaw: () => {
      frozen = false;
      for (const pair of pairs) {
        for (const { to, chunk } of pair.held.splice(0)) to.write(chunk);
        for (const socket of pair.sockets) socket.resume();
      }
    },
    close: async () => {
      for (const pair of pairs) for (const socket of pair.sockets) socket.destroy();
      await new Promise((closed) => server.close(closed));
    },
  };
}
