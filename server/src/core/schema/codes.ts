import type { BuiltinCode } from '../rules/types';

/** Codes the schema check emits, listed for docs, settings and `--rule`. */
export const SCHEMA_CODES: readonly BuiltinCode[] = [
  {
    id: 'missing-property',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A required property is missing, e.g. a connector without `baseUrl` or a parameter without `location`.',
      why: 'The format contract names the properties every connector, operation, parameter and Custom request needs; without them the platform cannot build a request.',
    },
  },
  {
    id: 'unknown-property',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A property the format does not know, usually a typo such as `requried`.',
      why: 'The platform ignores what it does not know, so a misspelt setting silently has no effect (format contract: property names are camelCase).',
      fix: 'Renames the property to the closest known name when there is one.',
    },
  },
  {
    id: 'property-not-for-kind',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A property of the other kind of connector, e.g. `connectorVersion` in a REST connector or `operations` in an OData connector.',
      why: 'REST connectors have operations, models and the Advanced setting; OData connectors have Custom requests and a connector version (format contract, "Top level").',
      fix: 'Removes the property.',
    },
  },
  {
    id: 'invalid-value',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A value outside its allowed set or range, including values written as the platform\'s UI shows them ("Query", "Csv", "FileGallery", "Only path").',
      why: 'Enumerated values are lower-case camelCase words in files (format contract, "Files"); the UI\'s spelling is not understood.',
      fix: 'Changes the value to its canonical spelling (e.g. "Query" → "query").',
    },
  },
  {
    id: 'wrong-type',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A value of the wrong JSON type, e.g. `"required": "true"` (a string) instead of `true`.',
      why: 'Each property has one JSON type in the format contract; a string "true" is not a boolean to the platform.',
      fix: 'Converts a quoted boolean or number to the real value.',
    },
  },
  {
    id: 'invalid-format',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A value that does not have the required form: a `baseUrl` that is not an absolute http(s) URL, a `connectorVersion` that is not x.y.z, a `pattern` that is not a regular expression or uses lookahead or back-references (patterns are matched in linear time).',
      why: 'Every request URL starts with `baseUrl`, and Custom request availability is decided by comparing `connectorVersion` (format contract, "Top level").',
    },
  },
];
