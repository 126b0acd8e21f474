// A POSIX shell command line read as bash reads it, as far as a pasted curl command needs: words with single, double
// and $'...' quotes, backslash escapes and line continuations; variables ($NAME, ${NAME}) and command substitutions
// ($(...)) kept as what they are, not expanded; commands joined by |, &&, || and ;. Whatever else would run code or
// depend on the user's shell (backquotes, arithmetic, subshells, here-documents) is refused with where it stands.

/** A part of a word: literal text, a variable the shell would expand, or a command substitution. */
export type WordPart =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; name: string }
  | { kind: 'command'; script: ShellScript };

/** One word of a command, and where it stands in the text. */
export interface ShellWord {
  parts: WordPart[];
  offset: number;
  end: number;
}

/** One simple command: its words, and the redirections it had (`> out.json`), which an import leaves aside. */
export interface ShellCommand {
  words: ShellWord[];
  redirections: string[];
  offset: number;
  end: number;
}

/** Commands joined by pipes, and how the pipeline is joined to the next (`;`, a line break, `&&`, `||`, `&`, or the end). */
export interface ShellPipeline {
  commands: ShellCommand[];
  joiner: ';' | '&&' | '||' | '&' | 'end';
}

/** A command line: its pipelines in order. */
export interface ShellScript {
  pipelines: ShellPipeline[];
  /** Where the script ends: the end of the text, or the `)` closing a command substitution. */
  end: number;
}

/** Why a command line cannot be read, and where. */
export interface ShellSyntaxError {
  message: string;
  offset: number;
}

/** The longest command line read: a curl command with a large JSON body fits many times over. */
export const MAX_COMMAND_CHARS = 8 * 1024 * 1024;
/** Command substitutions nested deeper than this are refused. */
const MAX_DEPTH = 8;

class Unreadable extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
/** Characters that end a word outside quotes. */
const WORD_END = new Set([' ', '\t', '\n', '\r', '|', '&', ';', '(', ')', '<', '>']);

/** The character `\c` stands for in $'...' (bash's ANSI-C quoting). */
const ANSI_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

class Reader {
  private at = 0;

  constructor(private readonly text: string) {}

  script(depth: number, closing: boolean): ShellScript {
    const pipelines: ShellPipeline[] = [];
    let commands: ShellCommand[] = [];
    const close = (joiner: ShellPipeline['joiner']): void => {
      if (commands.length > 0) pipelines.push({ commands, joiner });
      else if (joiner === '&&' || joiner === '||' || joiner === '&') throw new Unreadable(`'${joiner}' has no command before it`, this.at);
      commands = [];
    };
    for (;;) {
      this.skipBlanks();
      const c = this.text[this.at];
      if (c === undefined) {
        if (closing) throw new Unreadable("a '$(' is never closed by ')'", this.text.length);
        close('end');
        return { pipelines, end: this.at };
      }
      if (c === ')') {
        if (!closing) throw new Unreadable("')' closes nothing", this.at);
        close('end');
        this.at++;
        return { pipelines, end: this.at };
      }
      if (c === '#') {
        while (this.at < this.text.length && this.text[this.at] !== '\n') this.at++;
        continue;
      }
      if (c === '\n' || c === ';') {
        this.at++;
        close(';');
        continue;
      }
      if (c === '&' || c === '|') {
        const two = this.text.slice(this.at, this.at + 2);
        if (two === '&&' || two === '||') {
          this.at += 2;
          close(two);
          continue;
        }
        this.at++;
        if (c === '&') {
          close('&');
          continue;
        }
        if (commands.length === 0) throw new Unreadable("'|' has no command before it", this.at - 1);
        continue;
      }
      if (c === '(') throw new Unreadable('a subshell ( ... ) is not read; paste the curl command itself', this.at);
      commands.push(this.command(depth));
    }
  }

  private command(depth: number): ShellCommand {
    const words: ShellWord[] = [];
    const redirections: string[] = [];
    const offset = this.at;
    for (;;) {
      this.skipBlanks();
      const c = this.text[this.at];
      if (c === undefined || c === '\n' || c === ';' || c === '&' || c === '|' || c === ')' || c === '#') break;
      if (c === '<' || c === '>') {
        const start = this.at;
        while (this.text[this.at] === '<' || this.text[this.at] === '>' || this.text[this.at] === '&') this.at++;
        if (this.text.slice(start, this.at).includes('<<')) throw new Unreadable('a here-document (<<) is not read; paste the curl command with its data', start);
        this.skipBlanks();
        const target = this.word(depth);
        redirections.push(`${this.text.slice(start, target.offset).trim()} ${this.text.slice(target.offset, target.end)}`);
        continue;
      }
      const word = this.word(depth);
      // `2>` and `1>`: a descriptor number before a redirection belongs to it.
      if (/^\d+$/.test(this.text.slice(word.offset, word.end)) && (this.text[this.at] === '>' || this.text[this.at] === '<')) continue;
      words.push(word);
    }
    return { words, redirections, offset, end: this.at };
  }

  private skipBlanks(): void {
    for (;;) {
      const c = this.text[this.at];
      if (c === ' ' || c === '\t') this.at++;
      else if (c === '\r' && this.text[this.at + 1] === '\n') this.at++;
      else if (c === '\\' && this.text[this.at + 1] === '\n') this.at += 2;
      else if (c === '\\' && this.text[this.at + 1] === '\r' && this.text[this.at + 2] === '\n') this.at += 3;
      else return;
    }
  }

  private word(depth: number): ShellWord {
    const offset = this.at;
    const parts: WordPart[] = [];
    const text = (t: string): void => {
      const last = parts[parts.length - 1];
      if (last?.kind === 'text') last.text += t;
      else parts.push({ kind: 'text', text: t });
    };
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined || WORD_END.has(c)) {
        if (c === '\r' && this.text[this.at + 1] !== '\n') {
          this.at++;
          continue;
        }
        break;
      }
      if (c === '\\') {
        const next = this.text[this.at + 1];
        if (next === undefined) throw new Unreadable('the command ends in a lone backslash', this.at);
        if (next === '\n') this.at += 2;
        else if (next === '\r' && this.text[this.at + 2] === '\n') this.at += 3;
        else {
          text(next);
          this.at += 2;
        }
        continue;
      }
      if (c === "'") {
        const close = this.text.indexOf("'", this.at + 1);
        if (close < 0) throw new Unreadable('a single quote (\') is never closed', this.at);
        text(this.text.slice(this.at + 1, close));
        this.at = close + 1;
        continue;
      }
      if (c === '$' && this.text[this.at + 1] === "'") {
        this.at += 2;
        text(this.ansiQuoted());
        continue;
      }
      if (c === '"') {
        this.at++;
        this.doubleQuoted(parts, text, depth);
        continue;
      }
      this.expandable(c, parts, text, depth);
    }
    if (parts.length === 0) parts.push({ kind: 'text', text: '' });
    return { parts, offset, end: this.at };
  }

  /** After `$'`: bash's ANSI-C quoting, up to the closing quote. */
  private ansiQuoted(): string {
    const start = this.at - 2;
    let out = '';
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined) throw new Unreadable("a $'...' quote is never closed", start);
      if (c === "'") {
        this.at++;
        return out;
      }
      if (c !== '\\') {
        out += c;
        this.at++;
        continue;
      }
      const e = this.text[this.at + 1] ?? '';
      this.at += 2;
      const simple = ANSI_ESCAPES[e];
      if (simple !== undefined) out += simple;
      else if (e === 'x') out += this.codeUnits(/^[0-9a-fA-F]{1,2}/, 16, true);
      else if (/[0-7]/.test(e)) {
        this.at--;
        out += this.codeUnits(/^[0-7]{1,3}/, 8, true);
      } else if (e === 'u' || e === 'U') out += this.codeUnits(e === 'u' ? /^[0-9a-fA-F]{1,4}/ : /^[0-9a-fA-F]{1,8}/, 16, false);
      else if (e === 'c') {
        const control = this.text[this.at] ?? '@';
        this.at++;
        out += String.fromCharCode(control.toUpperCase().charCodeAt(0) & 0x1f);
      } else out += `\\${e}`;
    }
  }

  /**
   * Escapes giving bytes (`\xHH`, `\NNN`) run together into UTF-8 as bash passes them on (`\xc3\xa9` is é); a byte
   * that is not part of UTF-8 is read as the Latin-1 character of that code, which a header sends as that byte.
   */
  private codeUnits(pattern: RegExp, radix: number, bytes: boolean): string {
    const read = (): number | undefined => {
      const match = pattern.exec(this.text.slice(this.at));
      if (!match) return undefined;
      this.at += match[0].length;
      return parseInt(match[0], radix);
    };
    if (!bytes) {
      const code = read();
      return code === undefined || code > 0x10ffff ? '' : String.fromCodePoint(code);
    }
    const collected: number[] = [];
    const first = read();
    if (first === undefined) return '';
    collected.push(first & 0xff);
    for (;;) {
      const more = radix === 16 ? /^\\x[0-9a-fA-F]/.test(this.text.slice(this.at)) : /^\\[0-7]/.test(this.text.slice(this.at));
      if (!more) break;
      this.at += radix === 16 ? 2 : 1;
      const next = read();
      if (next === undefined) break;
      collected.push(next & 0xff);
    }
    const buffer = Buffer.from(collected);
    const utf8 = buffer.toString('utf8');
    return Buffer.from(utf8, 'utf8').equals(buffer) ? utf8 : buffer.toString('latin1');
  }

  /** After `"`: text up to the closing quote, with `\` escaping `$`, `` ` ``, `"`, `\` and a line break, and `$` expansions. */
  private doubleQuoted(parts: WordPart[], text: (t: string) => void, depth: number): void {
    const start = this.at - 1;
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined) throw new Unreadable('a double quote (") is never closed', start);
      if (c === '"') {
        this.at++;
        return;
      }
      if (c === '\\') {
        const next = this.text[this.at + 1] ?? '';
        if (next === '\n') this.at += 2;
        else if ('$`"\\'.includes(next) && next !== '') {
          text(next);
          this.at += 2;
        } else {
          text('\\');
          this.at++;
        }
        continue;
      }
      this.expandable(c, parts, text, depth);
    }
  }

  /** A character outside single quotes: `$` expands, a backquote is refused, anything else is itself. */
  private expandable(c: string, parts: WordPart[], text: (t: string) => void, depth: number): void {
    if (c === '$') return this.dollar(parts, text, depth);
    if (c === '`') throw new Unreadable('a command in backquotes (`...`) is not run; paste the curl command with the value written out', this.at);
    text(c);
    this.at++;
  }

  /** At `$`: a variable, a command substitution, or a plain dollar sign. */
  private dollar(parts: WordPart[], text: (t: string) => void, depth: number): void {
    const next = this.text[this.at + 1] ?? '';
    if (next === '(') {
      if (this.text[this.at + 2] === '(') throw new Unreadable('arithmetic $(( ... )) is not read', this.at);
      if (depth >= MAX_DEPTH) throw new Unreadable(`command substitutions are nested deeper than ${MAX_DEPTH} levels`, this.at);
      this.at += 2;
      parts.push({ kind: 'command', script: this.script(depth + 1, true) });
      return;
    }
    if (next === '{') {
      const close = this.text.indexOf('}', this.at + 2);
      const name = close < 0 ? '' : this.text.slice(this.at + 2, close);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Unreadable('only ${NAME} is read inside ${ }: no defaults, no substitutions', this.at);
      parts.push({ kind: 'variable', name });
      this.at = close + 1;
      return;
    }
    if (NAME_START.test(next)) {
      let end = this.at + 1;
      while (end < this.text.length && NAME_CHAR.test(this.text[end] ?? '')) end++;
      parts.push({ kind: 'variable', name: this.text.slice(this.at + 1, end) });
      this.at = end;
      return;
    }
    // `$1`, `$?`, `$$`...: what the shell's own state holds cannot be known here.
    if (/[0-9?$!#@*-]/.test(next)) throw new Unreadable(`'$${next}' is the shell's own value and cannot be known here`, this.at);
    text('$');
    this.at++;
  }
}

/** Reads a command line; a precise error (what and where) when it cannot be read. */
export function readShell(text: string): { ok: true; script: ShellScript } | { ok: false; error: ShellSyntaxError } {
  if (text.length > MAX_COMMAND_CHARS) return { ok: false, error: { message: `the command is ${text.length} characters long; at most ${MAX_COMMAND_CHARS} are read`, offset: MAX_COMMAND_CHARS } };
  const nul = text.indexOf('\0');
  if (nul >= 0) return { ok: false, error: { message: 'the command holds a NUL character, which no shell passes to curl', offset: nul } };
  // Windows' cmd.exe continues lines with ^; its quoting is not the shell's.
  const caret = /\^\r?\n/.exec(text);
  if (caret) return { ok: false, error: { message: "the command is written for Windows' cmd.exe (lines continued with ^); copy it as cURL for bash instead", offset: caret.index } };
  try {
    return { ok: true, script: new Reader(text).script(0, false) };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, error: { message: error.message, offset: error.offset } };
    throw error;
  }
}

/** A word's text when it is all literal; undefined when it holds a variable or a command. */
export function literalOf(word: ShellWord): string | undefined {
  return word.parts.every((p) => p.kind === 'text') ? word.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('') : undefined;
}

/** A word's text with each variable written as `${NAME}` (a command substitution as `$(...)`): for messages and values that keep the reference. */
export function shownOf(word: ShellWord): string {
  return word.parts.map((p) => (p.kind === 'text' ? p.text : p.kind === 'variable' ? `\${${p.name}}` : '$(...)')).join('');
}
