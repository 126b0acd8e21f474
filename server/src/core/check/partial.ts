// Checks in part: after an edit inside one unit, that unit alone (the others' findings moved); after an edit inside
// one setting, the rules that read it over every unit (the others' findings kept). Each gives what a full check would
// find, or nothing when it cannot be sure of it; check/incremental.ts decides which to try.
import { duplicateKeysInTree } from '../duplicateKeys';
import type { Finding, Span } from '../findings';
import type { Connector } from '../model';
import { JSON_OBJECT, type JsonTree } from '../parse/jsonTree';
import { validateValueOfDocument } from '../schema/validate';
import { runRules } from './engine';
import { atLevels, walkOptionsOf, type Checker, type Found, type ReusableState, type UnitFindings, type Version } from './state';
import type { ChangedRegion } from '../textChange';
import { findingMover, movedFindings, spanIndexOf, unitsOf } from './units';

type Units = NonNullable<ReturnType<typeof unitsOf>>;

/** The connector's value with only unit `unit` in its units array: what the schema checks again. */
function valueWithOneUnit(tree: JsonTree, unitsKey: string, unit: number): Record<string, unknown> | undefined {
  const value = Object.create(JSON_OBJECT) as Record<string, unknown>;
  let unitsProperties = 0;
  for (const property of tree.children(0)) {
    const key = tree.key(property);
    const valueNode = tree.propertyValue(property);
    if (typeof key !== 'string' || valueNode < 0) continue;
    if (key === unitsKey) {
      unitsProperties++;
      value[key] = [tree.value(unit)];
    } else {
      value[key] = tree.value(valueNode);
    }
  }
  return unitsProperties === 1 ? value : undefined;
}

/** The new version's units and tree when each unit lies where the edit put it (`expected`: its span from the old one). */
function unitsWhereExpected(
  version: Version, kept: UnitFindings, expected: (before: Span, i: number) => Span,
): { connector: Connector; units: Units; tree: JsonTree } | undefined {
  const { parsed, connector } = version;
  const units = unitsOf({ parsed, connector });
  const { tree } = parsed;
  if (!connector || !units || !tree || units.nodes.length !== kept.spans.length) return undefined;
  for (let i = 0; i < units.spans.length; i++) {
    const want = expected(kept.spans[i] as Span, i);
    const now = units.spans[i] as Span;
    if (now.offset !== want.offset || now.length !== want.length) return undefined;
  }
  return { connector, units, tree };
}

/** Checks unit k again after an edit inside it; undefined when the result might differ from a full check. */
export function checkOneUnit(previous: ReusableState, version: Version, region: ChangedRegion, k: number, checker: Checker): Found | undefined {
  const kept = previous.units;
  const { oldEnd } = region;
  const delta = region.newEnd - region.oldEnd;
  const found = unitsWhereExpected(version, kept, (before, i) => ({
    offset: i > k ? before.offset + delta : before.offset, length: i === k ? before.length + delta : before.length,
  }));
  if (!found) return undefined;
  const { connector, units, tree } = found;
  const { spans } = units;
  const unitNode = units.nodes[k];
  const value = unitNode !== undefined && valueWithOneUnit(tree, units.key, unitNode);
  if (unitNode === undefined || !value) return undefined;
  const { parsed } = version;
  const standIn = `/${units.key}/0`;
  const real = `/${units.key}/${k}`;
  const schemaFindings = validateValueOfDocument(parsed, value, (path) =>
    path === standIn || path.startsWith(`${standIn}/`) ? real + path.slice(standIn.length) : path);
  const said = runRules(connector, version, checker.set, { onlyUnit: k, ...walkOptionsOf(checker, version) });
  if (said.failures.length > 0) return undefined;

  const changedSpan = spans[k] as Span;
  const inChanged = (f: Finding): boolean => f.offset >= changedSpan.offset && f.offset < changedSpan.offset + changedSpan.length;
  const ofChanged: Finding[] = [...(said.units[k] ?? [])];
  const outside: Finding[] = [];
  // Keys repeated inside the changed unit, and in the file's other parts (the units themselves kept theirs).
  const duplicates = [...duplicateKeysInTree(tree, unitNode), ...duplicateKeysInTree(tree, 0, units.array)];
  for (const f of atLevels([...duplicates, ...schemaFindings], checker.set.overrides)) {
    if (inChanged(f)) ofChanged.push(f);
    else if (spanIndexOf(spans, f.offset) >= 0) return undefined; // about another unit: cannot be
    else outside.push(f);
  }
  const moved = findingMover(delta, oldEnd, version.text.length);
  const perUnit = kept.findings.map((findings, i) => (i === k ? ofChanged : movedFindings(findings, moved)));
  const models = movedFindings(previous.modelFindings, moved);
  return { units: { spans, findings: perUnit }, models, rest: [...outside, ...said.everyCheck] };
}

/** Asks again the rules that read a setting after an edit inside it, over every unit; undefined when the result might differ from a full check. */
export function checkOneSetting(previous: ReusableState, version: Version, region: ChangedRegion, setting: string, checker: Checker): Found | undefined {
  const kept = previous.units;
  const { oldEnd } = region;
  const delta = region.newEnd - region.oldEnd;
  const found = unitsWhereExpected(version, kept, (before) => ({
    offset: before.offset >= oldEnd ? before.offset + delta : before.offset, length: before.length,
  }));
  if (!found) return undefined;
  const { connector, units, tree } = found;
  const { spans } = units;
  const { parsed } = version;
  // The schema again for what lies outside the units: the connector with its first unit alone stands in (the units'
  // own schema findings are kept; what the schema says inside a unit depends on that unit and the kind alone).
  const first = units.nodes[0];
  const value = first === undefined ? tree.value(0) : valueWithOneUnit(tree, units.key, first);
  if (!value) return undefined;
  const said = runRules(connector, version, checker.set, { setting, ...walkOptionsOf(checker, version) });
  if (said.failures.length > 0) return undefined;
  const outside = atLevels([...duplicateKeysInTree(tree, 0, units.array), ...validateValueOfDocument(parsed, value)], checker.set.overrides)
    .filter((f) => spanIndexOf(spans, f.offset) < 0);
  // What the rules that read the setting said replaces what they said before; the rest is kept, moved.
  const { asked } = checker.set.afterSettingEdit(setting);
  const moved = findingMover(delta, oldEnd, version.text.length);
  const keep = (findings: readonly Finding[]): Finding[] => (asked.size === 0 ? findings : findings.filter((f) => !asked.has(f.code))).map(moved);
  const perUnit = kept.findings.map((findings, i) => [...keep(findings), ...(said.units[i] ?? [])]);
  const models = [...keep(previous.modelFindings), ...said.models];
  return { units: { spans, findings: perUnit }, models, rest: [...outside, ...said.everyCheck] };
}
