// One curl command's options as the request curl sends: method, URL, headers (curl's own defaults and removals
// applied), body and sign-in. Files the command names (-d @file, -F f=@file, -T file) are named, never read.
import type { ImportNote } from '../importing/notes';
import { encodeComponent } from '../http/url';
import { parseExact } from '../values/exactParse';
import type { CapturedAuth, CapturedBody, CapturedPart, CapturedRequest, Hole } from './captured';
import type { CurlArguments, GivenOption } from './curlOptions';
import { MarkedText } from './marked';
import { queryOf, splitUrl } from './requestUrl';
import type { ShellWord } from './shellWords';

/** Why a command cannot be imported, and where in the text. */
export interface CurlFailure {
  ok: false;
  message: string;
  offset: number;
}

/** Shell variables a command uses, by name: the value a script assigned before (`BASE=https://...`), when it did. */
export type ShellVariables = ReadonlyMap<string, string>;

/** A word as marked text: literal parts as they are, each variable a hole (its value when the script assigned one). */
function marked(word: ShellWord, variables: ShellVariables): MarkedText | CurlFailure {
  const parts: ({ text: string } | { hole: Hole })[] = [];
  for (const part of word.parts) {
    if (part.kind === 'text') parts.push({ text: part.text });
    else if (part.kind === 'variable') {
      const assigned = variables.get(part.name);
      parts.push(assigned !== undefined ? { text: assigned } : { hole: { name: part.name } });
    } else return { ok: false, message: 'a command substitution $(...) inside a curl argument is not run; write the value out', offset: word.offset };
  }
  return MarkedText.of(parts);
}

/** A body piece: text (variables shown as ${NAME}), or a file named with @. */
type DataPiece = { kind: 'text'; text: MarkedText } | { kind: 'file'; path: string; written: string };

/** --data-urlencode's forms: `content`, `=content`, `name=content`, `@file`, `name@file`. */
function urlencoded(value: MarkedText, notes: string[], written: string): DataPiece {
  const text = value.text;
  const eq = text.indexOf('=');
  const at = text.indexOf('@');
  if (at >= 0 && (eq < 0 || at < eq)) {
    notes.push(`${written} ${JSON.stringify(value.shown((h) => `\${${h.name}}`))} reads the value of field '${text.slice(0, at)}' from file ${text.slice(at + 1)}, which is not read; the field has no example.`);
    return { kind: 'text', text: MarkedText.of([{ text: `${text.slice(0, at)}=` }]) };
  }
  const encode = (m: MarkedText): MarkedText => MarkedText.of(m.pieces().map((p) => ('hole' in p ? p : { text: encodeComponent(p.text) })));
  if (eq < 0) return { kind: 'text', text: encode(value) };
  const name = value.slice(0, eq);
  const content = encode(value.slice(eq + 1));
  return { kind: 'text', text: MarkedText.of([...(name.text === '' ? [] : [...name.pieces(), { text: '=' }]), ...content.pieces()]) };
}

/** Reads `-F name=value;type=...;filename=...`: a field, or a file part (`@path`, `<path` reads a field's value from a file). */
function formPart(value: MarkedText, literal: boolean, notes: string[]): CapturedPart | undefined {
  const text = value.text;
  const eq = text.indexOf('=');
  if (eq <= 0) {
    notes.push(`-F ${JSON.stringify(text)} names no field (name=value); left out.`);
    return undefined;
  }
  const name = text.slice(0, eq);
  const rest = value.slice(eq + 1);
  if (literal || (!rest.text.startsWith('@') && !rest.text.startsWith('<'))) {
    const hole = rest.soleHole();
    if (literal) return { kind: 'field', name, value: rest.shown((h) => `\${${h.name}}`), ...(hole ? { hole } : {}) };
    // A text field's own ;type= is curl's, not part of the value.
    const plain = rest.text.replace(/;type=[^;]*$/, '');
    const piece = rest.slice(0, plain.length);
    const sole = piece.soleHole();
    return { kind: 'field', name, value: piece.shown((h) => `\${${h.name}}`), ...(sole ? { hole: sole } : {}) };
  }
  const fromFile = rest.text.startsWith('<');
  let at = 1;
  let path = '';
  if (rest.text[at] === '"') {
    at++;
    while (at < rest.text.length && rest.text[at] !== '"') {
      if (rest.text[at] === '\\' && at + 1 < rest.text.length) at++;
      path += rest.text[at];
      at++;
    }
    at++;
  } else {
    const semicolon = rest.text.indexOf(';', at);
    path = rest.text.slice(at, semicolon < 0 ? undefined : semicolon);
    at = semicolon < 0 ? rest.text.length : semicolon;
  }
  const attributes: Record<string, string> = {};
  for (const match of rest.text.slice(at).matchAll(/;\s*([a-z]+)=("((?:[^"\\]|\\.)*)"|[^;]*)/gi)) {
    attributes[(match[1] ?? '').toLowerCase()] = match[3] !== undefined ? match[3].replace(/\\(.)/g, '$1') : (match[2] ?? '');
  }
  if (fromFile) {
    notes.push(`Field '${name}' takes its value from file ${path} (-F ${name}=<${path}), which is not read; it is imported as a file part.`);
  }
  // curl names the part by the file's own name unless told another.
  const filename = attributes.filename ?? (fromFile ? undefined : path.split(/[\\/]/).pop());
  return { kind: 'file', name, path, ...(filename !== undefined ? { filename } : {}), ...(attributes.type !== undefined ? { contentType: attributes.type } : {}) };
}

/** Headers curl or the HTTP client sets on its own, which a connector does not hold. */
export const TRANSPORT_HEADERS = ['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'te', 'upgrade', 'expect', 'proxy-connection', 'accept-encoding'];

/** The request one curl command sends. `source` names it in notes; `variables` are the script's assignments. */
export function curlRequest(args: CurlArguments, source: string, variables: ShellVariables): { ok: true; request: CapturedRequest } | CurlFailure {
  const notes: ImportNote[] = [];
  const noted: string[] = [...args.noted];
  const note = (kind: ImportNote['kind'], reason: string, item?: string): void => void notes.push({ kind, where: source, ...(item ? { item } : {}), reason });
  const secrets: string[] = [];
  const urlWords = [...args.options.filter((o) => o.name === 'url').map((o) => o.value as ShellWord), ...args.urls];
  if (urlWords.length === 0) return { ok: false, message: 'the curl command names no URL', offset: 0 };
  if (urlWords.length > 1) return { ok: false, message: `the curl command names ${urlWords.length} URLs; give one request per curl command`, offset: urlWords[1]?.offset ?? 0 };
  const urlText = marked(urlWords[0] as ShellWord, variables);
  if ('ok' in urlText) return urlText;
  const has = (name: string): boolean => args.options.some((o) => o.name === name);
  if (!has('globoff') && /[[\]{}]/.test(urlText.text.replace(/\uE000\d+\uE001/g, ''))) {
    noted.push('The URL holds [ ] or { }, which curl without --globoff expands into several requests; it is taken as written, one request.');
  }
  const url = splitUrl(urlText, { dotSegments: has('path-as-is') ? 'keep' : 'remove' });
  if (url.schemeAssumed) note('changed', `The URL names no scheme; curl assumes http://, and so does the import (${url.origin}).`);
  if (url.fragment !== undefined) note('changed', `The URL's fragment (#${url.fragment}) is never sent; it is left out.`);
  let auth: CapturedAuth | undefined;
  if (url.userinfo !== undefined) {
    const colon = url.userinfo.indexOf(':');
    const password = colon < 0 ? undefined : decodeURIComponent(url.userinfo.slice(colon + 1));
    if (password) secrets.push(password);
    auth = { kind: 'basic', username: decodeURIComponent(colon < 0 ? url.userinfo : url.userinfo.slice(0, colon)), ...(password !== undefined ? { password } : {}) };
  }
  const value = (option: GivenOption): MarkedText | CurlFailure => marked(option.value as ShellWord, variables);
  const headers: CapturedRequest['headers'] = [];
  const removed = new Set<string>();
  const addHeader = (name: string, text: MarkedText): void => {
    const hole = text.holesIn().length === 1 ? text.holesIn()[0] : undefined;
    headers.push({ name, value: text.shown((h) => `\${${h.name}}`).trim(), ...(hole ? { hole } : {}) });
  };
  const cookies: MarkedText[] = [];
  const data: DataPiece[] = [];
  const form: CapturedPart[] = [];
  let json = false;
  let upload: string | undefined;
  let method: string | undefined;
  for (const option of args.options) {
    if (!option.value) continue;
    const v = value(option);
    if ('ok' in v) return v;
    switch (option.name) {
      case 'request': {
        if (v.hasHoles) return { ok: false, message: `${option.written} takes the method from a variable; write the method out`, offset: option.value.offset };
        method = v.text;
        break;
      }
      case 'header':
      case 'user-agent':
      case 'referer': {
        if (option.name !== 'header') {
          addHeader(option.name === 'user-agent' ? 'User-Agent' : 'Referer', v);
          break;
        }
        if (v.text.startsWith('@')) {
          noted.push(`${option.written} ${v.text} reads headers from a file, which is not read; add them to the operation's headers.`);
          break;
        }
        const colon = v.text.indexOf(':');
        const semicolon = v.text.indexOf(';');
        if (colon < 0 && semicolon > 0 && v.text.slice(semicolon + 1).trim() === '') {
          headers.push({ name: v.text.slice(0, semicolon).trim(), value: '' });
        } else if (colon <= 0) {
          noted.push(`${option.written} ${JSON.stringify(v.text)} is not a header (Name: value); curl ignores it, and so does the import.`);
        } else {
          const name = v.text.slice(0, colon);
          const rest = v.slice(colon + 1);
          if (rest.text.trim() === '') removed.add(name.trim().toLowerCase());
          else addHeader(name, rest);
        }
        break;
      }
      case 'data':
      case 'data-ascii':
      case 'data-binary':
      case 'json':
      case 'data-raw':
      case 'data-urlencode': {
        if (option.name === 'json') json = true;
        if (option.name === 'data-urlencode') data.push(urlencoded(v, noted, option.written));
        else if (option.name !== 'data-raw' && v.text.startsWith('@')) {
          const path = v.text.slice(1);
          if (path === '-' || path === '') noted.push(`${option.written} @- reads the body from standard input, which an import does not have; the operation sends no body from it.`);
          else data.push({ kind: 'file', path, written: option.written });
        } else data.push({ kind: 'text', text: v });
        break;
      }
      case 'form':
      case 'form-string': {
        const part = formPart(v, option.name === 'form-string', noted);
        if (part) form.push(part);
        break;
      }
      case 'user': {
        const colon = v.text.indexOf(':');
        const username = (colon < 0 ? v : v.slice(0, colon)).shown((h) => `\${${h.name}}`);
        if (colon < 0) {
          noted.push(`-u ${username} gives no password (curl would ask for it); the connector signs in with basic, and the password is a secret you set.`);
          auth = { kind: 'basic', username };
          break;
        }
        const password = v.slice(colon + 1);
        const hole = password.soleHole();
        if (!hole) secrets.push(password.text);
        auth = { kind: 'basic', username, ...(hole ? { passwordHole: hole } : { password: password.text }) };
        break;
      }
      case 'cookie': {
        if (v.text.includes('=') || v.hasHoles) cookies.push(v);
        else noted.push(`${option.written} ${v.text} names a cookie file, which is not read; its cookies are not part of the operation.`);
        break;
      }
      case 'oauth2-bearer': {
        const hole = v.soleHole();
        if (!hole) secrets.push(v.text);
        auth = { kind: 'bearer', ...(hole ? { tokenHole: hole } : { token: v.text }) };
        break;
      }
      case 'upload-file': {
        if (v.text === '-' || v.text === '.') noted.push(`-T ${v.text} uploads standard input, which an import does not have.`);
        else upload = v.text;
        break;
      }
      case 'url-query':
        url.query.push(...queryOf(v.text.startsWith('+') ? v.slice(1) : (urlencoded(v, noted, option.written) as { text: MarkedText }).text));
        break;
      default:
        break;
    }
  }
  if (cookies.length > 0) {
    // A Cookie header given with -H replaces curl's own, which --cookie would fill.
    if (headers.some((h) => h.name.toLowerCase() === 'cookie')) noted.push('--cookie is not sent: the command gives a Cookie header of its own, which replaces it (as curl does).');
    else addHeader('Cookie', MarkedText.of(cookies.flatMap((c) => c.pieces()).flatMap((piece, i) => (i > 0 ? [{ text: '; ' }, piece] : [piece]))));
  }
  for (const unsupported of ['digest', 'ntlm', 'negotiate', 'anyauth', 'aws-sigv4'] as const) {
    if (has(unsupported)) auth = { kind: 'unsupported', scheme: unsupported === 'aws-sigv4' ? 'AWS Signature Version 4' : unsupported === 'anyauth' ? 'whichever scheme the server offers (--anyauth)' : unsupported === 'ntlm' ? 'NTLM' : unsupported === 'negotiate' ? 'Negotiate (Kerberos)' : 'Digest' };
  }
  if (has('netrc') || has('netrc-optional')) noted.push('--netrc takes credentials from ~/.netrc, which is not read; set the connector\'s authorization yourself.');
  if (has('insecure')) noted.push("curl skipped certificate checks (-k); the tool checks them: for a service with its own certificate authority set NODE_EXTRA_CA_CERTS, --cacert or an environment's caFile.");
  const getData = has('get');
  let body: CapturedBody | undefined;
  const textPieces = data.filter((d): d is Extract<DataPiece, { kind: 'text' }> => d.kind === 'text');
  const files = data.filter((d): d is Extract<DataPiece, { kind: 'file' }> => d.kind === 'file');
  const joined = MarkedText.of(textPieces.flatMap((d, i) => [...(i > 0 && !json ? [{ text: '&' }] : []), ...d.text.pieces()]));
  if (getData) {
    if (files.length > 0) noted.push(`-G puts the data into the URL; data from file ${files[0]?.path ?? ''} is not read, and left out.`);
    url.query.push(...queryOf(joined));
  } else if (form.length > 0) {
    if (data.length > 0) noted.push('The command gives both form parts (-F) and data (-d), which curl refuses; the form is imported and the data left out.');
    body = { kind: 'multipart', parts: form };
  } else if (files.length > 0) {
    if (files.length > 1 || textPieces.length > 0) noted.push(`The body is file ${files[0]?.path ?? ''}; the other data pieces are left out (a body is one file or text).`);
    const file = files[0] as Extract<DataPiece, { kind: 'file' }>;
    if (file.written === '-d' || file.written === '--data' || file.written === '--data-ascii') noted.push(`${file.written} @${file.path} sends the file without its line breaks; the operation sends the file as it is (as --data-binary does).`);
    body = { kind: 'file', path: file.path };
  } else if (textPieces.length > 0) {
    const holes: Record<string, Hole> = {};
    for (const hole of joined.holesIn()) holes[`\${${hole.name}}`] = hole;
    body = { kind: 'text', text: joined.shown((h) => `\${${h.name}}`), ...(Object.keys(holes).length > 0 ? { holes } : {}) };
  } else if (upload !== undefined) {
    body = { kind: 'file', path: upload };
  }
  const explicit = (name: string): boolean => headers.some((h) => h.name.toLowerCase() === name) || removed.has(name);
  if (body && body.kind !== 'file' && !explicit('content-type')) {
    if (body.kind === 'multipart') headers.push({ name: 'Content-Type', value: 'multipart/form-data' });
    else if (!json && body.kind === 'text' && /^\s*[[{]/.test(body.text) && parseExact(body.text).ok) {
      // curl labels -d data as a form unless told otherwise; JSON data was meant as JSON.
      headers.push({ name: 'Content-Type', value: 'application/json' });
      noted.push("The data is JSON, which curl sends as application/x-www-form-urlencoded (its default for -d) since the command names no Content-Type; the operation sends it as application/json.");
    } else headers.push({ name: 'Content-Type', value: json ? 'application/json' : 'application/x-www-form-urlencoded' });
  }
  if (body?.kind === 'file' && data.length > 0 && !explicit('content-type')) headers.push({ name: 'Content-Type', value: json ? 'application/json' : 'application/x-www-form-urlencoded' });
  if (json && !explicit('accept')) headers.push({ name: 'Accept', value: 'application/json' });
  const kept = headers.filter((h) => !removed.has(h.name.trim().toLowerCase()) || h.value !== '');
  const defaultMethod = has('head') ? 'HEAD' : getData ? 'GET' : body && upload === undefined ? 'POST' : upload !== undefined ? 'PUT' : 'GET';
  for (const text of noted) note('left-out', text);
  return {
    ok: true,
    request: {
      source,
      method: method ?? defaultMethod,
      origin: url.origin,
      path: url.path,
      matrix: url.matrix,
      query: url.query,
      headers: kept,
      ...(body ? { body } : {}),
      ...(auth ? { auth } : {}),
      notes,
      secrets,
    },
  };
}
