import { contentTypeOf, operationName, parameterName, parametersIn, quoted, setHeaderEdits } from '../restShared';
import type { RestRule } from '../types';

/** An object body needs a Content-Type that says how it is serialized. */
export const objectBodyWithoutContentType: RestRule = {
  id: 'object-body-without-content-type',
  appliesTo: 'rest',
  defaultSeverity: 'error',
  docs: {
    summary: 'An `object` body parameter on an operation without a `Content-Type` header.',
    why: "The platform sends an object body as JSON or XML according to the operation's Content-Type header, which must be set (typically application/json or application/xml).",
    fix: 'Adds `Content-Type: application/json`.',
  },
  check(connector, context) {
    for (const operation of connector.operations) {
      if (contentTypeOf(operation).entry) continue;
      const body = parametersIn(operation, 'body').find((p) => p.type?.value === 'object');
      if (!body?.type) continue;
      const value = 'application/json';
      const edits = setHeaderEdits(context.text, operation, 'Content-Type', value);
      context.report({
        at: body.type.node,
        message: `Object body ${quoted(parameterName(body))} of operation ${quoted(operationName(operation))} needs a 'Content-Type' header: 'application/json' or 'application/xml'.`,
        fixes: [{ title: "Add 'Content-Type: application/json'", edits, preferred: true }],
      });
    }
  },
};
