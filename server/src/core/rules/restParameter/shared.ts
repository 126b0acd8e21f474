import type { RestView } from '../types';
import { addPropertyEdits, replaceValueEdit, type EditableText } from '../../edits';
import type { TextEdit } from '../../findings';

/** Edits that turn on `advanced.enforceConstraints`, wherever the file has (or lacks) the setting. */
export function enableEnforcementEdits(target: EditableText, connector: RestView<'advanced'>): TextEdit[] {
  const advanced = connector.advanced;
  if (advanced?.enforceConstraints) return [replaceValueEdit(advanced.enforceConstraints.node, true)];
  if (advanced) return addPropertyEdits(target, advanced.node, 'enforceConstraints', true);
  return addPropertyEdits(target, connector.root, 'advanced', { enforceConstraints: true });
}

/** Which constraints fit which parameter types. */
export const CONSTRAINT_TYPES: Readonly<Record<string, readonly string[]>> = {
  maxLength: ['string', 'computed'],
  minLength: ['string', 'computed'],
  pattern: ['string', 'computed'],
  maximum: ['integer', 'number'],
  minimum: ['integer', 'number'],
  exclusiveMaximum: ['integer', 'number'],
  exclusiveMinimum: ['integer', 'number'],
  maxItems: ['array'],
  minItems: ['array'],
};
