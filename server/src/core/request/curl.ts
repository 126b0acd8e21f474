import { redactRequest } from './redact';
import type { BuiltRequest } from './types';

/** Quotes a word for a POSIX shell. */
function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The request as a curl command line, secrets redacted. */
export function curlCommand(request: BuiltRequest): string {
  const shown = redactRequest(request);
  const parts = ['curl', '-X', shown.method, shellQuote(shown.url)];
  const multipart = shown.body?.kind === 'multipart';
  for (const [name, value] of shown.headers) {
    if (multipart && name.toLowerCase() === 'content-type') continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  const body = shown.body;
  if (body?.kind === 'text') parts.push('--data-raw', shellQuote(body.text));
  else if (body?.kind === 'file') parts.push('--data-binary', shellQuote(`@${body.path}`));
  else if (body?.kind === 'multipart') {
    for (const part of body.parts) {
      parts.push('-F', shellQuote(part.kind === 'field' ? `${part.name}=${part.value}` : `${part.name}=@${part.path};filename=${part.filename}`));
    }
  }
  return parts.join(' ');
}

/** The request as text for a preview: request line, headers, then the body or its parts. */
export function describeRequest(request: BuiltRequest): string {
  const shown = redactRequest(request);
  const lines = [`${shown.method} ${shown.url}`, ...shown.headers.map(([n, v]) => `${n}: ${v}`)];
  const body = shown.body;
  if (body?.kind === 'text') lines.push('', body.text);
  else if (body?.kind === 'file') lines.push('', `<contents of ${body.path}>`);
  else if (body?.kind === 'multipart') {
    lines.push('', ...body.parts.map((p) => (p.kind === 'field' ? `part ${p.name}: ${p.value}` : `part ${p.name}: file ${p.path} (filename ${p.filename})`)));
  }
  return lines.join('\n');
}
