// What every request the editor or the command line sends is made with, assembled in one place: the file step over
// the workspace and the folders the user allowed, the chosen environment, the values file's text, the secrets, the
// OAuth2 tokens and the network (the edge's, with the environment's certificates). An edge says only what is its own:
// its workspace, its network, where secrets come from, and how a problem is shown.
import { dirname } from 'node:path';
import type { AppliedEnvironment, FileAccess, NetworkSettings, PrepareInput, SecretProvider, SendOptions, TokenCache } from '../core';
import { editorRoot } from '../files/projectRoot';
import { editorFolders, workspaceFiles } from '../files/workspaceFiles';
import { environmentFor } from '../io/environmentsFiles';
import { readJsonTextSync } from '../io/jsonText';
import { networkWithEnvironment } from './network';

/** Where an edge works: its workspace, and what it has open. */
export interface SendingPlace {
  /** The workspace folders; none on the command line, where a connector's project root is its workspace. */
  workspaceFolders: readonly string[];
  /** Folders the user allowed on purpose: absolute, or relative to the first workspace folder. */
  allowedFolders: readonly string[];
  /** How the user allows another folder, for messages ("--allow-files FOLDER"). */
  howToAllow: string;
  /** The text of a file open in the editor, unsaved edits included; undefined when it is not open. */
  openText?: (path: string) => string | undefined;
  /** The edge's network: its proxy, and the authorities and client certificate it was given (an environment adds its own). */
  network: NetworkSettings;
}

/** One request, or one run of tests, as the user asked for it. */
export interface RequestChoice {
  connectorPath: string;
  /** The environment's name, when one is chosen. */
  environment?: string;
  /** The values file to take values from: its open document, else the file on disk. */
  valuesFile?: string;
  /** Where secrets come from: the editor's secret storage, or the process environment. */
  secrets: SecretProvider;
  /** Where OAuth2 tokens are kept; absent for previews, which fetch none. */
  tokens?: TokenCache;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** What a request is prepared and sent with, besides the connector and its values. */
export interface RequestInputs {
  /** For preparing the request (and running a test case). */
  prepare: Pick<PrepareInput, 'secrets' | 'baseDir' | 'files' | 'environment' | 'tokens' | 'valuesFileText'>;
  /** How every hop is sent. */
  send: SendOptions;
  /** The values file that was read, to place its problems. */
  valuesFile?: { path: string; text: string };
}

/** The inputs, or why there are none: the environment cannot be used, or the values file cannot be read. */
export type AssembledInputs =
  | { ok: true; inputs: RequestInputs }
  | { ok: false; problem: 'environment'; message: string }
  /** A certificate file the network names cannot be used. */
  | { ok: false; problem: 'network'; message: string }
  | { ok: false; problem: 'values-file'; path: string; error: unknown };

/** How every hop of a request is sent: through the network given, within the time limit, with a cancel. */
export function sendOptions(network: NetworkSettings, timeoutMs: number, signal?: AbortSignal): SendOptions {
  return { network, timeoutMs, ...(signal ? { signal } : {}) };
}

/** The folders a connector may read files from and write its $metadata in: the workspace, or its project root, and the folders allowed. */
export function readableFolders(place: SendingPlace, connectorPath: string): string[] {
  return editorFolders(connectorPath, place.workspaceFolders, place.allowedFolders);
}

/** The file step for a connector's values and bodies: inside the workspace (or its project root) and the folders allowed. */
export function fileAccess(place: SendingPlace, connectorPath: string): FileAccess {
  return workspaceFiles({ roots: readableFolders(place, connectorPath), howToAllow: place.howToAllow });
}

/** Gathers a request's inputs for the connector the user chose, with the environment and values file chosen. */
export async function requestInputs(place: SendingPlace, choice: RequestChoice): Promise<AssembledInputs> {
  const { connectorPath } = choice;
  let valuesFile: RequestInputs['valuesFile'];
  if (choice.valuesFile !== undefined) {
    try {
      valuesFile = { path: choice.valuesFile, text: place.openText?.(choice.valuesFile) ?? readJsonTextSync(choice.valuesFile) };
    } catch (error) {
      return { ok: false, problem: 'values-file', path: choice.valuesFile, error };
    }
  }
  let environment: AppliedEnvironment | undefined;
  let source: Parameters<typeof networkWithEnvironment>[2];
  if (choice.environment !== undefined) {
    const chosen = environmentFor(connectorPath, choice.environment, editorRoot(connectorPath, place.workspaceFolders), place.openText);
    if (!chosen.ok) return { ok: false, problem: 'environment', message: chosen.message };
    environment = chosen.environment;
    source = chosen.source;
  }
  // Without tokens it is a preview: it asks for no secret, a certificate's passphrase included.
  const network = await networkWithEnvironment(place.network, environment, source, choice.secrets, process.env, choice.tokens === undefined);
  if (!network.ok) return { ok: false, problem: 'network', message: network.message };
  const send = sendOptions(network.value, choice.timeoutMs, choice.signal);
  return {
    ok: true,
    inputs: {
      prepare: {
        secrets: choice.secrets,
        baseDir: dirname(connectorPath),
        files: fileAccess(place, connectorPath),
        ...(environment ? { environment } : {}),
        ...(choice.tokens ? { tokens: choice.tokens.source(send) } : {}),
        ...(valuesFile ? { valuesFileText: valuesFile.text } : {}),
      },
      send,
      ...(valuesFile ? { valuesFile } : {}),
    },
  };
}
