import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------
// Web feature boundaries (apps/web/src). components/ and lib/ are the kit every feature builds
// on, so they import no feature. A feature's own files import no other feature: composing
// features is the job of its pages/ and of app/ (the router and the shell). Tests and testing/
// kits are left out: they share fixtures across features until those move to src/testing.
// ---------------------------------------------------------------------------------------------
const WEB_SRC = 'apps/web/src';
const webFeatures = readdirSync(path.join(import.meta.dirname, WEB_SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The few imports of another feature that stay, each for the reason given (`file` may import `imports`). */
const WEB_FEATURE_EXCEPTIONS = [
  // Blocking someone from a comment's menu refreshes My Account's blocked list, which blocks owns.
  { file: 'comments/api/block-user.ts', imports: 'blocks/api/get-blocks' },
  // A comment is reported through the same dialog, cost notice and rules as a post.
  { file: 'comments/components/comment-menu.tsx', imports: 'reports/components/report-dialog' },
  // The Safety page quotes the Terms' community rules and policy numbers: one source for both pages.
  { file: 'safety/components/guidelines-panel.tsx', imports: 'legal/data/community-guidelines' },
  { file: 'safety/data/safety-content.ts', imports: 'legal/data/policy' },
];

const otherFeatureImports = (feature, allowed = []) => [
  'error',
  {
    patterns: [
      {
        regex: `^@/features/(?!${[`${feature}/`, ...allowed.map((target) => `${target}$`)].join('|')})`,
        message:
          'Only pages/ and app/ compose features: move shared code to lib/ or components/, or compose in a page.',
      },
      {
        regex: '^(\\.\\./){2,}',
        message: "Reach outside this feature folder through '@/' paths, so the boundary rule sees the import.",
      },
    ],
  },
];

const webBoundaries = [
  {
    files: [`${WEB_SRC}/components/**/*.{ts,tsx}`, `${WEB_SRC}/lib/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)features/',
              message: 'components/ and lib/ import no feature: compose features in app/ or in a page.',
            },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`${WEB_SRC}/features/${feature}/**/*.{ts,tsx}`],
    ignores: [`${WEB_SRC}/features/${feature}/**/pages/**`, '**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'no-restricted-imports': otherFeatureImports(feature) },
  })),
  // After the blocks above, so each listed file gets its feature's rule plus its one allowance.
  ...WEB_FEATURE_EXCEPTIONS.map(({ file, imports }) => ({
    files: [`${WEB_SRC}/features/${file}`],
    rules: { 'no-restricted-imports': otherFeatureImports(file.split('/')[0], [imports]) },
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/**',
      'e2e/test-results/**',
      'coverage/**',
      '**/*.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Import direction: shared knows nothing of the apps (bulletproof-react's rule).
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@/*', '../../apps/*', 'react', 'node:*', 'fastify'] }],
    },
  },
  ...[
    // A file at a module's top, and one in a folder of its module (posts/reading/, say): the
    // relative paths that reach another module differ by one level.
    { files: ['apps/api/src/modules/*/*.ts'], up: '..' },
    { files: ['apps/api/src/modules/*/*/*.ts'], up: '../..' },
  ].map(({ files, up }) => ({
    // API module boundaries: a module's repository (its queries) and presenter (its response
    // shapes) are its own. Another module goes through its service, policy or access file, and
    // what several modules share moves down to src/lib or src/db (docs/architecture.md).
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*/*.repository*', '*/*.presenter*', '*/*/*.repository*', '*/*/*.presenter*'].flatMap((tail) => [
                `${up}/${tail}`,
                `${up}/../modules/${tail}`,
              ]),
              message: "Another module's repository and presenter are its own: use its service, policy or access file.",
            },
          ],
        },
      ],
    },
  })),

  {
    files: ['scripts/**/*.mjs', '.ci/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  // Web feature boundaries: see webBoundaries above.
  ...webBoundaries,
);
