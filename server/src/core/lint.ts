// Checking a connector file: syntax, repeated keys, the schema and the rules, then suppression comments; in full
// (check/full.ts), or, for the next version of a file while it is typed, in part where the edit allows it
// (check/incremental.ts).
import { RULE_FAILURE, ruleSetFor } from './check/engine';
import { checkNewVersion } from './check/incremental';
import type { Checker, LintOptions, LintResult, LintState } from './check/state';
import { RULE_IDS } from './ruleCatalog';
import { RULES } from './rules';
import type { Rule } from './rules/types';
import type { ChangedRegion } from './textChange';

export { RULE_FAILURE };
export type { LintOptions, LintResult, LintState };

/** What a check with these rules and options is made with: their rule set, made once and shared. */
function checkerFor(rules: readonly Rule[], options: LintOptions): Checker {
  const set = ruleSetFor(rules, options.overrides);
  return {
    set,
    options,
    key: `${set.key}|${options.metadata?.generation ?? ''}`,
    knownCodes: () => (rules === RULES ? RULE_IDS : [...RULE_IDS, ...rules.map((r) => r.id)]),
  };
}

/** Checks one connector file's text: syntax, schema and every enabled rule. Never throws. */
export function lintText(text: string, options: LintOptions = {}, rules: readonly Rule[] = RULES): LintResult {
  return lintFully(text, options, rules).result;
}

/** Checks text in full and remembers what the next version may reuse. */
export function lintFully(text: string, options: LintOptions = {}, rules: readonly Rule[] = RULES): LintState {
  return checkNewVersion(undefined, text, checkerFor(rules, options));
}

/**
 * Checks a new version of a file, reusing the previous version's findings for every operation the edit did
 * not touch, and for every rule that does not read the setting it touched; gives exactly what lintText gives.
 * `edit`: where the text changed since the previous version, when the editor said so (else the texts are compared).
 */
export function lintIncrementally(previous: LintState | undefined, text: string, options: LintOptions = {}, rules: readonly Rule[] = RULES, edit?: ChangedRegion): LintState {
  return checkNewVersion(previous, text, checkerFor(rules, options), edit);
}
