// A small $filter evaluator for the demo OData service: comparisons joined by `and`/`or`, with parentheses.

export type Scalar = string | number | boolean | null;
type Token = { kind: 'name' | 'string' | 'number' | 'word' | 'open' | 'close'; text: string };

const COMPARISONS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
type Comparison = (typeof COMPARISONS)[number];

/** Thrown for a $filter the demo cannot read; the service answers 400 with this message. */
export class FilterError extends Error {}

function tokenize(filter: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < filter.length) {
    const c = filter[i] ?? '';
    if (c === ' ') { i++; continue; }
    if (c === '(') { tokens.push({ kind: 'open', text: c }); i++; continue; }
    if (c === ')') { tokens.push({ kind: 'close', text: c }); i++; continue; }
    if (c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= filter.length) throw new FilterError(`Unterminated string in $filter: ${filter}`);
        if (filter[i] === "'" && filter[i + 1] === "'") { value += "'"; i += 2; continue; }
        if (filter[i] === "'") { i++; break; }
        value += filter[i];
        i++;
      }
      tokens.push({ kind: 'string', text: value });
      continue;
    }
    const word = /^[-\w.]+/.exec(filter.slice(i))?.[0];
    if (!word) throw new FilterError(`Unexpected '${c}' at position ${i} in $filter.`);
    tokens.push({ kind: /^-?\d/.test(word) ? 'number' : /^[A-Z]/.test(word) ? 'name' : 'word', text: word });
    i += word.length;
  }
  return tokens;
}

type Predicate = (row: Record<string, unknown>) => boolean;

function compare(left: unknown, op: Comparison, right: Scalar): boolean {
  switch (op) {
    case 'eq': return left === right;
    case 'ne': return left !== right;
    case 'gt': return (left as number) > (right as number);
    case 'ge': return (left as number) >= (right as number);
    case 'lt': return (left as number) < (right as number);
    case 'le': return (left as number) <= (right as number);
  }
}

/** Parses a $filter into a predicate over entity rows. */
export function parseFilter(filter: string): Predicate {
  const tokens = tokenize(filter);
  let at = 0;
  const next = (): Token | undefined => tokens[at++];
  const peek = (): Token | undefined => tokens[at];

  function literal(token: Token | undefined): Scalar {
    if (!token) throw new FilterError('A value is missing at the end of $filter.');
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.text === 'true' || token.text === 'false') return token.text === 'true';
    if (token.text === 'null') return null;
    throw new FilterError(`Expected a value in $filter, found '${token.text}'. Quote strings with single quotes.`);
  }

  function primary(): Predicate {
    const token = next();
    if (token?.kind === 'open') {
      const inner = or();
      if (next()?.kind !== 'close') throw new FilterError("A ')' is missing in $filter.");
      return inner;
    }
    if (token?.kind !== 'name') throw new FilterError(`Expected a property name in $filter, found '${token?.text ?? 'the end'}'.`);
    const op = next()?.text as Comparison | undefined;
    if (!op || !COMPARISONS.includes(op)) throw new FilterError(`Expected one of ${COMPARISONS.join(', ')} after '${token.text}' in $filter.`);
    const value = literal(next());
    const name = token.text;
    return (row) => compare(row[name], op, value);
  }

  function and(): Predicate {
    let left = primary();
    while (peek()?.text === 'and') {
      next();
      const l = left;
      const r = primary();
      left = (row) => l(row) && r(row);
    }
    return left;
  }

  function or(): Predicate {
    let left = and();
    while (peek()?.text === 'or') {
      next();
      const l = left;
      const r = and();
      left = (row) => l(row) || r(row);
    }
    return left;
  }

  const predicate = or();
  if (at < tokens.length) throw new FilterError(`Unexpected '${tokens[at]?.text}' in $filter.`);
  return predicate;
}
