// Where a command writes: stdout for results, stderr for problems with the run itself.
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const processOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Exit codes of every command. */
export const EXIT_OK = 0;
export const EXIT_ERRORS_FOUND = 1;
export const EXIT_USAGE = 2;
