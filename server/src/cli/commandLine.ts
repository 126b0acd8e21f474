// Reading a command's arguments, for every command but lint (which uses node:util's parseArgs): options with a
// value, switches and positionals. Each command says which options it knows; an unknown option or a missing value
// is a usage error, in the same words everywhere.
import { UsageError } from './usage';

/** What a command refuses as an option's value besides none at all. */
export interface ValueRules {
  /** A value that looks like an option (`--env --format`): the value was left out. */
  refuseOptionLike?: boolean;
  /** An empty value (`--out ""`). */
  refuseEmpty?: boolean;
  /** `-` alone is a positional (standard input, a target), not an unknown option. */
  dashIsPositional?: boolean;
}

/** A command line once read: its positionals, and whether help was asked for. */
export interface CommandLine {
  positional: string[];
  help: boolean;
}

/**
 * Reads `argv`: `-h`/`--help` asks for help; each other option goes to `option(name, value)`, which takes the
 * option's value by calling `value()` and says whether it knows the option; the rest are positionals.
 */
export function readCommandLine(argv: readonly string[], option: (name: string, value: () => string) => boolean, rules: ValueRules = {}): CommandLine {
  const positional: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const value = (): string => {
      const given = argv[++i];
      if (given === undefined || (rules.refuseOptionLike && given.startsWith('--')) || (rules.refuseEmpty && given === '')) {
        throw new UsageError(`${arg} needs a value.`);
      }
      return given;
    };
    if (arg === '-h' || arg === '--help') help = true;
    else if (!arg.startsWith('-') || (arg === '-' && rules.dashIsPositional)) positional.push(arg);
    else if (!option(arg, value)) throw new UsageError(`Unknown option '${arg}'.`);
  }
  return { positional, help };
}
