import { stringifyExact, type ConnectorResult } from '../../core';

/** A result as people read it: status and time, errors and warnings, then data and the selected extras. */
export function prettyResult(result: ConnectorResult): string {
  const lines = [`Status: ${result.status === 0 ? 'no response' : result.status}   Time: ${result.timing.totalMs.toFixed(0)} ms${result.pages !== undefined ? `   Pages: ${result.pages}` : ''}${result.truncated ? '   (cut at the size limit)' : ''}`];
  for (const r of result.redirects ?? []) lines.push(`Redirect: ${r.status} ${r.from} → ${r.to}${r.credentialsWithheld ? ' (credentials not sent)' : ''}`);
  for (const error of result.errors) lines.push(`Error: ${error}`);
  for (const warning of result.warnings) lines.push(`Warning: ${warning}`);
  if (result.entityDescriptor) lines.push('Entity descriptor:', stringifyExact(result.entityDescriptor, 2));
  if (result.headers) lines.push('Headers:', ...Object.entries(result.headers).map(([n, v]) => `  ${n}: ${v}`));
  if (result.data !== undefined) lines.push('Data:', typeof result.data === 'string' ? result.data : stringifyExact(result.data, 2));
  return `${lines.join('\n')}\n`;
}
