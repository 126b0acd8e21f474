import type { CustomRequestRule } from '../../types';
import { eachBodyProblem } from './bodyAnalysis';

/** A create must give every non-nullable (or mandatory) property that has no default. */
export const missingRequiredProperty: CustomRequestRule<'baseUrl'> = {
  id: 'missing-required-property',
  subject: 'customRequest',
  // The url is read against the connector's baseUrl (where the service root ends).
  reads: { baseUrl: true },
  defaultSeverity: 'warning',
  docs: {
    summary: 'The body of a create lacks a property that is not nullable (or is marked mandatory, `Common.FieldControl`, as CAP\'s `@mandatory` is), has no default value and is not computed by the service.',
    why: 'The service refuses to create the entity (400) when the workflow runs, unless it fills the value in some way its metadata does not say.',
    fix: "The code action 'Fill required properties' adds them with sample values.",
  },
  check(request, context) {
    eachBodyProblem(request, context, ['missing-required']);
  },
};
