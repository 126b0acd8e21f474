import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import type { SendingPlace } from '../sending/requestInputs';
import { workspacePaths, type FeatureDeps } from './context';

/** Where the editor sends from: its workspace folders, the folders its setting allows, and its open documents. */
export function editorPlace(deps: FeatureDeps, documents: TextDocuments<TextDocument>): SendingPlace {
  return {
    workspaceFolders: workspacePaths(deps),
    allowedFolders: deps.settings().allowedFileFolders,
    howToAllow: 'the setting connectorTools.request.allowedFileFolders',
    openText: (path) => documents.get(URI.file(path).toString())?.getText(),
  };
}
