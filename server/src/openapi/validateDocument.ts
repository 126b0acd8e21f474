// Checks a parsed document against the OpenAPI or Swagger specification with the OpenAPI parser's validator, in time
// that grows with the document: the validator looks for a repeated operationId by searching a list of those seen,
// which takes minutes at tens of thousands of operations, so the import finds repeats itself with a set.
import { validate } from '@readme/openapi-parser';
import type { JsonValue } from '../core';
import { errorMessage } from './documentText';

/** The methods whose operations the validator reads, per version, in its order. */
const OPENAPI_METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'trace'];
const SWAGGER_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

type Operations = { operationId?: unknown }[];

/** Every operation object of the document's paths, in the order the validator visits them. */
function operationsOf(document: Record<string, unknown>): Operations {
  const paths = document.paths;
  if (paths === null || typeof paths !== 'object' || Array.isArray(paths)) return [];
  const methods = document.swagger !== undefined ? SWAGGER_METHODS : OPENAPI_METHODS;
  const found: Operations = [];
  for (const [name, item] of Object.entries(paths)) {
    if (!name.startsWith('/') || item === null || typeof item !== 'object') continue;
    for (const method of methods) {
      const operation = (item as Record<string, unknown>)[method];
      if (operation !== null && typeof operation === 'object' && !Array.isArray(operation)) found.push(operation as { operationId?: unknown });
    }
  }
  return found;
}

/** What the specification check found: errors and warnings as one line each (empty when the document follows it). */
export async function specificationProblems(document: JsonValue): Promise<string[]> {
  // The validator changes what it checks ($refs replaced by their targets): it gets a copy, as JSON (faster to make
  // than a structured clone, and the document is JSON-shaped).
  const copy = document !== null && typeof document === 'object' ? JSON.parse(JSON.stringify(document)) as Record<string, unknown> : document;
  const problems: string[] = [];
  if (copy !== null && typeof copy === 'object' && !Array.isArray(copy)) {
    const seen = new Set<string>();
    for (const operation of operationsOf(copy)) {
      const id = operation.operationId;
      if (typeof id !== 'string' || id === '') continue;
      if (seen.has(id)) problems.push(`The operationId \`${id}\` is duplicated and must be made unique.`);
      seen.add(id);
      delete operation.operationId;
    }
  }
  try {
    const result = await validate(copy as Parameters<typeof validate>[0], { validate: { errors: { colorize: false } } });
    if (!result.valid) problems.push(...result.errors.map((e) => e.message.trim()));
    problems.push(...result.warnings.map((w) => w.message.trim()));
  } catch (error) {
    problems.push(errorMessage(error));
  }
  return problems;
}
