/** The environment variable that holds a secret on the command line: CONNECTOR_SECRET_ and the name upper-cased, other characters as _. */
export function secretVariable(name: string): string {
  return `CONNECTOR_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** Secrets from an environment's CONNECTOR_SECRET_ variables: the command line's source, and any editor's but ours. */
export function environmentSecrets(env: Readonly<Record<string, string | undefined>>): (name: string) => string | undefined {
  return (name) => env[secretVariable(name)] || undefined;
}
