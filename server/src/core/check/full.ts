// A full check of one version: syntax, repeated keys, the schema and every rule. It sorts what it found by unit, so
// that the next version, when an edit stays inside one unit or setting, is checked in part (check/incremental.ts).
import { duplicateKeyFindings } from '../duplicateKeys';
import type { Finding } from '../findings';
import { validateSchema } from '../schema/validate';
import { runRules } from './engine';
import { atLevels, stateOf, walkOptionsOf, type Checker, type LintState, type Version } from './state';
import { spanIndexOf, unitsOf } from './units';

/** The three lists as one: most are empty, and a spread makes an iterator per list while the code is unoptimized. */
function joined(a: readonly Finding[], b: readonly Finding[], c: readonly Finding[]): readonly Finding[] {
  if (b.length === 0 && c.length === 0) return a;
  if (a.length === 0 && c.length === 0) return b;
  if (a.length === 0 && b.length === 0) return c;
  return a.concat(b, c);
}

/** Checks a version in full and keeps, per unit, what the next version may reuse. */
export function checkFully(version: Version, checker: Checker): LintState {
  const { parsed, connector } = version;
  const { set } = checker;
  const fileFindings = atLevels(joined(parsed.syntaxFindings, duplicateKeyFindings(parsed.text, parsed.root), validateSchema(parsed)), set.overrides);
  const said = connector ? runRules(connector, version, set, walkOptionsOf(checker, version)) : undefined;
  // The schema read the whole file's plain values: the check kept for the next version need not hold them (a last
  // version's check is let go of whole, as the command line's are).
  if (!checker.options.lastVersion) parsed.tree?.forgetContainerValues();
  const units = said && !checker.options.lastVersion && parsed.syntaxFindings.length === 0 && said.failures.length === 0 ? unitsOf({ parsed, connector }) : undefined;
  if (!said || !units) {
    const rest = said ? fileFindings.concat(said.units.flat(), said.models, said.everyCheck, said.failures) : fileFindings;
    return stateOf(version, { models: [], rest }, checker, 'fully');
  }
  // Each unit keeps what its rules said and the file's own findings inside it; the rest is asked again every time.
  const { spans } = units;
  const perUnit = spans.map((_, i) => [...(said.units[i] ?? [])]);
  const outside = [];
  for (const finding of fileFindings) {
    const unit = perUnit[spanIndexOf(spans, finding.offset)];
    if (unit) unit.push(finding);
    else outside.push(finding);
  }
  return stateOf(version, { units: { spans, findings: perUnit }, models: said.models, rest: [...outside, ...said.everyCheck] }, checker, 'fully');
}
