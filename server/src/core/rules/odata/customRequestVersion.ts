import { addPropertyEdits, replaceValueEdit } from '../../edits';
import { CUSTOM_REQUEST_MIN_VERSION } from '../../vocabulary';
import type { ConnectorRule } from '../types';
import { compareVersions } from './shared';

/** Custom request exists from connector version 2.1.17. */
export const customRequestVersion: ConnectorRule = {
  id: 'custom-request-version',
  subject: 'connector',
  appliesTo: 'odata',
  defaultSeverity: 'error',
  docs: {
    summary: 'An OData connector with Custom requests whose `connectorVersion` is missing or below 2.1.17.',
    why: 'The Custom request operation exists from connector version 2.1.17; an older connector version does not offer it.',
    fix: 'Sets (or adds) `connectorVersion: "2.1.17"`.',
  },
  check(connector, context) {
    if (connector.customRequests.length === 0) return;
    const version = connector.connectorVersion;
    if (!version) {
      const anchor = connector.customRequestsNode?.parent?.children?.[0];
      context.report({
        at: anchor ?? { offset: connector.root.offset, length: 1 },
        message: `Custom requests need connector version ${CUSTOM_REQUEST_MIN_VERSION} or later, and this connector names none. Add "connectorVersion": "${CUSTOM_REQUEST_MIN_VERSION}".`,
        fixes: [{ title: `Add 'connectorVersion: ${CUSTOM_REQUEST_MIN_VERSION}'`, edits: addPropertyEdits(context, connector.root, 'connectorVersion', CUSTOM_REQUEST_MIN_VERSION), preferred: true }],
      });
      return;
    }
    const order = compareVersions(version.value, CUSTOM_REQUEST_MIN_VERSION);
    if (order === undefined || order >= 0) return;
    context.report({
      at: version.node,
      message: `Custom request is available from connector version ${CUSTOM_REQUEST_MIN_VERSION}; this connector targets ${version.value}. Upgrade the connector and set "connectorVersion": "${CUSTOM_REQUEST_MIN_VERSION}" or later.`,
      fixes: [{ title: `Change to '${CUSTOM_REQUEST_MIN_VERSION}'`, edits: [replaceValueEdit(version.node, CUSTOM_REQUEST_MIN_VERSION)], preferred: true }],
    });
  },
};
