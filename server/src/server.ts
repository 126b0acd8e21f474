// The language server process: the transport (stdio or IPC) comes from the command line the client starts it with.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './lsp/startServer';
import { openApiFeatures } from './openapi/lspFeatures';

startServer(createConnection(ProposedFeatures.all), [openApiFeatures]);
