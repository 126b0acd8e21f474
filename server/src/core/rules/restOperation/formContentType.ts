import type { OperationFacts } from '../operationFacts';
import { FORM_URLENCODED, MULTIPART_FORM } from '../../vocabulary';

/** The Content-Types a form operation may use, the first being the one to suggest. */
export function allowedFormContentTypes(facts: OperationFacts): string[] {
  if (facts.hasBinaryForm) return [MULTIPART_FORM];
  if (facts.operation.method?.value === 'GET') return [FORM_URLENCODED];
  return [FORM_URLENCODED, MULTIPART_FORM];
}
