// The environments file, `connector-environments.json`: named environments (dev, test, prod) for the connector
// files in its folder and below. Each environment can point a connector at another base URL or OAuth2 token
// endpoint and use other secrets. Read alike by the command line (--env) and the editor (the status bar).
import type { Node } from 'jsonc-parser';
import { closeMatches } from '../closeMatches';
import { duplicateKeyFindings } from '../duplicateKeys';
import { sortFindings, type Finding, type Span } from '../findings';
import { authorizationUrlProblem, tokenUrlProblem } from '../oauth2/tokenUrl';
import { parseDocument } from '../parse';
import { splitUrl } from '../http/url';
import { propertiesOf } from '../tree';

export const ENVIRONMENTS_FILE = 'connector-environments.json';
export const INVALID_ENVIRONMENTS = 'invalid-environments';

/** What one environment changes for one connector file. */
export interface ConnectorOverride {
  baseUrl?: string;
  tokenUrl?: string;
  /** OAuth2 authorization code: the sign-in page, which belongs to the same identity provider as tokenUrl. */
  authorizationUrl?: string;
  clientId?: string;
  scope?: string;
}

/** One named environment as read: what is usable (the rest is reported). */
export interface Environment {
  name: string;
  description?: string;
  /** Connector path relative to the environments file (`/`-separated) → its overrides. */
  connectors: Record<string, ConnectorOverride>;
  /** Secret name as a connector gives it → the name used in this environment. */
  secrets: Record<string, string>;
  /** Where the environment's name is written, for messages and navigation. */
  offset: number;
  length: number;
}

export interface EnvironmentsFile {
  environments: Environment[];
  findings: Finding[];
}

const NAME = /^[A-Za-z0-9_.-]+$/;
const ENVIRONMENT_KEYS = ['description', 'connectors', 'secrets'];
const OVERRIDE_KEYS = ['baseUrl', 'tokenUrl', 'authorizationUrl', 'clientId', 'scope'];

function at(node: Span, message: string): Finding {
  return { code: INVALID_ENVIRONMENTS, severity: 'error', message, offset: node.offset, length: node.length };
}

function unknownKey(key: Node, known: readonly string[], where: string): Finding {
  const name = String(key.value);
  const close = closeMatches(name, known, 1)[0];
  return at(key, `Unknown setting '${name}' in ${where}.${close ? ` Did you mean '${close}'?` : ` Allowed: ${known.map((k) => `'${k}'`).join(', ')}.`}`);
}

/** Why a base URL cannot replace a connector's, or undefined. The same shape rules as a connector's own baseUrl. */
export function baseUrlProblem(value: string): string | undefined {
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return `'baseUrl' must be an absolute http or https URL, e.g. "https://api.example.com/v1"; "${value}" is not.`;
  const url = new URL(value);
  // The user info is not repeated: it may be a password or a token.
  if (url.username !== '' || url.password !== '') return "'baseUrl' has credentials before the host ('...@'); an address is no place for them (they would sit in this file in the clear and travel with every address shown). Remove them, and sign in with the connector's authorization and a named secret.";
  const parts = splitUrl(value);
  if (parts.query !== undefined || parts.fragment !== undefined) return `'baseUrl' has a ${parts.query !== undefined ? 'query' : 'fragment'}; every path is appended to it, so it would stand before the path. Remove it.`;
  return undefined;
}

function readOverride(node: Node, where: string, findings: Finding[]): ConnectorOverride {
  const override: ConnectorOverride = {};
  if (node.type !== 'object') {
    findings.push(at(node, `${where} is an object: { "baseUrl": "https://...", "tokenUrl": "...", "clientId": "...", "scope": "..." }.`));
    return override;
  }
  for (const { key, keyNode, valueNode } of propertiesOf(node)) {
    if (!OVERRIDE_KEYS.includes(key)) {
      findings.push(unknownKey(keyNode, OVERRIDE_KEYS, where));
      continue;
    }
    if (!valueNode) continue;
    if (valueNode.type !== 'string' || (key !== 'scope' && valueNode.value === '')) {
      findings.push(at(valueNode, `'${key}' is ${key === 'scope' ? 'text' : 'non-empty text'}.`));
      continue;
    }
    const value = String(valueNode.value);
    const problem = key === 'baseUrl' ? baseUrlProblem(value) : key === 'tokenUrl' ? tokenUrlProblem(value) : key === 'authorizationUrl' ? authorizationUrlProblem(value) : undefined;
    if (problem) {
      findings.push(at(valueNode, key === 'tokenUrl' || key === 'authorizationUrl' ? `'${key}': ${problem}` : problem));
      continue;
    }
    override[key as keyof ConnectorOverride] = value;
  }
  return override;
}

function readEnvironment(name: string, keyNode: Node, node: Node, findings: Finding[]): Environment {
  const environment: Environment = { name, connectors: {}, secrets: {}, offset: keyNode.offset, length: keyNode.length };
  if (node.type !== 'object') {
    findings.push(at(node, `Environment '${name}' is an object: { "connectors": { ... }, "secrets": { ... } }.`));
    return environment;
  }
  for (const { key, keyNode: settingKey, valueNode } of propertiesOf(node)) {
    if (!ENVIRONMENT_KEYS.includes(key)) {
      findings.push(unknownKey(settingKey, ENVIRONMENT_KEYS, `environment '${name}'`));
      continue;
    }
    if (!valueNode) continue;
    if (key === 'description') {
      if (valueNode.type === 'string') environment.description = String(valueNode.value);
      else findings.push(at(valueNode, "'description' is text."));
    } else if (valueNode.type !== 'object') {
      findings.push(at(valueNode, key === 'connectors'
        ? "'connectors' is an object: connector file (relative to this file) → { \"baseUrl\": ... }."
        : "'secrets' is an object: secret name → the secret used in this environment, e.g. { \"ifs\": \"ifs-prod\" }."));
    } else if (key === 'connectors') {
      for (const entry of propertiesOf(valueNode)) {
        const path = entry.key.replace(/\\/g, '/').replace(/^\.\//, '');
        if (!/\.connector\.json$/i.test(path)) {
          findings.push(at(entry.keyNode, `'${entry.key}' is not a connector file: name it by its path relative to this file, e.g. "orders/ifs-orders.connector.json".`));
          continue;
        }
        if (entry.valueNode) environment.connectors[path] = readOverride(entry.valueNode, `the settings of '${entry.key}'`, findings);
      }
    } else {
      for (const entry of propertiesOf(valueNode)) {
        const target = entry.valueNode?.value;
        if (!NAME.test(entry.key)) findings.push(at(entry.keyNode, `'${entry.key}' is not a secret name: letters, digits, '_', '.' and '-' only.`));
        else if (typeof target !== 'string' || !NAME.test(target)) findings.push(at(entry.valueNode ?? entry.keyNode, `The secret used for '${entry.key}' is a name (letters, digits, '_', '.' and '-'), never a secret's value.`));
        else environment.secrets[entry.key] = target;
      }
    }
  }
  return environment;
}

/** Reads an environments file; every problem becomes a finding in it (never a throw). */
export function parseEnvironmentsFile(text: string): EnvironmentsFile {
  const parsed = parseDocument(text);
  const findings: Finding[] = [...parsed.syntaxFindings, ...duplicateKeyFindings(text, parsed.root)];
  const root = parsed.root;
  const environments: Environment[] = [];
  if (!root || parsed.syntaxFindings.length > 0) return { environments, findings };
  if (root.type !== 'object') {
    findings.push(at(root, `${ENVIRONMENTS_FILE} holds one object: { "environments": { "<name>": { "connectors": { ... }, "secrets": { ... } } } }.`));
    return { environments, findings };
  }
  let environmentsNode: Node | undefined;
  for (const { key, keyNode, valueNode } of propertiesOf(root)) {
    if (key === 'environments') environmentsNode = valueNode;
    else if (key !== '$schema') findings.push(unknownKey(keyNode, ['environments'], ENVIRONMENTS_FILE));
  }
  if (!environmentsNode) findings.push(at({ offset: root.offset, length: 1 }, `${ENVIRONMENTS_FILE} needs "environments": { "<name>": { ... } }.`));
  else if (environmentsNode.type !== 'object') findings.push(at(environmentsNode, '"environments" is an object: environment name → { "connectors": { ... }, "secrets": { ... } }.'));
  else {
    for (const { key, keyNode, valueNode } of propertiesOf(environmentsNode)) {
      if (!NAME.test(key)) {
        findings.push(at(keyNode, `'${key}' cannot be an environment's name: use letters, digits, '_', '.' and '-' (e.g. "test", "prod-eu").`));
        continue;
      }
      if (valueNode) environments.push(readEnvironment(key, keyNode, valueNode, findings));
    }
  }
  sortFindings(findings);
  return { environments, findings };
}
