// A result crosses JSON channels (the language server protocol, the panel's messages and saved state, the history)
// with the service's data as text: JSON.stringify would write a number it read exactly as a double.
import { isJsonObject, stringifyExact, type ExactJson } from '../values/exactJson';
import { parseExact } from '../values/exactParse';
import type { ConnectorResult } from './types';

/** A result as it crosses a JSON channel: the data and the entity descriptor as JSON text, numbers with the service's digits. */
export interface PortableResult extends Omit<ConnectorResult, 'data' | 'entityDescriptor'> {
  dataJson?: string;
  entityDescriptorJson?: string;
}

/** A result ready for a JSON channel. */
export function portableResult(result: ConnectorResult): PortableResult {
  const { data, entityDescriptor, ...rest } = result;
  return {
    ...rest,
    ...(data !== undefined ? { dataJson: stringifyExact(data) } : {}),
    ...(entityDescriptor !== undefined ? { entityDescriptorJson: stringifyExact(entityDescriptor) } : {}),
  };
}

function exactOf(text: string | undefined): ExactJson | undefined {
  if (text === undefined) return undefined;
  const parsed = parseExact(text);
  return parsed.ok ? parsed.value : undefined;
}

/** The result a portable one carries; one kept by an older version (data as plain JSON) is taken as it is. */
export function resultOfPortable(portable: PortableResult): ConnectorResult {
  const { dataJson, entityDescriptorJson, ...rest } = portable as PortableResult & Pick<ConnectorResult, 'data' | 'entityDescriptor'>;
  const data = dataJson !== undefined ? exactOf(dataJson) : rest.data;
  const descriptor = entityDescriptorJson !== undefined ? exactOf(entityDescriptorJson) : rest.entityDescriptor;
  return {
    ...rest,
    ...(data !== undefined ? { data } : {}),
    ...(isJsonObject(descriptor) ? { entityDescriptor: descriptor } : {}),
  };
}

/** A whole result as indented JSON text, every number with the service's digits (`connector request --format json`, Save…). */
export function resultJsonText(result: ConnectorResult): string {
  // Every member of a result is JSON: status, messages, timing, redirects, headers, and the exact data.
  return stringifyExact(result as unknown as ExactJson, 2);
}
