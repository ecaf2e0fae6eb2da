import { defineConfig } from 'tsup';

/** One server file; npm packages stay external (native argon2, PGlite's wasm), our shared package is bundled in. */
export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@kettle/shared'],
});
