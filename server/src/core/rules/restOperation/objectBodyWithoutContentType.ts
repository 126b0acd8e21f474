import { operationName, parameterName, quoted, setHeaderEdits } from '../restShared';
import type { OperationRule } from '../types';

/** An object body needs a Content-Type that says how it is serialized. */
export const objectBodyWithoutContentType: OperationRule = {
  id: 'object-body-without-content-type',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'An `object` body parameter on an operation without a `Content-Type` header.',
    why: "The platform sends an object body as JSON or XML according to the operation's Content-Type header, which must be set (typically application/json or application/xml).",
    fix: 'Adds `Content-Type: application/json`.',
  },
  check(operation, context) {
    const { facts, report } = context;
    if (facts.contentType.entry) return;
    const body = facts.in('body').find((p) => p.type?.value === 'object');
    if (!body?.type) return;
    const value = 'application/json';
    const edits = setHeaderEdits(context, operation, 'Content-Type', value);
    report({
      at: body.type.node,
      message: `Object body ${quoted(parameterName(body))} of operation ${quoted(operationName(operation))} needs a 'Content-Type' header: 'application/json' or 'application/xml'.`,
      fixes: [{ title: "Add 'Content-Type: application/json'", edits, preferred: true }],
    });
  },
};
