// The language server process: the transport (stdio or IPC) comes from the command line the client starts it with.
import { createGuardedConnection } from './lsp/guard';
import { startServer } from './lsp/startServer';
import { metadataImportFeatures } from './metadataImport/lspFeatures';
import { openApiFeatures } from './openapi/lspFeatures';
import { requestImportFeatures } from './requestImport/lspFeatures';
import { suiteFeatures } from './lsp/suiteFeatures';

const connection = createGuardedConnection();
// The last line of defence: an error that escapes every handler (a timer, a stray promise) is logged, and the
// server keeps answering instead of leaving the editor without checks.
const report = (kind: string) => (error: unknown): void => {
  try {
    connection.console.error(`${kind}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  } catch {
    // The connection itself is gone; there is no one left to tell.
  }
};
process.on('uncaughtException', report('Unexpected error'));
process.on('unhandledRejection', report('Unhandled rejection'));
try {
  startServer(connection, [openApiFeatures, suiteFeatures, metadataImportFeatures, requestImportFeatures]);
} catch (error) {
  // A server that cannot start must not sit silent: the client would wait for its answer forever. It exits, so
  // the editor says the server stopped and the log says why.
  process.stderr.write(`The Connector Tools language server cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
