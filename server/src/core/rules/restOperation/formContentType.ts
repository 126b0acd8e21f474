import type { RestOperation } from '../../model';
import { FORM_URLENCODED, MULTIPART_FORM } from '../../vocabulary';
import { parametersIn } from '../restShared';

/** Whether any form parameter carries binary data (file or fileGallery). */
export function hasBinaryForm(operation: RestOperation): boolean {
  return parametersIn(operation, 'form').some((p) => p.type?.value === 'file' || p.type?.value === 'fileGallery');
}

/** The Content-Types a form operation may use, the first being the one to suggest. */
export function allowedFormContentTypes(operation: RestOperation): string[] {
  if (hasBinaryForm(operation)) return [MULTIPART_FORM];
  if (operation.method?.value === 'GET') return [FORM_URLENCODED];
  return [FORM_URLENCODED, MULTIPART_FORM];
}
