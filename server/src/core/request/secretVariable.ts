/** The environment variable that holds a secret on the command line: CONNECTOR_SECRET_ and the name upper-cased, other characters as _. */
export function secretVariable(name: string): string {
  return `CONNECTOR_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}
