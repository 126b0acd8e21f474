import type { ConnectorRule } from '../../types';

/** The metadata file an OData connector names must be readable OData V4 CSDL inside the workspace. */
export const metadataFile: ConnectorRule = {
  id: 'metadata-file',
  subject: 'connector',
  appliesTo: 'odata',
  defaultSeverity: 'error',
  docs: {
    summary: 'The `metadata` file of an OData connector is missing, outside the workspace, too large, or not OData V4 metadata (CSDL XML or CSDL JSON).',
    why: "Custom requests are checked against the service's $metadata; a file that cannot be read turns those checks off, and would otherwise fail silently.",
  },
  check(connector, context) {
    const field = connector.metadata;
    const outcome = context.metadata;
    if (!field || !outcome || outcome.ok) return;
    context.report({ at: field.node, message: `The metadata file ${JSON.stringify(field.value)} cannot be used: ${outcome.message}. Run 'connector metadata fetch' (or the command 'Connector: Fetch $metadata') to download it again.` });
  },
};
