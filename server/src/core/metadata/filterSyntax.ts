/**
 * A parser for OData `$filter` (and `$orderby`) expressions: tokens, then precedence climbing into a small tree
 * whose every node keeps its range in the option's text. Bounded: a nesting deeper than MAX_DEPTH is an error,
 * never a stack overflow.
 */
import type { Range } from './pathSyntax';

export type FilterNode =
  | { kind: 'literal'; text: string; range: Range }
  | { kind: 'path'; segments: { name: string; range: Range }[]; range: Range; lambda?: { operator: 'any' | 'all'; variable?: string; body?: FilterNode; range: Range } }
  | { kind: 'call'; name: string; nameRange: Range; args: FilterNode[]; range: Range }
  | { kind: 'binary'; operator: string; left: FilterNode; right: FilterNode; range: Range }
  | { kind: 'unary'; operator: string; operand: FilterNode; range: Range }
  | { kind: 'list'; items: FilterNode[]; range: Range };

export interface FilterSyntaxError {
  range: Range;
  message: string;
}

interface Token {
  kind: 'name' | 'literal' | 'punct' | 'end';
  text: string;
  start: number;
  end: number;
}

const MAX_DEPTH = 64;
export const FILTER_FUNCTIONS: Readonly<Record<string, number | [number, number]>> = {
  contains: 2, startswith: 2, endswith: 2, length: 1, indexof: 2, substring: [2, 3], tolower: 1, toupper: 1, trim: 1, concat: 2,
  matchesPattern: 2, year: 1, month: 1, day: 1, hour: 1, minute: 1, second: 1, fractionalseconds: 1, totalseconds: 1, date: 1,
  time: 1, totaloffsetminutes: 1, now: 0, maxdatetime: 0, mindatetime: 0, round: 1, floor: 1, ceiling: 1, cast: [1, 2],
  isof: [1, 2], 'geo.distance': 2, 'geo.intersects': 2, 'geo.length': 1, hassubset: 2, hassubsequence: 2, case: [1, 64],
};
const COMPARISON = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'has', 'in']);
const BINARY_PRECEDENCE: Readonly<Record<string, number>> = { or: 1, and: 2, eq: 3, ne: 3, gt: 3, ge: 3, lt: 3, le: 3, has: 3, in: 3, add: 4, sub: 4, mul: 5, div: 5, divby: 5, mod: 5 };

const LITERAL_PATTERNS: RegExp[] = [
  /^[A-Za-z][\w.]*'(?:[^']|'')*'/, // typed: duration'P1D', NS.Enum'Member'
  /^'(?:[^']|'')*'/,
  /^\{[^{}]*\}/, // a {path parameter} stands for a literal
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/,
  /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?/i,
  /^-?\d{4,}-\d{2}-\d{2}\b/,
  /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?\b/,
  /^-?\d+(\.\d+)?([eE][+-]?\d+)?\b/,
  /^@[\w.]+/,
];

function tokenize(text: string): Token[] | FilterSyntaxError {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const rest = text.slice(i, i + 256);
    if ("(),/:[]".includes(c)) {
      tokens.push({ kind: 'punct', text: c, start: i, end: i + 1 });
      i++;
      continue;
    }
    if (c === "'" && !/^'(?:[^']|'')*'/.test(text.slice(i))) return { range: { start: i, end: text.length }, message: 'a string is not closed: it needs a closing single quote (write a quote inside a string as two)' };
    let matched: string | undefined;
    for (const pattern of LITERAL_PATTERNS) {
      const m = pattern.exec(pattern.source.startsWith("^'") || pattern.source.startsWith('^[A-Za-z]') ? text.slice(i) : rest);
      if (m) {
        matched = m[0];
        break;
      }
    }
    if (matched && !/^[A-Za-z]/.test(matched)) {
      tokens.push({ kind: 'literal', text: matched, start: i, end: i + matched.length });
      i += matched.length;
      continue;
    }
    if (matched && matched.includes("'")) {
      tokens.push({ kind: 'literal', text: matched, start: i, end: i + matched.length });
      i += matched.length;
      continue;
    }
    const name = /^[$A-Za-z_][\w.]*\*?|^\*/.exec(rest)?.[0];
    if (name) {
      tokens.push({ kind: ['true', 'false', 'null', 'INF', 'NaN'].includes(name) ? 'literal' : 'name', text: name, start: i, end: i + name.length });
      i += name.length;
      continue;
    }
    if (c === '-') {
      tokens.push({ kind: 'punct', text: '-', start: i, end: i + 1 });
      i++;
      continue;
    }
    const symbol = /^(==|!=|<=|>=|&&|\|\||=|<|>|!)/.exec(rest)?.[0];
    const word: Readonly<Record<string, string>> = { '=': 'eq', '==': 'eq', '!=': 'ne', '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge', '&&': 'and', '||': 'or', '!': 'not' };
    if (symbol) return { range: { start: i, end: i + symbol.length }, message: `'${symbol}' is not an OData operator: write '${word[symbol] ?? 'eq'}'` };
    return { range: { start: i, end: i + 1 }, message: `'${c}' is not allowed here` };
  }
  tokens.push({ kind: 'end', text: '', start: text.length, end: text.length });
  return tokens;
}

class FilterParser {
  private position = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.position] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.position++;
    return token;
  }

  private fail(token: Token, message: string): never {
    throw { range: { start: token.start, end: Math.max(token.end, token.start + 1) }, message } satisfies FilterSyntaxError;
  }

  private expect(text: string, what: string): Token {
    const token = this.peek();
    if (token.text !== text || token.kind !== 'punct') this.fail(token, `expected ${what}${token.kind === 'end' ? ' before the end' : `, found '${token.text}'`}`);
    return this.next();
  }

  parseAll(): FilterNode {
    const node = this.expression(0);
    const rest = this.peek();
    if (rest.kind !== 'end') this.fail(rest, `expected an operator such as 'and', 'or' or 'eq', found '${rest.text}'`);
    return node;
  }

  expression(minimum: number): FilterNode {
    if (++this.depth > MAX_DEPTH) this.fail(this.peek(), `the expression nests more than ${MAX_DEPTH} levels deep`);
    try {
      let left = this.unary();
      for (;;) {
        const token = this.peek();
        const precedence = token.kind === 'name' ? BINARY_PRECEDENCE[token.text] : undefined;
        if (precedence === undefined || precedence <= minimum) {
          if (token.kind === 'name' && token.text !== token.text.toLowerCase() && BINARY_PRECEDENCE[token.text.toLowerCase()] !== undefined) {
            this.fail(token, `operators are lower-case: write '${token.text.toLowerCase()}'`);
          }
          return left;
        }
        this.next();
        const right = token.text === 'in' ? this.primary() : this.expression(precedence);
        left = { kind: 'binary', operator: token.text, left, right, range: { start: left.range.start, end: right.range.end } };
      }
    } finally {
      this.depth--;
    }
  }

  private unary(): FilterNode {
    const token = this.peek();
    if ((token.kind === 'name' && token.text === 'not') || (token.kind === 'punct' && token.text === '-')) {
      this.next();
      const operand = this.expression(5);
      return { kind: 'unary', operator: token.text, operand, range: { start: token.start, end: operand.range.end } };
    }
    return this.primary();
  }

  private primary(): FilterNode {
    const token = this.next();
    if (token.kind === 'literal') return { kind: 'literal', text: token.text, range: { start: token.start, end: token.end } };
    if (token.kind === 'punct' && (token.text === '(' || token.text === '[')) {
      const close = token.text === '(' ? ')' : ']';
      const items = [this.expression(0)];
      while (this.peek().text === ',') {
        this.next();
        items.push(this.expression(0));
      }
      const end = this.expect(close, `'${close}'`);
      return items.length === 1 && close === ')' ? (items[0] as FilterNode) : { kind: 'list', items, range: { start: token.start, end: end.end } };
    }
    if (token.kind !== 'name') this.fail(token, token.kind === 'end' ? 'the expression ends too early: an operand is missing' : `expected a property, a literal or a function, found '${token.text}'`);
    if (this.peek().text === '(' && this.peek().kind === 'punct') return this.call(token);
    return this.path(token);
  }

  private call(name: Token): FilterNode {
    this.expect('(', "'('");
    const args: FilterNode[] = [];
    if (this.peek().text !== ')') {
      args.push(this.expression(0));
      while (this.peek().text === ',') {
        this.next();
        args.push(this.expression(0));
      }
    }
    const end = this.expect(')', "')' or ','");
    return { kind: 'call', name: name.text, nameRange: { start: name.start, end: name.end }, args, range: { start: name.start, end: end.end } };
  }

  private path(first: Token): FilterNode {
    const segments = [{ name: first.text, range: { start: first.start, end: first.end } }];
    let end = first.end;
    while (this.peek().text === '/' && this.peek().kind === 'punct') {
      this.next();
      const token = this.next();
      if (token.kind !== 'name') this.fail(token, "expected a property name after '/'");
      if ((token.text === 'any' || token.text === 'all') && this.peek().text === '(') {
        this.next();
        let variable: string | undefined;
        let body: FilterNode | undefined;
        if (this.peek().text !== ')') {
          const v = this.next();
          if (v.kind !== 'name') this.fail(v, `expected a variable name, e.g. ${token.text}(d: d/Quantity gt 1)`);
          variable = v.text;
          this.expect(':', `':' after the variable '${v.text}'`);
          body = this.expression(0);
        }
        const close = this.expect(')', "')'");
        const range = { start: first.start, end: close.end };
        return { kind: 'path', segments, range, lambda: { operator: token.text, ...(variable ? { variable } : {}), ...(body ? { body } : {}), range: { start: token.start, end: close.end } } };
      }
      segments.push({ name: token.text, range: { start: token.start, end: token.end } });
      end = token.end;
    }
    return { kind: 'path', segments, range: { start: first.start, end } };
  }
}

/** Parses a $filter expression; a syntax error says where and what was expected. */
export function parseFilter(text: string): { ok: true; node: FilterNode } | { ok: false; error: FilterSyntaxError } {
  if (text.trim() === '') return { ok: false, error: { range: { start: 0, end: text.length }, message: 'the expression is empty' } };
  const tokens = tokenize(text);
  if (!Array.isArray(tokens)) return { ok: false, error: tokens };
  try {
    return { ok: true, node: new FilterParser(tokens).parseAll() };
  } catch (error) {
    if (error && typeof error === 'object' && 'range' in error && 'message' in error) return { ok: false, error: error as FilterSyntaxError };
    throw error;
  }
}

/** Parses one expression (an $orderby item, a function argument); the same rules as $filter. */
export const parseExpression = parseFilter;

/** Whether an operator compares (its operands should be of one type). */
export function isComparison(operator: string): boolean {
  return COMPARISON.has(operator);
}
