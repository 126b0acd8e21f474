import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const CORE_ENTRY_ONLY = {
  group: ['**/core/*', '**/core/**/*', '!**/core/index'],
  message: "Import the core's entry ('server/src/core'), not a module below it; add to server/src/core/index.ts what an edge needs.",
};
const PROTOCOL_INDEX_ONLY = {
  group: ['**/protocol/*', '!**/protocol/index'],
  message: "Import the messages from 'server/src/protocol' (its index), not a file below it.",
};

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
    // step is supplied by the CLI and the server. Only the HTTP layer's sending files touch the network
    // (send.ts, dispatcher.ts) and stream files (wireBody.ts).
    files: ['server/src/core/**/*.ts'],
    ignores: ['server/src/core/http/send.ts', 'server/src/core/http/dispatcher.ts', 'server/src/core/http/wireBody.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          // Anchored ('/http'): a module of that name, not the core's own folder of that name (core/http/).
          group: [
            '/fs', '/node:fs', 'child_process', 'node:child_process', 'net', 'node:net', '/http', '/node:http', '/https', '/node:https',
            '/http2', '/node:http2', 'tls', 'node:tls', 'dgram', 'node:dgram', 'dns', 'node:dns', 'readline', 'node:readline', 'worker_threads', 'node:worker_threads',
            'undici', 'vscode', 'vscode-*', 'vscode-languageserver/*', 'vscode-languageclient/*', 'vscode-jsonrpc/*',
          ],
          message: 'The core does no I/O and knows no editor or protocol: take what you need as a parameter from the edge (server/src/lsp, server/src/cli, server/src/files).',
        }],
      }],
    },
  },
  {
    // Nothing in the core is imported for what loading it does: esbuild.mjs tells the extension's bundles that the
    // core has no side effects, and drops every module whose exports they do not use.
    files: ['server/src/core/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'ImportDeclaration[specifiers.length=0][importKind!="type"]',
        message: 'The core is imported for what it exports, never for what loading a module does: export a function and call it.',
      }],
    },
  },
  {
    // The edges (the language server, the command line, file access, the OpenAPI loader) and the VS Code extension
    // use the core through its one entry, server/src/core/index.ts, never a module below it: what the core offers is
    // what the entry exports. The extension and the server share the messages between them through
    // server/src/protocol/index.ts alone.
    files: ['server/src/**/*.ts', 'client/src/**/*.ts'],
    ignores: ['server/src/core/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [CORE_ENTRY_ONLY, PROTOCOL_INDEX_ONLY] }],
    },
  },
  {
    files: ['server/src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [CORE_ENTRY_ONLY] }],
    },
  },
);
