import { locationAnchor, operationName, quoted } from '../restShared';
import type { OperationRule } from '../types';

/** Form parameters are the body; an operation cannot have both. */
export const formAndBodyTogether: OperationRule = {
  id: 'form-and-body-together',
  subject: 'operation',
  defaultSeverity: 'error',
  docs: {
    summary: 'An operation with both `form` and `body` parameters (reported on the first body parameter).',
    why: 'Form parameters and a body parameter both fill the request body, so the platform does not allow an operation to have both.',
  },
  check(operation, { facts, report }) {
    const body = facts.in('body')[0];
    if (!body || facts.in('form').length === 0) return;
    report({
      at: locationAnchor(body),
      message: `Operation ${quoted(operationName(operation))} has form parameters and a body parameter; the form is the body, so only one kind is possible. Move the form values into the body's model, or the body value into form parameters.`,
    });
  },
};
