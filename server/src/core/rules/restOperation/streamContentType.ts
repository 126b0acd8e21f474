import { replaceValueEdit } from '../../edits';
import { OCTET_STREAM } from '../../vocabulary';
import { operationName, parameterName, quoted, setHeaderEdits } from '../restShared';
import type { OperationRule } from '../types';

/** Stream bodies are sent as application/octet-stream. */
export const streamContentType: OperationRule = {
  id: 'stream-content-type',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'A `stream` body parameter on an operation whose `Content-Type` is missing or not `application/octet-stream`.',
    why: 'A stream sends binary data as the body, which the platform does with Content-Type application/octet-stream only.',
    fix: 'Sets (or adds) `Content-Type: application/octet-stream`.',
  },
  check(operation, context) {
    const { facts, report } = context;
    const stream = facts.in('body').find((p) => p.type?.value === 'stream');
    if (!stream?.type) return;
    const { entry, media } = facts.contentType;
    if (media === OCTET_STREAM) return;
    const fixTitle = `Set 'Content-Type: ${OCTET_STREAM}'`;
    if (entry?.valueNode) {
      report({
        at: entry.valueNode,
        message: `Operation ${quoted(operationName(operation))} sends stream ${quoted(parameterName(stream))}, so its Content-Type must be '${OCTET_STREAM}', not ${quoted(entry.value ?? '')}.`,
        fixes: [{ title: fixTitle, edits: [replaceValueEdit(entry.valueNode, OCTET_STREAM)], preferred: true }],
      });
      return;
    }
    const edits = setHeaderEdits(context, operation, 'Content-Type', OCTET_STREAM);
    report({
      at: stream.type.node,
      message: `Stream body ${quoted(parameterName(stream))} needs the header 'Content-Type: ${OCTET_STREAM}'.`,
      fixes: [{ title: fixTitle, edits, preferred: true }],
    });
  },
};
