import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Icon export name → its own module, read from lucide-react's barrel. */
function iconModules(): Map<string, string> {
  const barrel = createRequire(import.meta.url)
    .resolve('lucide-react')
    .replace(/cjs[\\/]lucide-react\.js$/, 'esm/lucide-react.js');
  const dir = path.dirname(barrel);
  const modules = new Map<string, string>();
  for (const [, names = '', file = ''] of readFileSync(barrel, 'utf8').matchAll(
    /export \{([^}]*)\} from '\.\/(icons\/[a-z0-9-]+\.js)';/g,
  )) {
    for (const name of names.matchAll(/default as (\w+)/g)) modules.set(name[1] ?? '', path.join(dir, file));
  }
  return modules;
}

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/**
 * Rewrites `import { Lock } from 'lucide-react'` into an import of the icon's own module. Through
 * the barrel, every icon looks imported by the first load, so the build could not tell which ones
 * only lazy pages use and group those (vite.config.ts, LAZY_GROUPS). Build only; names the barrel
 * does not map (createLucideIcon, Icon) stay as they were.
 */
export function lucideDeepImports(): Plugin {
  let modules: Map<string, string> | undefined;
  return {
    name: 'kettle:lucide-deep-imports',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes('lucide-react')) return null;
      modules ??= iconModules();
      const known = modules;
      const out = code.replace(LUCIDE_IMPORT, (_whole, list: string) => {
        const kept: string[] = [];
        const deep: string[] = [];
        for (const spec of list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [imported = '', local = imported] = spec.split(/\s+as\s+/);
          const file = known.get(imported);
          if (file) deep.push(`import ${local} from ${JSON.stringify(file)};`);
          else kept.push(spec);
        }
        return [...deep, kept.length ? `import { ${kept.join(', ')} } from 'lucide-react';` : ''].join('');
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}
