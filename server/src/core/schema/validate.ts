import type { Finding } from '../findings';
import type { ParsedDocument } from '../parse';
import { jsonOf } from '../tree';
import { connectorValidator } from './compile';
import { mapSchemaErrors } from './mapErrors';

/** Validates a parsed document against schemas/connector.schema.json; one finding per mistake. */
export function validateSchema(parsed: ParsedDocument): Finding[] {
  const { root, text } = parsed;
  if (!root) return [];
  if (root.type !== 'object') {
    return [{
      code: 'wrong-type',
      severity: 'error',
      message: 'A connector file holds one JSON object: { "kind": "rest" or "odata", "name": ..., "baseUrl": ..., ... }.',
      offset: root.offset,
      length: Math.min(root.length, 1),
    }];
  }
  const validate = connectorValidator();
  if (validate(jsonOf(root))) return [];
  return mapSchemaErrors(validate.errors ?? [], text, root, parsed.syntaxFindings.map((f) => f.offset));
}
