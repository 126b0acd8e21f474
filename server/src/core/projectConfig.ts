// The project file `connector-tools.json`: rule levels, files to ignore and per-folder overrides, read alike by the
// command line and the editor so that both judge a file the same way. The nearest one above a connector file
// applies; its globs are relative to its own folder.
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import picomatch from 'picomatch';
import { closeMatches } from './closeMatches';
import { isSeverityLevel, sortFindings, type Finding, type Fix, type SeverityLevel, type SeverityOverrides } from './findings';
import { parseDocument } from './parse';

export const PROJECT_CONFIG_FILE = 'connector-tools.json';
export const UNKNOWN_RULE = 'unknown-rule';
export const INVALID_CONFIG = 'invalid-config';

/** One `overrides` entry: rule levels for the files its globs match. */
interface ConfigOverride {
  files: string[];
  rules: Record<string, SeverityLevel>;
}

/** The project file as read: what is usable, the unusable parts left out (and reported). */
export interface ProjectConfig {
  rules: Record<string, SeverityLevel>;
  ignore: string[];
  overrides: ConfigOverride[];
}

export const EMPTY_PROJECT_CONFIG: ProjectConfig = { rules: {}, ignore: [], overrides: [] };

const TOP_LEVEL_KEYS = ['$schema', 'rules', 'ignore', 'overrides'];

function at(node: Node, message: string, code = INVALID_CONFIG, fixes?: Fix[]): Finding {
  return { code, severity: 'error', message, offset: node.offset, length: node.length, ...(fixes?.length ? { fixes } : {}) };
}

function readRules(node: Node | undefined, where: string, knownIds: readonly string[], findings: Finding[]): Record<string, SeverityLevel> {
  const rules: Record<string, SeverityLevel> = {};
  if (!node) return rules;
  if (node.type !== 'object') {
    findings.push(at(node, `${where} is an object of rule id → level, e.g. { "format-without-effect": "off" }.`));
    return rules;
  }
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || typeof key.value !== 'string') continue;
    const id = key.value;
    if (!knownIds.includes(id)) {
      const close = closeMatches(id, knownIds, 1);
      const fixes = close.map((c) => ({ title: `Change to '${c}'`, edits: [{ offset: key.offset, length: key.length, content: JSON.stringify(c) }], preferred: true }));
      findings.push(at(key, `There is no rule '${id}'.${close.length ? ` Did you mean '${close[0]}'?` : ' Rule ids are listed in docs/rules.md.'}`, UNKNOWN_RULE, fixes));
      continue;
    }
    if (!value || typeof value.value !== 'string' || !isSeverityLevel(value.value)) {
      findings.push(at(value ?? property, `The level of '${id}' must be "off", "info", "warning" or "error".`));
      continue;
    }
    rules[id] = value.value;
  }
  return rules;
}

function readGlobs(node: Node | undefined, where: string, findings: Finding[]): string[] {
  if (!node) return [];
  if (node.type !== 'array' || (node.children ?? []).some((c) => c.type !== 'string' || c.value === '')) {
    findings.push(at(node, `${where} is an array of globs relative to this file's folder, e.g. ["generated/**"].`));
    return [];
  }
  return (node.children ?? []).map((c) => String(c.value));
}

/** Reads a project file's text; every problem in it becomes a finding in that file (never a throw). */
export function parseProjectConfig(text: string, knownIds: readonly string[]): { config: ProjectConfig; findings: Finding[] } {
  const parsed = parseDocument(text);
  const findings: Finding[] = [...parsed.syntaxFindings];
  const root = parsed.root;
  if (!root || parsed.syntaxFindings.length > 0) return { config: EMPTY_PROJECT_CONFIG, findings };
  if (root.type !== 'object') {
    findings.push(at(root, `${PROJECT_CONFIG_FILE} holds one object: { "rules": { ... }, "ignore": [ ... ], "overrides": [ ... ] }.`));
    return { config: EMPTY_PROJECT_CONFIG, findings };
  }
  for (const property of root.children ?? []) {
    const key = property.children?.[0];
    if (key && typeof key.value === 'string' && !TOP_LEVEL_KEYS.includes(key.value)) {
      const close = closeMatches(key.value, TOP_LEVEL_KEYS, 1);
      findings.push(at(key, `Unknown setting '${key.value}'.${close.length ? ` Did you mean '${close[0]}'?` : ''} ${PROJECT_CONFIG_FILE} knows ${TOP_LEVEL_KEYS.slice(1).map((k) => `"${k}"`).join(', ')}.`));
    }
  }
  const config: ProjectConfig = {
    rules: readRules(findNodeAtLocation(root, ['rules']), '"rules"', knownIds, findings),
    ignore: readGlobs(findNodeAtLocation(root, ['ignore']), '"ignore"', findings),
    overrides: [],
  };
  const overrides = findNodeAtLocation(root, ['overrides']);
  if (overrides && overrides.type !== 'array') {
    findings.push(at(overrides, '"overrides" is an array of { "files": [globs], "rules": { ... } }.'));
  }
  for (const entry of overrides?.type === 'array' ? overrides.children ?? [] : []) {
    if (entry.type !== 'object') {
      findings.push(at(entry, 'Each override is an object: { "files": ["legacy/**"], "rules": { "rule-id": "off" } }.'));
      continue;
    }
    const filesNode = findNodeAtLocation(entry, ['files']);
    if (!filesNode) findings.push(at(entry, 'This override has no "files": name the globs it applies to, e.g. "files": ["legacy/**"].'));
    config.overrides.push({ files: readGlobs(filesNode, '"files"', findings), rules: readRules(findNodeAtLocation(entry, ['rules']), '"rules"', knownIds, findings) });
  }
  sortFindings(findings);
  return { config, findings };
}

const matchers = new Map<string, (path: string) => boolean>();

/** Whether a path (relative to the project file's folder, `/`-separated) matches any of the globs. */
function matchesAny(globs: readonly string[], relativePath: string): boolean {
  return globs.some((glob) => {
    let matcher = matchers.get(glob);
    if (!matcher) {
      // A glob without a slash matches at any depth, as in .gitignore: "*.draft.connector.json".
      matcher = picomatch(glob, { dot: true, matchBase: !glob.includes('/') });
      matchers.set(glob, matcher);
    }
    return matcher(relativePath);
  });
}

/** Whether the project file leaves this file unchecked. */
export function isIgnoredByConfig(config: ProjectConfig, relativePath: string): boolean {
  return matchesAny(config.ignore, relativePath);
}

/** The rule levels for one file: the file's `rules`, then each matching override in order (later wins). */
export function ruleLevelsFor(config: ProjectConfig, relativePath: string): SeverityOverrides {
  const levels: Record<string, SeverityLevel> = { ...config.rules };
  for (const override of config.overrides) if (matchesAny(override.files, relativePath)) Object.assign(levels, override.rules);
  return levels;
}
