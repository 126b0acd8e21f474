import { PROJECT_CONFIG_FILE, type RuleInfo } from '../core';

/** The JSON Schema of the project file, for completion and hover in any JSON editor; generated from the catalog. */
export function renderProjectConfigSchema(catalog: readonly RuleInfo[]): string {
  const level = { $ref: '#/definitions/level' };
  const globs = (description: string): object => ({ type: 'array', description, items: { type: 'string', minLength: 1 } });
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `Connector Tools project settings (${PROJECT_CONFIG_FILE})`,
    description: 'Read by `connector lint` and by the editor: the nearest file in a connector file\'s folder or above, up to the project root, applies. Globs are relative to this file\'s folder.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      rules: { $ref: '#/definitions/rules', description: 'Rule id → level for every connector file this project file governs.' },
      ignore: globs('Connector files that are not checked, e.g. ["generated/**"]. A glob without a slash matches at any depth.'),
      overrides: {
        type: 'array',
        description: 'Rule levels for some files; later entries win over earlier ones and over "rules".',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['files'],
          properties: { files: globs('The files this override applies to, e.g. ["legacy/**"].'), rules: { $ref: '#/definitions/rules' } },
        },
      },
    },
    definitions: {
      level: { enum: ['off', 'info', 'warning', 'error'], description: 'off turns the rule off; info, warning or error sets how its problems are shown.' },
      rules: {
        type: 'object',
        // Each rule a property: completion offers the ids with what they catch; another name is "not allowed".
        properties: Object.fromEntries(catalog.map((rule) => [rule.id, { ...level, description: `${rule.docs.summary} (default: ${rule.defaultSeverity})` }])),
        additionalProperties: false,
      },
    },
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
