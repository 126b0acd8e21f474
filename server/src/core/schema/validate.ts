import type { Finding } from '../findings';
import type { ParsedDocument } from '../parse';
import { connectorValidator } from './compile';
import { mapSchemaErrors } from './mapErrors';

/** Validates a parsed document against schemas/connector.schema.json; one finding per mistake. */
export function validateSchema(parsed: ParsedDocument): Finding[] {
  const { root, tree } = parsed;
  if (!root || !tree) return [];
  if (root.type !== 'object') {
    return [{
      code: 'wrong-type',
      severity: 'error',
      message: 'A connector file holds one JSON object: { "kind": "rest" or "odata", "name": ..., "baseUrl": ..., ... }.',
      offset: root.offset,
      length: Math.min(root.length, 1),
    }];
  }
  // The tree holds the file's plain values already: the validator reads them, no copy is made.
  return validateValueOfDocument(parsed, tree.value(0));
}

/**
 * Validates `value` as the document's value (or a stand-in built from part of it) and maps the errors onto
 * the document's tree; `rewritePath` maps an error's instance path in the stand-in to its path in the document.
 */
export function validateValueOfDocument(parsed: ParsedDocument, value: unknown, rewritePath?: (path: string) => string): Finding[] {
  const { root, text } = parsed;
  if (!root) return [];
  const validate = connectorValidator();
  if (validate(value)) return [];
  const errors = rewritePath ? (validate.errors ?? []).map((e) => ({ ...e, instancePath: rewritePath(e.instancePath) })) : validate.errors ?? [];
  return mapSchemaErrors(errors, text, root, parsed.syntaxFindings.map((f) => f.offset));
}
