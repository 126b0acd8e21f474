// Node's http, https and tls modules, loaded by the first request, tunnel, sign-in listener or certificate check.
// A check never opens a connection, yet every module the bundles import is loaded when they start: these three cost
// each start of `connector lint`, of its checking threads and of the language server about 9 ms (a tenth of a
// one-file lint), for a command that sends nothing.
/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, synchronously */

let http: typeof import('node:http') | undefined;
let https: typeof import('node:https') | undefined;
let tls: typeof import('node:tls') | undefined;

/** node:http, loaded on first use. */
export function nodeHttp(): typeof import('node:http') {
  return (http ??= require('node:http') as typeof import('node:http'));
}

/** node:https, loaded on first use. */
export function nodeHttps(): typeof import('node:https') {
  return (https ??= require('node:https') as typeof import('node:https'));
}

/** node:tls, loaded on first use. */
export function nodeTls(): typeof import('node:tls') {
  return (tls ??= require('node:tls') as typeof import('node:tls'));
}
