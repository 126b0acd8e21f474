import { isJsonObject, stringifyExact, type ConnectorResult, type ExactJson } from '../../core';

/** A batch's items, one section each: which request, its change set, its status, errors and data. */
function batchSections(items: NonNullable<ConnectorResult['batchItems']>, data: readonly ExactJson[]): string[] {
  return items.flatMap((item, i) => {
    const entry = data[i];
    const part = isJsonObject(entry) ? entry : {};
    const errors = Array.isArray(part.errors) ? part.errors : [];
    return [
      `--- Item ${i + 1}: ${item.request}${item.changeSet !== undefined ? ` (change set '${item.changeSet}')` : ''}   Status: ${part.status === 0 ? 'no response' : stringifyExact(part.status ?? null)}`,
      ...errors.map((e) => `Error: ${typeof e === 'string' ? e : stringifyExact(e)}`),
      ...(isJsonObject(part.headers) ? ['Headers:', ...Object.entries(part.headers).map(([n, v]) => `  ${n}: ${typeof v === 'string' ? v : stringifyExact(v)}`)] : []),
      ...(part.data !== undefined && part.data !== null ? ['Data:', typeof part.data === 'string' ? part.data : stringifyExact(part.data, 2)] : []),
    ];
  });
}

/** A result as people read it: status and time, errors and warnings, then data and the selected extras. */
export function prettyResult(result: ConnectorResult): string {
  const lines = [`Status: ${result.status === 0 ? 'no response' : result.status}   Time: ${result.timing.totalMs.toFixed(0)} ms${result.pages !== undefined ? `   Pages: ${result.pages}` : ''}${result.truncated ? '   (cut at the size limit)' : ''}`];
  for (const r of result.redirects ?? []) lines.push(`Redirect: ${r.status} ${r.from} → ${r.to}${r.credentialsWithheld ? ' (credentials not sent)' : ''}`);
  for (const error of result.errors) lines.push(`Error: ${error}`);
  for (const warning of result.warnings) lines.push(`Warning: ${warning}`);
  if (result.entityDescriptor) lines.push('Entity descriptor:', stringifyExact(result.entityDescriptor, 2));
  if (result.headers) lines.push('Headers:', ...Object.entries(result.headers).map(([n, v]) => `  ${n}: ${v}`));
  if (result.batchItems && Array.isArray(result.data)) lines.push(...batchSections(result.batchItems, result.data));
  else if (result.data !== undefined) lines.push('Data:', typeof result.data === 'string' ? result.data : stringifyExact(result.data, 2));
  return `${lines.join('\n')}\n`;
}
