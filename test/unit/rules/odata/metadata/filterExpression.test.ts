import { filterExpression } from '../../../../../server/src/core/rules/odata/metadata/filterExpression';
import { customRequest, shopConnector, WITH_METADATA } from '../../../../support/metadataFixture';
import { ruleTable } from '../../../../support/ruleTable';

const filter = (expression: string, url = 'Orders'): string => shopConnector([customRequest('read', url, `"query": { "$filter": ${JSON.stringify(expression)} }`)]);

ruleTable(filterExpression, [
  { name: 'comparisons, functions, lambdas, enums and dates pass', text: filter("Status eq 'Released' and (contains(CustomerNo,'C1') or Amount gt 100.5) and Lines/any(l: l/LineNo ge 2) and Due lt 2026-12-01 and Address/City ne null and Status in ('Planned','Closed') and not Urgent") },
  { name: 'an equals sign instead of eq', text: filter("CustomerNo = 'C100'"), expect: [{ at: '=', message: /write 'eq'/ }] },
  { name: 'an unclosed string', text: filter("CustomerNo eq 'C100"), expect: [{ at: "'C100", message: /not closed/ }] },
  { name: 'an unknown property', text: filter("Costumer eq 'x'"), expect: [{ at: 'Costumer', message: /not a property of Order/ }] },
  { name: 'an unknown function, fixed', text: filter("startwith(CustomerNo,'C')"), expect: [{ at: 'startwith', message: /Did you mean 'startswith'/ }], fixed: filter("startswith(CustomerNo,'C')") },
  { name: 'a literal of another type', text: filter("Quantity eq 'five'"), expect: [{ at: "'five'", message: /Edm.Int32/ }] },
  { name: 'an unknown enum member', text: filter("Status eq 'Open'"), expect: [{ at: "'Open'", message: /one of 'Planned'/ }] },
  { name: 'upper-case operators', text: filter("Urgent EQ true"), expect: [{ at: 'EQ', message: /lower-case/ }] },
  { name: 'deep nesting is refused, not a crash', text: filter(`${'('.repeat(200)}Urgent${')'.repeat(200)}`), expect: [{ at: '(', occurrence: 64, message: /nests more than 64/ }] },
], WITH_METADATA);
