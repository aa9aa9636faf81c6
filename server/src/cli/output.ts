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

/** The standard streams whose reader went away (a closed pipe or terminal): nothing more is written there. */
const gone = new Set<NodeJS.WriteStream>();
const guarded = new Set<NodeJS.WriteStream>();

/** Writes a line to `stream` unless its reader is gone. */
function writeLine(stream: NodeJS.WriteStream, line: string): void {
  if (gone.has(stream) || stream.destroyed) return;
  stream.write(`${line}\n`);
}

export const processOutput: Output = {
  out: (line) => writeLine(process.stdout, line),
  err: (line) => writeLine(process.stderr, terminalLine(line, MAX_ERR_LINE_CHARS)),
};

/**
 * Makes a write to a closed stdout or stderr (EPIPE) end that stream's output instead of raising an
 * uncaught error: a long-running command (serve) whose terminal or reader is gone keeps working, and
 * an error handler that logs to stderr cannot fail again and again on the same write.
 */
export function keepRunningWithoutOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (!guarded.has(stream)) stream.on('error', () => gone.add(stream));
    guarded.add(stream);
  }
}

/** Exit codes of every command. */
export const EXIT_OK = 0;
export const EXIT_ERRORS_FOUND = 1;
export const EXIT_USAGE = 2;
