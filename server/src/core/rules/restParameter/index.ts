import type { Rule } from '../types';
import { arraySettingsOnNonArray } from './arraySettingsOnNonArray';
import { computedTemplateCycle } from './computedTemplateCycle';
import { computedTemplateUnknownParameter } from './computedTemplateUnknownParameter';
import { computedWithoutTemplate } from './computedWithoutTemplate';
import { constraintsNotEnforced } from './constraintsNotEnforced';
import { constraintTypeMismatch } from './constraintTypeMismatch';
import { defaultMismatch } from './defaultMismatch';
import { duplicateOption } from './duplicateOption';
import { emptyValueOutsideQuery } from './emptyValueOutsideQuery';
import { emptyValueWithoutEffect } from './emptyValueWithoutEffect';
import { formatWithoutEffect } from './formatWithoutEffect';
import { optionsNotApplicable } from './optionsNotApplicable';
import { requiredNotApplicable } from './requiredNotApplicable';
import { separationWithoutEffect } from './separationWithoutEffect';
import { uniqueItemsDocumentationOnly } from './uniqueItemsDocumentationOnly';

/** Rules about one REST parameter's own settings. */
export const restParameterRules: readonly Rule[] = [
  emptyValueOutsideQuery,
  emptyValueWithoutEffect,
  arraySettingsOnNonArray,
  separationWithoutEffect,
  formatWithoutEffect,
  uniqueItemsDocumentationOnly,
  constraintsNotEnforced,
  constraintTypeMismatch,
  requiredNotApplicable,
  optionsNotApplicable,
  duplicateOption,
  defaultMismatch,
  computedTemplateUnknownParameter,
  computedTemplateCycle,
  computedWithoutTemplate,
];
