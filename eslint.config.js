import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
  {
    // API module boundaries: a module's repository (its queries) and presenter (its response
    // shapes) are its own. Another module goes through its service, policy or access file, and
    // what several modules share moves down to src/lib or src/db (docs/architecture.md).
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../*/*.repository*',
                '../*/*.presenter*',
                '../../*/*.repository*',
                '../../*/*.presenter*',
                '../../modules/*/*.repository*',
                '../../modules/*/*.presenter*',
              ],
              message: "Another module's repository and presenter are its own: use its service, policy or access file.",
            },
          ],
        },
      ],
    },
  },
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
);
