import { RULES } from './rules';
import { SCHEMA_CODES } from './schema/codes';
import { kindOfRule, type BuiltinCode, type Rule } from './rules/types';

/** What the CLI and the docs need to know about a code: a model rule or a code the engine emits itself. */
export type RuleInfo = Pick<Rule, 'id' | 'defaultSeverity' | 'docs'> & { appliesTo: ReturnType<typeof kindOfRule> | BuiltinCode['appliesTo'] };

/** Codes that lintText emits itself; the schema's codes come from the schema module. */
const ENGINE_CODES: readonly BuiltinCode[] = [
  {
    id: 'syntax-error',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'The file is not valid JSON with comments: a missing comma, quote, colon, brace or bracket, a stray character, or an empty file.',
      why: 'A connector file is JSON with comments and trailing commas allowed; until it parses, nothing else in it can be checked and the platform cannot use the definition.',
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
    id: 'unused-suppression',
    appliesTo: 'builtin',
    defaultSeverity: 'warning',
    docs: {
      summary: 'A `// connector-disable-next-line rule-id -- reason` comment names a rule that reports nothing on the next line.',
      why: 'A suppression that silences nothing hides nothing today but would hide a real problem added to that line later; removing it keeps suppressions honest.',
      fix: 'Removes the rule id from the comment, or the whole comment when it names only that rule.',
    },
  },
  {
    id: 'invalid-suppression',
    appliesTo: 'builtin',
    defaultSeverity: 'warning',
    docs: {
      summary: 'A suppression comment that names no rule, names an unknown rule, or gives no reason after ` -- `.',
      why: 'A suppression should say exactly what it silences and why, so the next reader can tell a deliberate exception from a forgotten one.',
      fix: 'Changes an unknown rule id to the closest known one.',
    },
  },
  {
    id: 'unknown-rule',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'The project file (connector-tools.json) names a rule id that does not exist.',
      why: 'A misspelt rule id changes nothing, so the rule keeps its default level while the file seems to say otherwise.',
      fix: 'Changes the id to the closest known one.',
    },
  },
  {
    id: 'invalid-config',
    appliesTo: 'builtin',
    defaultSeverity: 'error',
    docs: {
      summary: 'The project file (connector-tools.json) has a setting of the wrong shape: an unknown setting, a level other than off, info, warning or error, or globs that are not strings.',
      why: 'The command line and the editor both read the project file; a setting they cannot use is left out, and this finding says which.',
    },
  },
  {
    id: 'file-too-large',
    appliesTo: 'builtin',
    defaultSeverity: 'warning',
    docs: {
      summary: 'In the editor: a connector file larger than the `connectorTools.validation.maxFileSizeKb` setting is not checked while you type.',
      why: 'Checking a very large file on every keystroke would slow the editor down; `connector lint` still checks it in full.',
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
    const appliesTo = 'subject' in entry ? kindOfRule(entry) : entry.appliesTo;
    catalog.push({ id: entry.id, appliesTo, defaultSeverity: entry.defaultSeverity, docs: entry.docs });
  }
  return catalog;
}

/** Every code a user can name in `--rule` and read about in docs/rules.md. */
// The schema's codes join as the first argument once core/schema exports SCHEMA_CODES.
export const RULE_CATALOG: readonly RuleInfo[] = buildRuleCatalog(SCHEMA_CODES, RULES);

/** Every code a user can name, in settings, the project file, `--rule` and suppression comments. */
export const RULE_IDS: readonly string[] = RULE_CATALOG.map((rule) => rule.id);
