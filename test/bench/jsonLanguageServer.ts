// A bare JSON language server: vscode-json-languageservice validating with the connector schema, nothing else.
// What a VS Code user gets for free; the server benchmark bundles it like dist/server.js and compares start-up.
import { createConnection, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService, type JSONSchema } from 'vscode-json-languageservice';
import schema from '../../schemas/connector.schema.json';

const connection = createConnection();
const documents = new TextDocuments(TextDocument);
const service = getLanguageService({});
service.configure({ validate: true, allowComments: true, schemas: [{ uri: 'connector://schema', fileMatch: ['*.connector.json'], schema: schema as unknown as JSONSchema }] });

connection.onInitialize(() => ({ capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental } }));
documents.onDidChangeContent(async ({ document }) => {
  const json = service.parseJSONDocument(document);
  const diagnostics = await service.doValidation(document, json, { comments: 'ignore', trailingCommas: 'ignore' });
  void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
});
documents.listen(connection);
connection.listen();
