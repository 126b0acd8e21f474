import type { Connector, Field } from '../model';
import type { Finding } from '../findings';
import type { ConnectorOverride, EnvironmentCertificate, EnvironmentsFile, PlacedText } from './environmentsFile';
import { ENVIRONMENTS_FILE } from './environmentsFile';

/** An environment as one connector uses it: its overrides and its secret names. */
export interface AppliedEnvironment {
  name: string;
  override: ConnectorOverride;
  secrets: Readonly<Record<string, string>>;
  /** The certificate authority and client certificates of the environment, as the file names them (the edge reads the files). */
  caFile?: PlacedText;
  clientCertificates?: readonly EnvironmentCertificate[];
}

/** The environment for one connector file, or why it cannot be used (nothing is sent then). */
export type EnvironmentChoice = { ok: true; environment: AppliedEnvironment } | { ok: false; message: string };

/** How the edge describes where it looked for the file and where a problem in it is. */
export interface EnvironmentPlaces {
  /** Where the edge looked, for the message when there is no file: "in /p/api or a folder above it up to ...". */
  searched?: string;
  /** Where a finding is: "/p/connector-environments.json:4:27". */
  locate?: (finding: Finding) => string;
}

/**
 * Picks environment `name` for the connector at `connectorPath` (relative to the environments file, `/`-separated).
 * A file with errors is not used: a half-read environment could send to the wrong place.
 */
export function chooseEnvironment(file: EnvironmentsFile | undefined, name: string, connectorPath: string, places: EnvironmentPlaces = {}): EnvironmentChoice {
  if (!file) return { ok: false, message: `The environment '${name}' is chosen, but there is no ${ENVIRONMENTS_FILE} ${places.searched ?? "in the connector's folder or above"}. Create one there, or choose no environment.` };
  const errors = file.findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) {
    const listed = errors.map((f) => `${places.locate ? `${places.locate(f)} ` : ''}${f.message}`).join(' ');
    return { ok: false, message: `${ENVIRONMENTS_FILE} has ${errors.length === 1 ? 'a problem; fix it' : `${errors.length} problems; fix them`} before sending with an environment: ${listed}` };
  }
  const environment = file.environments.find((e) => e.name === name);
  if (!environment) {
    const known = file.environments.map((e) => `'${e.name}'`).join(', ');
    return { ok: false, message: `No environment '${name}' in ${ENVIRONMENTS_FILE}.${known ? ` It defines ${known}.` : ' It defines none.'}` };
  }
  const key = Object.keys(environment.connectors).find((k) => k.toLowerCase() === connectorPath.toLowerCase());
  return {
    ok: true,
    environment: {
      name, override: key ? environment.connectors[key] ?? {} : {}, secrets: environment.secrets,
      ...(environment.caFile ? { caFile: environment.caFile } : {}),
      ...(environment.clientCertificates.length ? { clientCertificates: environment.clientCertificates } : {}),
    },
  };
}

// Model parts make their nodes on demand (getters), which a spread would not copy: the nodes are named.
function replaced(field: Field<string> | undefined, value: string | undefined): Field<string> | undefined {
  if (value === undefined || !field) return field;
  return { node: field.node, keyNode: field.keyNode, value, exact: value };
}

/**
 * The connector as the environment sees it: the same file (every node and offset kept, so problems still point
 * into it) with the environment's base URL and sign-in settings (token endpoint, sign-in page, client, scopes) in place of the file's values.
 */
export function withEnvironment<C extends Connector>(connector: C, environment: AppliedEnvironment): C {
  const { baseUrl, tokenUrl, authorizationUrl, clientId, scope } = environment.override;
  const authorization = connector.authorization;
  return {
    ...connector,
    ...(baseUrl !== undefined && connector.baseUrl ? { baseUrl: replaced(connector.baseUrl, baseUrl) } : {}),
    ...(authorization
      ? {
          authorization: {
            ...authorization,
            node: authorization.node,
            tokenUrl: replaced(authorization.tokenUrl, tokenUrl),
            authorizationUrl: replaced(authorization.authorizationUrl, authorizationUrl),
            clientId: replaced(authorization.clientId, clientId),
            // A scope the file leaves out can still be set by the environment.
            scope: scope !== undefined ? (replaced(authorization.scope, scope) ?? { node: authorization.node, keyNode: authorization.node, value: scope }) : authorization.scope,
          },
        }
      : {}),
  };
}
