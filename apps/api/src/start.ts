// The built server's entry (dist/server.js). It checks the Node.js version before loading the
// server, whose dependencies may not even load on an older one, so the refusal is always readable.
import { nodeRefusal } from './node-version.js';

const refusal = nodeRefusal();
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
await import('./server.js');
