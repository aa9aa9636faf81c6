// Where a command writes: stdout for results, stderr for problems with the run itself.
import { terminalLine } from '../protocol/display-text';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Longest line written to stderr. Its lines carry agents' names and labels, file paths and error
 * messages, and under `serve --approve ask` share the terminal the person answers on: each is
 * written as one line with every control, bidi and tag character shown as an escape, so no text
 * can clear the screen, move the cursor or forge a prompt.
 */
const MAX_ERR_LINE_CHARS = 4000;

export const processOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${terminalLine(line, MAX_ERR_LINE_CHARS)}\n`),
};

/** Exit codes of every command. */
export const EXIT_OK = 0;
export const EXIT_ERRORS_FOUND = 1;
export const EXIT_USAGE = 2;
