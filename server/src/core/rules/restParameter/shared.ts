import type { RestView } from '../types';
import { addPropertyEdits, replaceValueEdit, type EditableText } from '../../edits';
import type { Fix, TextEdit } from '../../findings';
import { LastAsked } from '../../lastAsked';

/** Edits that turn on `advanced.enforceConstraints`, wherever the file has (or lacks) the setting. */
export function enableEnforcementEdits(target: EditableText, connector: RestView<'advanced'>): TextEdit[] {
  const advanced = connector.advanced;
  if (advanced?.enforceConstraints) return [replaceValueEdit(advanced.enforceConstraints.node, true)];
  if (advanced) return addPropertyEdits(target, advanced.node, 'enforceConstraints', true);
  return addPropertyEdits(target, connector.root, 'advanced', { enforceConstraints: true });
}

/** The fix each constrained parameter's finding offers, made once per version of the file: it is the same for all. */
const ENFORCEMENT_FIXES = new LastAsked<object, { text: string; fix: Fix }>();

/** The fix that turns on constraint enforcement: one object shared by every finding of a check of this text. */
export function enableEnforcementFix(target: EditableText, connector: RestView<'advanced'>): Fix {
  const made = ENFORCEMENT_FIXES.get(connector);
  if (made?.text === target.text) return made.fix;
  const fix: Fix = { title: 'Enable constraint enforcement', edits: enableEnforcementEdits(target, connector) };
  ENFORCEMENT_FIXES.set(connector, { text: target.text, fix });
  return fix;
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
