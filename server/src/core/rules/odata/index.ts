import type { Rule } from '../types';
import { batchForwardReference } from './batchForwardReference';
import { batchReadInChangeSet } from './batchReadInChangeSet';
import { batchUnknownRequest } from './batchUnknownRequest';
import { binaryDownload } from './binaryDownload';
import { bodyFile } from './bodyFile';
import { bodyNotSent } from './bodyNotSent';
import { customRequestVersion } from './customRequestVersion';
import { duplicateCustomRequestId } from './duplicateCustomRequestId';
import { duplicateODataHeader } from './duplicateODataHeader';
import { entityDescriptorNeedsFullMetadata } from './entityDescriptorNeedsFullMetadata';
import { entityDescriptorNotCreate } from './entityDescriptorNotCreate';
import { invalidBodyJson } from './invalidBodyJson';
import { pathParameterInQuery } from './pathParameterInQuery';
import { queryIgnoredInOnlyPath } from './queryIgnoredInOnlyPath';
import { urlNotAbsolute } from './urlNotAbsolute';

/** Rules about OData Custom requests. */
export const odataRules: readonly Rule[] = [
  customRequestVersion,
  pathParameterInQuery,
  queryIgnoredInOnlyPath,
  invalidBodyJson,
  bodyNotSent,
  entityDescriptorNeedsFullMetadata,
  entityDescriptorNotCreate,
  urlNotAbsolute,
  binaryDownload,
  duplicateCustomRequestId,
  duplicateODataHeader,
  bodyFile,
  batchUnknownRequest,
  batchReadInChangeSet,
  batchForwardReference,
];
