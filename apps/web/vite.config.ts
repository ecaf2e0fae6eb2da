import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Rollup } from 'vite';
import { inlineThemeInit } from './build/inline-theme-init';
import { lucideDeepImports } from './build/lucide-deep-imports';
import { precompress } from './build/precompress';
import { failOnWarnings, quietZodAnnotations } from './build/warnings';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * React, React DOM and React Router (and Lucide's core), which every page needs whole, go into
 * one long-cached chunk (it changes only on an upgrade). Everything else is split by Rollup along
 * the lazy routes and dialogs: pinning a library to a chunk would pin all of it, e.g. TanStack
 * Query's mutations, which only lazy pages use, into the first load.
 */
const VENDOR_CHUNKS: Record<string, RegExp> = {
  // Lucide's own core (what every icon calls) too: so it stays out of the lazy icons group below.
  react:
    /[\\/]node_modules[\\/](?:(?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]))/,
};

/**
 * Tiny modules that many lazy pages share (an icon is ~200 bytes): split apart, a page asked for
 * two dozen of them, each a request of its own, which on a phone's connection costs more than the
 * bytes (goal F2). Those the first load does not use go into one chunk per group instead.
 */
const LAZY_GROUPS: Record<string, RegExp> = {
  icons: /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
};

type ChunkMeta = Parameters<Rollup.GetManualChunk>[1];

/** Every module the entry imports statically, all the way down: the first load. */
function firstLoadOf({ getModuleIds, getModuleInfo }: ChunkMeta): Set<string> {
  const seen = new Set<string>();
  const entries = [...getModuleIds()].filter((id) => getModuleInfo(id)?.isEntry);
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  entries.forEach(visit);
  return seen;
}

function chunkFor(): Rollup.GetManualChunk {
  let firstLoad: Set<string> | undefined;
  return (id, meta) => {
    for (const [name, pattern] of Object.entries(VENDOR_CHUNKS)) if (pattern.test(id)) return name;
    const group = Object.keys(LAZY_GROUPS).find((name) => LAZY_GROUPS[name]?.test(id));
    if (!group) return undefined;
    firstLoad ??= firstLoadOf(meta);
    return firstLoad.has(id) ? undefined : group;
  };
}

/**
 * The entry lists every lazy chunk's file name for preloading (~120 names, part of goal F1's first
 * load), so every chunk but React's is named by its hash alone; the build manifest (and
 * `npm run size`) still tell which page each one is.
 */
function chunkFileName(chunk: Rollup.PreRenderedChunk): string {
  return chunk.name === 'react' ? 'assets/[name]-[hash].js' : 'assets/[hash].js';
}

/**
 * React Router 7's package exports only its development build (dev warnings on;
 * remix-run/react-router#14102). The build takes the production one it ships beside it.
 */
function reactRouterProduction(): string {
  const pkg = createRequire(import.meta.url).resolve('react-router/package.json');
  return path.join(path.dirname(pkg), 'dist', 'production', 'index.mjs');
}

const warnings = failOnWarnings();

export default defineConfig(({ command }) => ({
  customLogger: warnings.logger,
  plugins: [react(), tailwindcss(), inlineThemeInit(), lucideDeepImports(), precompress(), warnings.plugin],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction() }] : []),
    ],
  },
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
      onwarn: quietZodAnnotations,
      output: {
        manualChunks: chunkFor(),
        chunkFileNames: chunkFileName,
        // Letters and digits only: a hash-only file name never starts with '-'.
        hashCharacters: 'base36',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/dev': apiTarget, '/uploads': apiTarget },
  },
}));
