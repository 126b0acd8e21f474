// The environments file, `connector-environments.json`: named environments (dev, test, prod) for the connector
// files in its folder and below. Each environment can point a connector at another base URL or OAuth2 token
// endpoint and use other secrets, and carries its network identity: the certificate authority its services' certificates
// come from, and the client certificates they demand. Read alike by the command line (--env) and the editor (the status bar).
import type { Node } from 'jsonc-parser';
import { closeMatches } from '../closeMatches';
import { duplicateKeyFindings } from '../duplicateKeys';
import { sortFindings, type Finding, type Span } from '../findings';
import { authorizationUrlProblem, tokenUrlProblem } from '../oauth2/tokenUrl';
import { parseDocument } from '../parse';
import { canonicalOrigin } from '../http/network';
import { BASE_URL_CREDENTIALS, splitUrl, userInfoSpan } from '../http/url';
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

/** A setting's text and where it is written, for messages about the file it names. */
export interface PlacedText {
  value: string;
  offset: number;
  length: number;
}

/** A client certificate an environment shows to one origin: PEM files, or a PKCS#12 bundle; files relative to the environments file. */
export interface EnvironmentCertificate {
  /** `https://host[:port]`, in one spelling. */
  origin: string;
  cert?: PlacedText;
  key?: PlacedText;
  pfx?: PlacedText;
  /** The name of the secret that opens the key or the bundle. */
  passphrase?: string;
  /** Where the origin is written. */
  offset: number;
  length: number;
}

/** One named environment as read: what is usable (the rest is reported). */
export interface Environment {
  name: string;
  description?: string;
  /** Connector path relative to the environments file (`/`-separated) → its overrides. */
  connectors: Record<string, ConnectorOverride>;
  /** Secret name as a connector gives it → the name used in this environment. */
  secrets: Record<string, string>;
  /** A certificate authority trusted in this environment (a PEM file, relative to the environments file). */
  caFile?: PlacedText;
  /** Client certificates, each shown to its origin only. */
  clientCertificates: EnvironmentCertificate[];
  /** Where the environment's name is written, for messages and navigation. */
  offset: number;
  length: number;
}

export interface EnvironmentsFile {
  environments: Environment[];
  findings: Finding[];
}

const NAME = /^[A-Za-z0-9_.-]+$/;
const ENVIRONMENT_KEYS = ['description', 'connectors', 'secrets', 'caFile', 'clientCertificates'];
const CERTIFICATE_KEYS = ['cert', 'key', 'pfx', 'passphrase'];
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
  if (userInfoSpan(value)) return BASE_URL_CREDENTIALS;
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

/** Why `text` cannot key a client certificate, or undefined: an https origin, without a path, query or credentials. */
function certificateOriginProblem(text: string): string | undefined {
  const origin = canonicalOrigin(text);
  const url = origin ? new URL(text) : undefined;
  // Whatever stands before an '@' may be a password: it is never repeated.
  const userInfo = userInfoSpan(text);
  const shown = userInfo ? `${text.slice(0, userInfo.start)}…@${text.slice(userInfo.start + userInfo.length)}` : text;
  if (userInfo || (url && (url.username !== '' || url.password !== ''))) return `'${shown}' has credentials before the host ('...@'): write the origin alone, "${origin}".`;
  if (!url || url.protocol !== 'https:') return `'${shown}' is not an https origin: a client certificate is shown over TLS only, to an origin written as "https://host" or "https://host:port".`;
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(text)) return `'${shown}' has a path, query or fragment: a certificate is shown to a whole origin; write "${origin}".`;
  return undefined;
}

function readPlacedText(node: Node, what: string, findings: Finding[]): PlacedText | undefined {
  if (node.type !== 'string' || String(node.value).trim() === '') {
    findings.push(at(node, `'${what}' is a file's path (relative to this file, or absolute), e.g. "certs/internal-ca.pem".`));
    return undefined;
  }
  return { value: String(node.value), offset: node.offset, length: node.length };
}

function readCertificate(origin: string, keyNode: Node, node: Node, findings: Finding[]): EnvironmentCertificate | undefined {
  const where = `the client certificate of '${String(keyNode.value)}'`;
  if (node.type !== 'object') {
    findings.push(at(node, `${where} is an object: { "cert": "client.pem", "key": "client.key" } or { "pfx": "client.p12", "passphrase": "SECRET NAME" }.`));
    return undefined;
  }
  const certificate: EnvironmentCertificate = { origin, offset: keyNode.offset, length: keyNode.length };
  for (const { key, keyNode: settingKey, valueNode } of propertiesOf(node)) {
    if (!CERTIFICATE_KEYS.includes(key)) {
      findings.push(unknownKey(settingKey, CERTIFICATE_KEYS, where));
      continue;
    }
    if (!valueNode) continue;
    if (key === 'passphrase') {
      if (valueNode.type === 'string' && NAME.test(String(valueNode.value))) certificate.passphrase = String(valueNode.value);
      else findings.push(at(valueNode, "'passphrase' is the name of a secret (letters, digits, '_', '.' and '-'), never the passphrase itself."));
      continue;
    }
    const file = readPlacedText(valueNode, key, findings);
    if (file) certificate[key as 'cert' | 'key' | 'pfx'] = file;
  }
  const problem = certificate.pfx
    ? (certificate.cert || certificate.key ? `${where} names a PKCS#12 bundle ("pfx") and PEM files ("cert", "key"): keep one of them.` : undefined)
    : !certificate.cert
      ? `${where} needs "cert" (a PEM file, with "key" unless the file holds the key too), or "pfx" (a PKCS#12 bundle).`
      : undefined;
  if (problem) {
    findings.push(at(keyNode, problem));
    return undefined;
  }
  return certificate;
}

function readCertificates(node: Node, findings: Finding[]): EnvironmentCertificate[] {
  if (node.type !== 'object') {
    findings.push(at(node, '\'clientCertificates\' is an object: origin → certificate, e.g. { "https://erp.example.com": { "cert": "client.pem", "key": "client.key" } }.'));
    return [];
  }
  const certificates: EnvironmentCertificate[] = [];
  for (const { key, keyNode, valueNode } of propertiesOf(node)) {
    const problem = certificateOriginProblem(key);
    if (problem) {
      findings.push(at(keyNode, problem));
      continue;
    }
    const origin = canonicalOrigin(key) ?? key;
    if (certificates.some((c) => c.origin === origin)) {
      findings.push(at(keyNode, `'${key}' is the origin ${origin} again: one certificate per origin.`));
      continue;
    }
    const certificate = valueNode ? readCertificate(origin, keyNode, valueNode, findings) : undefined;
    if (certificate) certificates.push(certificate);
  }
  return certificates;
}

function readEnvironment(name: string, keyNode: Node, node: Node, findings: Finding[]): Environment {
  const environment: Environment = { name, connectors: {}, secrets: {}, clientCertificates: [], offset: keyNode.offset, length: keyNode.length };
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
    } else if (key === 'caFile') {
      const file = readPlacedText(valueNode, 'caFile', findings);
      if (file) environment.caFile = file;
    } else if (key === 'clientCertificates') {
      environment.clientCertificates = readCertificates(valueNode, findings);
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
