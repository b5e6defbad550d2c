// Lint configuration (kept in .ci/ so the top level stays as the house style wants it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { doors } from './eslint-doors.js';

// The layering the code relies on (docs/style.md "Dependency direction"), enforced rather than hoped for.
const MOCK = {
  regex: '^(@/lib/|(\\.\\./)+(lib/)?)mock(/|$)',
  message: 'Only lib/demo and lib/mock/host run the mock.',
};
const STORAGE_IMPORTS = {
  group: ['wxt/utils/storage', 'wxt/storage'],
  message:
    'Storage is reached through lib/settings (the settings model) or lib/store/items.ts (lib/storage.ts).',
};
const STORAGE_SYNTAX = [
  {
    selector: 'MemberExpression[object.name="browser"][property.name="storage"]',
    message:
      'Storage is reached through lib/settings (the settings model) or lib/store/items.ts (lib/storage.ts).',
  },
  {
    selector: 'MemberExpression[object.name="storage"][property.name=/^(defineItem|getItem|setItem|watch)/]',
    message:
      'Storage is reached through lib/settings (the settings model) or lib/store/items.ts (lib/storage.ts).',
  },
];
// The popup opens without the API client and its schemas: they arrive by dynamic import (connect.ts).
const API_BARREL = {
  regex: '^@/lib/api(/(index|client|schemas|responses|create|upload))?$',
  allowTypeImports: true,
  message: 'The popup loads the API client lazily: import types only, or import() it.',
};

export default tseslint.config(
  { basePath: '..' },
  {
    ignores: [
      'node_modules/**',
      '.output/**',
      '.wxt/**',
      'test-results/**',
      'playwright-report/**',
      // The official extension, vendored as a benchmark reference only (test/bench/peer/README.md).
      'test/bench/peer/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['lib/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    ignores: ['lib/store/**', 'lib/settings/**', 'lib/storage.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [STORAGE_IMPORTS] }],
      'no-restricted-syntax': ['error', ...STORAGE_SYNTAX],
    },
  },
  {
    files: ['entrypoints/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    ignores: ['lib/demo/**', 'lib/mock/**', 'lib/store/**', 'lib/settings/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MOCK, STORAGE_IMPORTS] }] },
  },
  {
    // Every feature folder behind its door(s): .ci/eslint-doors.js lists them.
    files: ['lib/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { doors },
    rules: { 'doors/doors': 'error' },
  },
  {
    files: ['lib/watch/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MOCK, STORAGE_IMPORTS] }] },
  },
  {
    files: ['components/**/*.{ts,tsx}', 'entrypoints/popup/**/*.{ts,tsx}'],
    ignores: ['entrypoints/popup/connect.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [MOCK, STORAGE_IMPORTS, API_BARREL] }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
