import { replaceValueEdit } from '../../edits';
import { OCTET_STREAM } from '../../vocabulary';
import { contentTypeOf, operationName, parameterName, parametersIn, quoted, setHeaderEdits } from '../restShared';
import type { RestRule } from '../types';

/** Stream bodies are sent as application/octet-stream. */
export const streamContentType: RestRule = {
  id: 'stream-content-type',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `stream` body parameter on an operation whose `Content-Type` is missing or not `application/octet-stream`.',
    why: 'A stream sends binary data as the body, which the platform does with Content-Type application/octet-stream only.',
    fix: 'Sets (or adds) `Content-Type: application/octet-stream`.',
  },
  check(connector, context) {
    for (const operation of connector.operations) {
      const stream = parametersIn(operation, 'body').find((p) => p.type?.value === 'stream');
      if (!stream?.type) continue;
      const { entry, media } = contentTypeOf(operation);
      if (media === OCTET_STREAM) continue;
      const fixTitle = `Set 'Content-Type: ${OCTET_STREAM}'`;
      if (entry?.valueNode) {
        context.report({
          at: entry.valueNode,
          message: `Operation ${quoted(operationName(operation))} sends stream ${quoted(parameterName(stream))}, so its Content-Type must be '${OCTET_STREAM}', not ${quoted(entry.value ?? '')}.`,
          fixes: [{ title: fixTitle, edits: [replaceValueEdit(entry.valueNode, OCTET_STREAM)], preferred: true }],
        });
        continue;
      }
      const edits = setHeaderEdits(context.text, operation, 'Content-Type', OCTET_STREAM);
      context.report({
        at: stream.type.node,
        message: `Stream body ${quoted(parameterName(stream))} needs the header 'Content-Type: ${OCTET_STREAM}'.`,
        fixes: [{ title: fixTitle, edits, preferred: true }],
      });
    }
  },
};
