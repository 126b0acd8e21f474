import type { Rule } from '../types';
import { arrayItemTypeNotAllowedInLocation } from './arrayItemTypeNotAllowedInLocation';
import { bodyOnGetOrDelete } from './bodyOnGetOrDelete';
import { duplicateHeader } from './duplicateHeader';
import { duplicateOperationId } from './duplicateOperationId';
import { duplicateParameter } from './duplicateParameter';
import { fileNeedsPostPutPatch } from './fileNeedsPostPutPatch';
import { formAndBodyTogether } from './formAndBodyTogether';
import { formContentTypeMismatch } from './formContentTypeMismatch';
import { formWithoutContentType } from './formWithoutContentType';
import { headerCredential } from './headerCredential';
import { multiOnPath } from './multiOnPath';
import { multipleBodyParameters } from './multipleBodyParameters';
import { objectBodyWithoutContentType } from './objectBodyWithoutContentType';
import { pathParameterNotInPath } from './pathParameterNotInPath';
import { queryInPath } from './queryInPath';
import { pathPlaceholderWithoutParameter } from './pathPlaceholderWithoutParameter';
import { streamContentType } from './streamContentType';
import { typeNotAllowedInLocation } from './typeNotAllowedInLocation';
import { unknownModel } from './unknownModel';
import { unknownModelRef } from './unknownModelRef';

/** Rules about a REST operation as a whole: its path, methods, headers and the mix of its parameters. */
export const restOperationRules: readonly Rule[] = [
  pathParameterNotInPath,
  pathPlaceholderWithoutParameter,
  typeNotAllowedInLocation,
  arrayItemTypeNotAllowedInLocation,
  multiOnPath,
  multipleBodyParameters,
  formAndBodyTogether,
  bodyOnGetOrDelete,
  formWithoutContentType,
  formContentTypeMismatch,
  fileNeedsPostPutPatch,
  objectBodyWithoutContentType,
  unknownModel,
  unknownModelRef,
  streamContentType,
  duplicateParameter,
  duplicateOperationId,
  headerCredential,
  duplicateHeader,
  queryInPath,
];
