import type { RestConnector, RestOperation } from '../model';

/** A preview of the request line an operation builds, with placeholders for the values: `GET https://h/pets/{petId};lang={lang}?tags={tags}`. */
export function requestLinePreview(connector: RestConnector, operation: RestOperation): string {
  const base = (connector.baseUrl?.value ?? '').replace(/\/+$/, '');
  const path = operation.path?.value ?? '';
  const matrix = operation.parameters.filter((p) => p.location?.value === 'matrix' && p.name).map((p) => `;${p.name?.value}={${p.name?.value}}`).join('');
  const query = operation.parameters
    .filter((p) => p.location?.value === 'query' && p.name)
    .map((p) => (p.emptyValue ? `${p.name?.value}` : p.type?.value === 'array' && p.separation?.value === 'multi' ? `${p.name?.value}={1}&${p.name?.value}={2}` : `${p.name?.value}={${p.name?.value}}`));
  const apiKey = connector.authorization?.scheme?.value === 'apiKey' && connector.authorization.in?.value === 'query' ? [`${connector.authorization.name?.value ?? 'key'}=•••`] : [];
  const all = [...query, ...apiKey];
  return `${operation.method?.value ?? '?'} ${base}${path.startsWith('/') || path === '' ? '' : '/'}${path}${matrix}${all.length ? `?${all.join('&')}` : ''}`;
}
