import { ACTING_CHARACTERS } from '../visibleText';
import { encodeComponent } from '../http/url';
import { redactRequest, redactText } from '../http/redact';
import { secretVariable } from './secretVariable';
import { clientCertificateFor, routeOf, type NetworkSettings } from '../http/network';
import type { BuiltRequest } from '../http/types';

/** Characters a quoted word writes as escapes: every control character, and what would act on a terminal. */
const TEXT_ESCAPED = new RegExp(`[\\x00-\\x1f]|${ACTING_CHARACTERS.source}`);
/** In a header: every control character, and U+0080 to U+00FF as the single bytes the tool sends. */
// eslint-disable-next-line no-control-regex
const LATIN1_ESCAPED = /[\x00-\x1f\x7f-\xff]/;

/**
 * Quotes a word for a POSIX shell. Text with control characters (a body's line breaks) uses bash's $'...' so
 * no raw CR or LF ever stands in the command, nor anything that would act on the terminal it is shown in (C1,
 * bidirectional controls: written as their UTF-8 bytes). With `latin1`, characters U+0080 to U+00FF are written
 * as the single bytes the tool sends in a header (\xE9 for é), not as the UTF-8 a terminal would pass.
 */
export function shellQuote(text: string, latin1 = false): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  const escaped = latin1 ? LATIN1_ESCAPED : TEXT_ESCAPED;
  if (!escaped.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  return `$'${text.replace(new RegExp(`[\\\\']|${escaped.source}`, 'g'), (c) => {
    if (c === '\\' || c === "'") return `\\${c}`;
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const bytes = latin1 ? [c.charCodeAt(0)] : [...Buffer.from(c, 'utf8')];
    return bytes.map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
  })}'`;
}

/** A quoted literal followed by an environment reference: `'Bearer '"$CONNECTOR_SECRET_X"`. */
function withSecret(literal: string, variable: string): string {
  return `${literal === '' ? '' : shellQuote(literal)}"$${variable}"`;
}

/** Quotes text for inside a curl -F value (`"..."` with backslash escapes). */
function formQuoted(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** The variable a copied OAuth2 command keeps its token in. */
export const TOKEN_VARIABLE = 'CONNECTOR_TOKEN';

/** The variables a copied command reads a proxy's credentials from (`USER:PASSWORD`; a whole Proxy-Authorization value), never written in it. */
export const PROXY_USER_VARIABLE = 'CONNECTOR_PROXY_USER';
export const PROXY_AUTHORIZATION_VARIABLE = 'CONNECTOR_PROXY_AUTHORIZATION';

/** curl's --cert reads `FILE:PASSWORD`: a colon or a backslash in the file's name is written escaped. */
function certificateFileWord(path: string): string {
  return shellQuote(path.replace(/[\\:]/g, (c) => `\\${c}`));
}

/**
 * What curl needs to travel to `url` as the tool does under `network`: the proxy (its credentials as a variable),
 * or straight past one the environment sets; the one authority file the user named; the client certificate shown
 * at that origin (its passphrase as its secret's variable); certificate checks off only where the user turned them
 * off. Nothing for a plain network. Several authority files are not written: curl takes one (it replaces its own
 * list with it), and which one a server needs cannot be known here.
 */
function networkWords(network: NetworkSettings | undefined, url: string): string[] {
  if (network === undefined || !URL.canParse(url)) return [];
  const route = routeOf(network, url);
  const words: string[] = [];
  const https = url.startsWith('https:');
  const caFile = network.caFiles?.length === 1 ? network.caFiles[0] : undefined;
  if (route.proxy !== undefined) {
    // The tool tunnels every hop through the proxy (CONNECT), an http: address too.
    words.push('--proxy', shellQuote(route.proxy), ...(https ? [] : ['--proxytunnel']));
    if (network.proxy?.authorization !== undefined) words.push('--proxy-header', withSecret('Proxy-Authorization: ', PROXY_AUTHORIZATION_VARIABLE));
    else if (route.proxyCredentials) words.push('--proxy-user', `"$${PROXY_USER_VARIABLE}"`);
    if (route.proxy.startsWith('https:')) {
      if (caFile !== undefined) words.push('--proxy-cacert', shellQuote(caFile));
      if (!network.strictSsl) words.push('--proxy-insecure');
    }
  } else if (network.proxy !== undefined) {
    // The tool goes direct here (the host is in the no-proxy list); curl would otherwise take a proxy variable.
    words.push('--noproxy', shellQuote('*'));
  }
  if (!https) return words;
  if (caFile !== undefined) words.push('--cacert', shellQuote(caFile));
  if (!network.strictSsl) words.push('--insecure');
  const certificate = clientCertificateFor(network, route.origin, route.origin);
  const files = certificate?.files;
  if (files && 'pfx' in files) words.push('--cert-type', 'P12', '--cert', certificateFileWord(files.pfx));
  else if (files) words.push('--cert', certificateFileWord(files.cert), ...(files.key !== undefined ? ['--key', shellQuote(files.key)] : []));
  if (files && certificate?.passphraseSecret !== undefined) words.push('--pass', withSecret('', secretVariable(certificate.passphraseSecret)));
  return words;
}

/**
 * The token request of an OAuth2 connector (client credentials or password) as a curl command that prints the
 * access token (read with sed, no other tool needed): each secret as its CONNECTOR_SECRET_ variable, never its value.
 */
function tokenCommand(placement: Extract<NonNullable<BuiltRequest['secretPlacement']>, { kind: 'oauth2' }>, network: NetworkSettings | undefined): string {
  const form = placement.password ? ['grant_type=password', `username=${encodeComponent(placement.password.username)}`] : ['grant_type=client_credentials'];
  if (placement.scope?.trim()) form.push(`scope=${encodeComponent(placement.scope.trim())}`);
  const words = ['curl', '--globoff', '-sS', ...networkWords(network, placement.tokenUrl), '-X', 'POST', shellQuote(placement.tokenUrl), '-H', shellQuote('Content-Type: application/x-www-form-urlencoded'), '-H', shellQuote('Accept: application/json'), '-H', shellQuote('User-Agent:')];
  const secretFields: string[] = placement.password ? ['--data-urlencode', withSecret('password=', secretVariable(placement.password.secretName))] : [];
  if (placement.secretName === undefined || placement.clientAuthentication === 'body') {
    form.push(`client_id=${encodeComponent(placement.clientId)}`);
    if (placement.secretName !== undefined) secretFields.push('--data-urlencode', withSecret('client_secret=', secretVariable(placement.secretName)));
    words.push('--data-raw', shellQuote(form.join('&')), ...secretFields);
  } else {
    // curl -u sends the id and the secret as they are; the tool form-encodes them first (RFC 6749), the same bytes for ordinary ids and secrets.
    words.push('-u', withSecret(`${encodeComponent(placement.clientId)}:`, secretVariable(placement.secretName)), '--data-raw', shellQuote(form.join('&')), ...secretFields);
  }
  return `${words.join(' ')} | sed -n 's/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p'`;
}

/** How the copied command gets its token: fetched first, or (a browser sign-in, which curl cannot make) from the variable the user sets. */
function tokenStep(placement: Extract<NonNullable<BuiltRequest['secretPlacement']>, { kind: 'oauth2' }>, network: NetworkSettings | undefined): string {
  if (placement.flow === 'authorizationCode') return `: "\${${TOKEN_VARIABLE}:?set ${TOKEN_VARIABLE} to an access token: this connector signs in in a browser}"`;
  return `${TOKEN_VARIABLE}=$(${tokenCommand(placement, network)})`;
}

/**
 * The request as a curl command that does what the tool does and nothing more: --globoff so brackets stay
 * literal, --data-raw and --form-string so an `@` is text, curl's own Accept and User-Agent removed, and each
 * secret as a reference to its CONNECTOR_SECRET_ variable, never its value. Files are read from where the
 * file step found them. With the network it is sent through, each hop (the token request too) names the same proxy,
 * authority and client certificate, credentials as variables.
 */
export function curlCommand(request: BuiltRequest, network?: NetworkSettings): string {
  const placement = request.secretPlacement;
  const variable = placement?.kind === 'oauth2' ? TOKEN_VARIABLE : placement && placement.kind !== 'tokenForm' ? secretVariable(placement.secretName) : '';
  let urlWord = shellQuote(redactRequest(request).url);
  if (placement?.kind === 'query') {
    // The key was appended last: the command appends the variable's value in its place (as is: keep it URL-safe).
    const name = `${encodeComponent(placement.parameter)}=`;
    const secretPart = request.secrets.map((s) => `${name}${encodeComponent(s)}`).find((p) => request.url.endsWith(p));
    if (secretPart) urlWord = withSecret(`${request.url.slice(0, request.url.length - secretPart.length)}${name}`, variable);
  }
  const words = ['curl', '--globoff', ...networkWords(network, request.url), '-X', request.method, urlWord];
  const body = request.body;
  // curl measures a body itself (with its own multipart boundary); without a body the tool's Content-Length: 0 is kept.
  const skipped = new Set(body ? ['content-length', ...(body.kind === 'multipart' ? ['content-type'] : [])] : []);
  if (placement?.kind === 'header' || placement?.kind === 'basic' || placement?.kind === 'oauth2') skipped.add((placement.kind === 'header' ? placement.header : 'authorization').toLowerCase());
  const r = (text: string): string => redactText(text, request);
  for (const [name, value] of request.headers) {
    // curl reads 'Name:' as "remove the header"; 'Name;' sends it empty, as the tool does.
    if (!skipped.has(name.toLowerCase())) words.push('-H', shellQuote(value === '' ? `${name};` : `${name}: ${r(value)}`, true));
  }
  if (placement?.kind === 'header') words.push('-H', withSecret(`${placement.header}: ${placement.prefix}`, variable));
  if (placement?.kind === 'basic') words.push('-u', withSecret(`${placement.username}:`, variable));
  if (placement?.kind === 'oauth2') words.push('-H', withSecret('Authorization: Bearer ', variable));
  const has = (name: string): boolean => request.headers.some(([n]) => n.toLowerCase() === name);
  // curl adds these on its own; the tool does not send them.
  if (!has('accept')) words.push('-H', shellQuote('Accept:'));
  if (!has('user-agent')) words.push('-H', shellQuote('User-Agent:'));
  if (body?.kind === 'text') {
    if (!has('content-type')) words.push('-H', shellQuote('Content-Type:'));
    words.push('--data-raw', shellQuote(r(body.text)));
  } else if (body?.kind === 'file') {
    if (!has('content-type')) words.push('-H', shellQuote('Content-Type:'));
    words.push('--data-binary', `@${shellQuote(body.file.path)}`);
  } else if (body?.kind === 'multipart') {
    for (const part of body.parts) {
      if (part.kind === 'field') words.push('--form-string', shellQuote(`${part.name}=${r(part.value)}`));
      else words.push('-F', shellQuote(`${part.name}=@${formQuoted(part.file.path)};filename=${formQuoted(part.filename)};type=${part.contentType}`));
    }
  }
  // OAuth2: fetch the token first, then send with it.
  return placement?.kind === 'oauth2' ? `${tokenStep(placement, network)} && ${words.join(' ')}` : words.join(' ');
}
