// The language server process: the transport (stdio or IPC) comes from the command line the client starts it with.
import { createGuardedConnection } from './lsp/guard';
import { startServer } from './lsp/startServer';
import { openApiFeatures } from './openapi/lspFeatures';
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
startServer(connection, [openApiFeatures, suiteFeatures]);
