import type { Field, RestParameter } from '../../model';
import { EFFECTIVE_FORMATS } from '../../vocabulary';
import { parameterName, quoted } from '../restShared';
import type { ParameterContext, ParameterRule } from '../types';

function effective(type: string | undefined): string | undefined {
  return type ? (EFFECTIVE_FORMATS as Record<string, string | undefined>)[type] : undefined;
}

/** Reports `format` of `parameter` (or of its items) unless it is the one format that changes its type on the wire. */
function reportWithoutEffect(parameter: RestParameter, context: ParameterContext, format: Field<string>, type: string | undefined, ofItems: boolean): void {
  if (effective(type) === format.value) return;
  const name = quoted(parameterName(parameter));
  const owner = ofItems ? `the items of ${name}` : name;
  const hint = effective(type) ? ` On ${quoted(type ?? '')} only ${quoted(effective(type) ?? '')} changes what is sent.` : '';
  context.report({
    at: format.node,
    message: `Format ${quoted(format.value)} of ${owner} is documentation only: it does not change what is sent.${hint}`,
    tags: ['unnecessary'],
  });
}

/** Only date-time, int64 and float change what is sent; other formats are documentation. */
export const formatWithoutEffect: ParameterRule = {
  id: 'format-without-effect',
  subject: 'parameter',
  defaultSeverity: 'info',
  docs: {
    summary: 'A `format` that changes nothing at run time: anything but `date-time` on strings, `int64` on integers and `float` on numbers.',
    why: 'Only three formats change what the platform sends: date-time for strings, int64 for integers and float for numbers; any other format is documentation only.',
  },
  check(parameter, context) {
    // Most parameters have no format, and most formats have an effect: nothing is made for them.
    if (!parameter.format && !parameter.items) return;
    if (parameter.format) reportWithoutEffect(parameter, context, parameter.format, parameter.type?.value, false);
    for (let items = parameter.items, depth = 0; items && depth < 32; items = items.items, depth++) {
      if (items.format) reportWithoutEffect(parameter, context, items.format, items.type?.value, true);
    }
  },
};
