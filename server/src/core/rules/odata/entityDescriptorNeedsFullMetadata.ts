import { addPropertyEdits, replaceValueEdit } from '../../edits';
import { quoted } from '../restShared';
import type { CustomRequestRule } from '../types';
import { requestName } from './shared';

/** The entity descriptor comes only with full metadata. */
export const entityDescriptorNeedsFullMetadata: CustomRequestRule = {
  id: 'entity-descriptor-needs-full-metadata',
  subject: 'customRequest',
  defaultSeverity: 'error',
  docs: {
    summary: '`includeEntityDescriptor: true` without `metadataLevel: "full"`.',
    why: 'The entity descriptor (edit link, ETag and type) comes only with full OData metadata, so the platform requires metadata level Full for it.',
    fix: 'Sets `metadataLevel` to `"full"`.',
  },
  check(request, context) {
    const include = request.includeEntityDescriptor;
    if (include?.value !== true || request.metadataLevel?.value === 'full') return;
    const level = request.metadataLevel;
    const edits = level ? [replaceValueEdit(level.node, 'full')] : addPropertyEdits(context, request.node, 'metadataLevel', 'full');
    context.report({
      at: include.node,
      message: `${quoted(requestName(request))} asks for the entity descriptor, which needs "metadataLevel": "full" (it is ${quoted(level?.value ?? 'minimal')}).`,
      fixes: [{ title: "Set 'metadataLevel' to 'full'", edits, preferred: true }],
    });
  },
};
