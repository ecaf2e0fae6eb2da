import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * React, React DOM and React Router, which every page needs whole, go into one long-cached
 * chunk (it changes only on an upgrade). Everything else is split by Rollup along the lazy
 * routes and dialogs: pinning a library to a chunk would pin all of it, e.g. TanStack Query's
 * mutations, which only lazy pages use, into the first load.
 */
const VENDOR_CHUNKS: Record<string, RegExp> = {
  react: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
};

function vendorChunk(id: string): string | undefined {
  for (const [name, pattern] of Object.entries(VENDOR_CHUNKS)) if (pattern.test(id)) return name;
  return undefined;
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Read by scripts/size.mjs to find the first-load set of `/`; not served (dot folder).
    manifest: true,
    target: 'es2022',
    // Terser squeezes ~4 KB gzip more than esbuild out of the first load (goal F1: 120 KB).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    // Every browser es2022 reaches supports modulepreload: the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        manualChunks: vendorChunk,
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/dev': apiTarget, '/uploads': apiTarget },
  },
});
