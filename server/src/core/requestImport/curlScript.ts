// A pasted command line as requests: each curl command in it becomes one, in order. Variables the script assigns
// (BASE=https://..., export TOKEN=...) give their values; a token fetched first (TOKEN=$(curl ... client_credentials
// ... | sed ...) && curl -H "Authorization: Bearer $TOKEN" ...), as Copy as cURL writes it for an OAuth2 connector,
// becomes the connector's OAuth2 client-credentials sign-in. Other commands are reported and left aside.
import type { ImportNote } from '../importing/notes';
import type { CapturedAuth, CapturedRequest } from './captured';
import { readCurlArguments } from './curlOptions';
import { curlRequest, type ShellVariables } from './curlRequest';
import { decodeLoosely } from './requestUrl';
import { literalOf, readShell, type ShellCommand, type ShellScript, type ShellWord } from './shellWords';

/** The requests a command line gives, or why it gives none (with where in the text). */
export type CurlScriptOutcome =
  | { ok: true; requests: CapturedRequest[]; notes: ImportNote[] }
  | { ok: false; message: string; offset: number };

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

function isCurl(word: ShellWord | undefined): boolean {
  const text = word ? literalOf(word) : undefined;
  return text !== undefined && /(^|[/\\])curl(\.exe)?$/.test(text);
}

/** An assignment word's name and value parts (`NAME=...`), when the word is one. */
function assignmentOf(word: ShellWord): { name: string; value: ShellWord } | undefined {
  const first = word.parts[0];
  const match = first?.kind === 'text' ? ASSIGNMENT.exec(first.text) : null;
  if (!match || first?.kind !== 'text') return undefined;
  const rest = first.text.slice(match[0].length);
  return { name: match[1] ?? '', value: { ...word, parts: [...(rest ? [{ kind: 'text' as const, text: rest }] : []), ...word.parts.slice(1)] } };
}

/** The client-credentials sign-in a token request (as a captured request) makes, when it is one. */
function tokenSignIn(token: CapturedRequest): CapturedAuth | undefined {
  if (token.body?.kind !== 'text') return undefined;
  const fields = new Map<string, string>();
  for (const pair of token.body.text.split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0) fields.set(decodeLoosely(pair.slice(0, eq)), pair.slice(eq + 1));
  }
  if (decodeLoosely(fields.get('grant_type') ?? '') !== 'client_credentials') return undefined;
  const tokenUrl = `${token.origin}${token.path.map((p) => ('text' in p ? p.text : `{${p.hole.name}}`)).join('')}`;
  const scope = fields.has('scope') ? decodeLoosely(fields.get('scope') ?? '') : undefined;
  const withScope = scope !== undefined ? { scope } : {};
  if (token.auth?.kind === 'basic') {
    return { kind: 'oauth2', tokenUrl, clientId: decodeLoosely(token.auth.username), clientAuthentication: 'basic', ...withScope, ...(token.auth.passwordHole ? { secretHole: token.auth.passwordHole } : {}), ...(token.auth.password !== undefined ? { clientSecret: token.auth.password } : {}) };
  }
  const clientId = fields.get('client_id');
  if (clientId === undefined) return undefined;
  const secret = fields.get('client_secret') ?? '';
  const hole = token.body.holes?.[secret];
  return { kind: 'oauth2', tokenUrl, clientId: decodeLoosely(clientId), clientAuthentication: 'body', ...withScope, ...(hole ? { secretHole: hole } : { clientSecret: decodeLoosely(secret) }) };
}

/** Reads the curl commands of a command line (one, or several in a row) as requests. */
export function readCurlScript(text: string): CurlScriptOutcome {
  const read = readShell(text);
  if (!read.ok) return { ok: false, ...read.error };
  const notes: ImportNote[] = [];
  const requests: CapturedRequest[] = [];
  const variables = new Map<string, string>();
  /** Variables holding a token fetched by an earlier command: the sign-in that fetched it. */
  const tokens = new Map<string, CapturedAuth | undefined>();
  const curlCount = countCurls(read.script);
  const sourceOf = (): string => (curlCount === 1 ? 'curl command' : `curl command ${requests.length + 1}`);
  for (const pipeline of read.script.pipelines) {
    const [command, ...piped] = pipeline.commands;
    if (!command) continue;
    let words = command.words;
    // Leading assignments: NAME=value before a command sets it for that command; alone, for the script.
    if (literalOf(words[0] as ShellWord) === 'export') words = words.slice(1);
    while (words.length > 0 && assignmentOf(words[0] as ShellWord)) {
      const assignment = assignmentOf(words[0] as ShellWord);
      words = words.slice(1);
      if (!assignment) break;
      const substitution = assignment.value.parts.length === 1 && assignment.value.parts[0]?.kind === 'command' ? assignment.value.parts[0].script : undefined;
      if (substitution) {
        const inner = firstCurl(substitution);
        const token = inner ? requestOf(inner, 'token request', variables) : undefined;
        tokens.set(assignment.name, token && token.ok ? tokenSignIn(token.request) : undefined);
        if (!token || !token.ok || !tokenSignIn(token.request)) notes.push({ kind: 'left-out', where: 'command line', reason: `${assignment.name}=$(...) runs a command the import does not follow; $${assignment.name} is a value you supply.` });
        continue;
      }
      const value = literalOf(assignment.value);
      if (value !== undefined) variables.set(assignment.name, value);
    }
    if (words.length === 0) continue;
    if (!isCurl(words[0])) {
      notes.push({ kind: 'left-out', where: 'command line', reason: `'${literalOf(words[0] as ShellWord) ?? 'a command'}' is not a curl command; it is left aside.` });
      continue;
    }
    const outcome = requestOf({ ...command, words }, sourceOf(), variables);
    if (!outcome.ok) return outcome;
    const request = outcome.request;
    for (const other of piped) request.notes.push({ kind: 'left-out', where: request.source, reason: `The output is passed to '${literalOf(other.words[0] as ShellWord) ?? 'another command'}', which is not part of the request.` });
    if (command.redirections.length > 0) request.notes.push({ kind: 'left-out', where: request.source, reason: `Redirections (${command.redirections.join(', ')}) shape only curl's output.` });
    signInWithFetchedToken(request, tokens);
    requests.push(request);
  }
  if (requests.length === 0) return { ok: false, message: 'the text holds no curl command', offset: 0 };
  return { ok: true, requests, notes };
}

/** A request whose Authorization header is `Bearer $TOKEN`, with TOKEN fetched by a client-credentials request, signs in as that request did. */
function signInWithFetchedToken(request: CapturedRequest, tokens: ReadonlyMap<string, CapturedAuth | undefined>): void {
  const at = request.headers.findIndex((h) => h.name.toLowerCase() === 'authorization' && h.hole !== undefined && tokens.has(h.hole.name) && h.value === `Bearer \${${h.hole.name}}`);
  const header = request.headers[at];
  if (!header?.hole) return;
  const auth = tokens.get(header.hole.name);
  if (!auth) return;
  request.headers.splice(at, 1);
  request.auth = auth;
}

function requestOf(command: ShellCommand, source: string, variables: ShellVariables): ReturnType<typeof curlRequest> {
  const args = readCurlArguments(command.words.slice(1));
  if (!args.ok) return args;
  return curlRequest(args.arguments, source, variables);
}

function firstCurl(script: ShellScript): ShellCommand | undefined {
  return script.pipelines.flatMap((p) => p.commands).find((c) => isCurl(c.words[0]));
}

function countCurls(script: ShellScript): number {
  return script.pipelines.filter((p) => {
    const words = p.commands[0]?.words ?? [];
    return words.some((w, i) => isCurl(w) && words.slice(0, i).every((v) => assignmentOf(v) || literalOf(v) === 'export'));
  }).length;
}
