import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'test-artifacts/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', performance: 'readonly', setImmediate: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The core is pure: files, editors and LSP belong to the edges. Building a request reads no file; the file
    // step is supplied by the CLI and the server. Only sending (send.ts, sendBody.ts) touches the network and
    // streams files.
    files: ['server/src/core/**/*.ts'],
    ignores: ['server/src/core/send.ts', 'server/src/core/sendBody.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'node:child_process', 'node:net', 'vscode', 'vscode-languageserver', 'vscode-languageclient'].map((name) => ({ name, message: 'The core does no I/O and knows no editor: take what you need as a parameter from the edge (server/src/lsp, server/src/cli, server/src/files).' })),
      }],
    },
  },
);
