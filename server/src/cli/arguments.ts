// Every command's arguments are read by Node's parseArgs; this turns what it throws into the
// one-line usage error the command shows ("serve: --port needs a value").
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Parsed<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>;

/**
 * Parses `args` for `command` (strict, as by default: an unknown option or a missing value is an
 * error); `valueNames` says what a value option takes, for its message ("a folder"). A string is
 * the usage error to show.
 */
export function parseCommandArguments<T extends ParseArgsConfig>(command: string, config: T, valueNames: Readonly<Record<string, string>> = {}): Parsed<T> | string {
  try {
    return parseArgs(config);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A value option at the end, or followed by another option, has no value.
    const missing = /^Option '(--[\w-]+)(?: <value>)?' argument (?:missing|is ambiguous)/.exec(message);
    if (missing) return `${command}: ${missing[1]} needs ${valueNames[missing[1].slice(2)] ?? 'a value'}`;
    const unknown = /^Unknown option '([^']*)'/.exec(message);
    // Named as written, "--socket=9000" included.
    if (unknown) return `${command}: unknown argument ${config.args?.find((arg) => arg.startsWith(`${unknown[1]}=`)) ?? unknown[1]}`;
    const unexpected = /^Unexpected argument '([^']*)'/.exec(message);
    if (unexpected) return `${command}: unknown argument ${unexpected[1]}`;
    // Anything else parseArgs refuses ("does not take an argument"): its own first sentence.
    return `${command}: ${message.split(/\.\s/)[0]}`;
  }
}
