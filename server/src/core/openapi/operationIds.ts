import { globsMatcher } from '../importing/names';

/** An operation id made from the method and path when the document gives none: `get /pets/{petId}` → `getPetsPetId`. */
export function generatedId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  return `${method.toLowerCase()}${words.map((w) => `${w[0]?.toUpperCase() ?? ''}${w.slice(1)}`).join('')}` || method.toLowerCase();
}

/**
 * Whether an operation is chosen by `--operations`: comma-separated globs (`*` any run of characters, `?` one)
 * matched against the operation id or `METHOD /path`, case-sensitively for ids and paths.
 */
export function operationMatcher(globs: string | undefined): (id: string, method: string, path: string) => boolean {
  const matches = globsMatcher(globs);
  return (id, method, path) => matches(id) || matches(`${method.toUpperCase()} ${path}`);
}
