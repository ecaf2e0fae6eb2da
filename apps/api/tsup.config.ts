import { defineConfig } from 'tsup';

/**
 * One server file and the embedded database's thread beside it (the server finds it next to itself);
 * npm packages stay external (native argon2, PGlite's wasm), our shared package is bundled in.
 */
export default defineConfig({
  entry: { server: 'src/server.ts', 'pglite-worker': 'src/db/pglite-worker.js' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@kettle/shared'],
});
