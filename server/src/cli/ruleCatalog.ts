import { RULES } from '../core/rules';
import { SCHEMA_CODES } from '../core/schema/codes';
import type { BuiltinCode, Rule } from '../core/rules/types';

/** What the CLI and the docs need to know about a code: a model rule or a code the engine emits itself. */
export type RuleInfo = Pick<Rule, 'id' | 'defaultSeverity' | 'docs'> & { appliesTo: Rule['appliesTo'] | BuiltinCode['appliesTo'] };

/** Codes that lintText emits itself; the schema's codes come from the schema module. */
const ENGINE_CODES: readonly BuiltinCode[] = [
  {
    id: 'syntax-error',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'The file is not valid JSON with comments: a missing comma, quote, colon, brace or bracket, a stray character, or an empty file.',
      why: 'A connector file is JSON with comments and trailing commas (format contract, "Files"); nothing else can be checked, and the platform cannot use the definition, until it parses.',
    },
  },
  {
    id: 'duplicate-key',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A key written twice in one object, e.g. `"method": "GET", "method": "POST"`, in a connector file or a values file. The finding is on the second and names the line of the first.',
      why: 'JSON keeps only one of two equal keys and drops the other without a word, so the file reads as one thing and sends another.',
      fix: 'Removes either of the two.',
    },
  },
  {
    id: 'rule-failure',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'A rule crashed on this file: an internal error of Connector Tools. The other rules still ran, but the results may be incomplete.',
      why: 'A faulty rule must not hide the findings of the others; this finding says so instead of failing silently. Please report it with the file.',
    },
  },
];

/** Builds the catalog: engine and schema codes first (schema entries win on a shared id), then the model rules. */
export function buildRuleCatalog(schemaCodes: readonly BuiltinCode[], rules: readonly Rule[]): RuleInfo[] {
  const schemaIds = new Set(schemaCodes.map((code) => code.id));
  const builtins = [...ENGINE_CODES.filter((code) => !schemaIds.has(code.id)), ...schemaCodes];
  const seen = new Set<string>();
  const catalog: RuleInfo[] = [];
  for (const entry of [...builtins, ...rules]) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    catalog.push({ id: entry.id, appliesTo: entry.appliesTo, defaultSeverity: entry.defaultSeverity, docs: entry.docs });
  }
  return catalog;
}

/** Every code a user can name in `--rule` and read about in docs/rules.md. */
// The schema's codes join as the first argument once core/schema exports SCHEMA_CODES.
export const RULE_CATALOG: readonly RuleInfo[] = buildRuleCatalog(SCHEMA_CODES, RULES);
