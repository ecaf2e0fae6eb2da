import { defineConfig } from 'tsup';

/**
 * The server's entry (server.js checks the Node.js version, then loads the server from a chunk
 * beside it) and the embedded database's thread (the server finds it next to itself); npm packages
 * stay external (native argon2, PGlite's wasm), our shared package is bundled in.
 */
export default defineConfig({
  entry: { server: 'src/start.ts', 'pglite-worker': 'src/db/pglite-worker.js' },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@kettle/shared'],
});
