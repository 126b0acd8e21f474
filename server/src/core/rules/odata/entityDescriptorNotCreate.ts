import { quoted } from '../restShared';
import type { CustomRequestRule } from '../types';
import { requestName } from './shared';

/** Only Create answers with an entity descriptor. */
export const entityDescriptorNotCreate: CustomRequestRule = {
  id: 'entity-descriptor-not-create',
  subject: 'customRequest',
  defaultSeverity: 'warning',
  docs: {
    summary: '`includeEntityDescriptor: true` on a Custom request that is not a `create`.',
    why: 'The platform returns the entity descriptor for Create operations only; for any other kind the option does nothing.',
  },
  check(request, context) {
    const include = request.includeEntityDescriptor;
    const operation = request.operation?.value;
    if (include?.value !== true || !operation || operation === 'create') return;
    context.report({
      at: include.node,
      message: `The entity descriptor is returned for create operations only; ${quoted(requestName(request))} is ${quoted(operation)}, so nothing will be included. Remove it, or read @odata.etag from the data.`,
    });
  },
};
