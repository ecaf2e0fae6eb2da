import type { Plugin } from 'vite';
// A relative import: the config loader bundles it, while the package itself exports TypeScript.
import { THEME_INIT_SCRIPT } from '../../../packages/shared/src/theme-init';

/**
 * Puts the theme script inline in index.html's head, after the title and before any stylesheet
 * or module, where it runs before the first paint. The server's CSP allows it by the hash of the
 * same text.
 */
export function inlineThemeInit(): Plugin {
  return {
    name: 'kettle:inline-theme-init',
    transformIndexHtml(html) {
      if (!html.includes('</title>')) throw new Error('index.html needs a <title> for the theme script to follow');
      return html.replace('</title>', `</title>\n    <script>${THEME_INIT_SCRIPT}</script>`);
    },
  };
}
