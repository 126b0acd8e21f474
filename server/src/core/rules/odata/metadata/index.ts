import type { Rule } from '../../types';
import { binaryContent } from './binaryContent';
import { bodyValueType } from './bodyValueType';
import { filterExpression } from './filterExpression';
import { ifMatchMissing } from './ifMatchMissing';
import { keyPredicate } from './keyPredicate';
import { metadataFile } from './metadataFile';
import { missingRequiredProperty } from './missingRequiredProperty';
import { operationKind } from './operationKind';
import { operationParameter } from './operationParameter';
import { operationRestricted } from './operationRestricted';
import { queryOption } from './queryOption';
import { readOnlyInBody } from './readOnlyInBody';
import { responseStructure } from './responseStructure';
import { unknownBodyProperty } from './unknownBodyProperty';
import { unknownResource } from './unknownResource';

/** Rules that judge Custom requests against the service's $metadata; silent when the connector names none. */
export const metadataRules: readonly Rule[] = [
  metadataFile,
  unknownResource,
  keyPredicate,
  operationKind,
  operationRestricted,
  operationParameter,
  queryOption,
  filterExpression,
  unknownBodyProperty,
  bodyValueType,
  readOnlyInBody,
  missingRequiredProperty,
  ifMatchMissing,
  responseStructure,
  binaryContent,
];
