// `whetstone-agent serve` holds its buffers for as long as the language server does and gets the
// same heap sizing, SERVER_NODE_OPTIONS (protocol/server-process.ts says why). Node takes them only
// at start: v8.setFlagsFromString in a running process changes the growing factor but not the
// semi-space (measured: bench/README.md), and NODE_OPTIONS refuses --heap-growing-percent. So a
// serve started without them (`whetstone-agent serve`, `node dist/cli.js serve`) runs itself again
// as a child that has them, and stays beside it only to pass things on: the same stdin, stdout and
// stderr (the listening line, the terminal's answers and --stop-when-stdin-closes work as before),
// SIGINT and SIGTERM, and the child's exit status. The child also gets an IPC channel, which
// closes however this process ends (SIGKILL included); serve stops when it does.
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_OPTIONS } from '../protocol/server-process';
import { EXIT_USAGE } from './output';

/** The signals serve stops on: passed on to the child, which then exits on its own. */
const PASSED_ON: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/** `--max_semi_space_size=8` → `--max-semi-space-size`: V8 reads `_` and `-` alike. */
function optionName(option: string): string {
  return option.split('=')[0].replace(/_/g, '-');
}

/**
 * The options of SERVER_NODE_OPTIONS that `execArgv` lacks. One given with another value counts as
 * given: whoever started node chose it.
 */
export function missingServerNodeOptions(execArgv: readonly string[] = process.execArgv): string[] {
  const given = new Set(execArgv.map(optionName));
  return SERVER_NODE_OPTIONS.filter((option) => !given.has(optionName(option)));
}

/** Runs this command line again in a child node with `missing` added; resolves to its exit status. */
export function runWithServerNodeOptions(args: readonly string[], missing: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, [...process.execArgv, ...missing, process.argv[1], ...args], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  return passOnUntilExit(child, 'serve');
}

/**
 * Passes SIGINT and SIGTERM on to `child` until it exits; resolves to its exit status. Killed by a
 * signal, this process ends the same way, so whoever started it sees what happened.
 */
export function passOnUntilExit(child: ChildProcess, what: string): Promise<number> {
  const passOn = (signal: NodeJS.Signals): void => void child.kill(signal);
  for (const signal of PASSED_ON) process.on(signal, passOn);
  return new Promise((resolve) => {
    child.once('error', (error) => {
      for (const passed of PASSED_ON) process.off(passed, passOn);
      process.stderr.write(`whetstone-agent: cannot start ${what}: ${error.message}\n`);
      resolve(EXIT_USAGE);
    });
    // 'close', not 'exit': what the child wrote to a pipe of ours has been read by then.
    child.once('close', (code, signal) => {
      for (const passed of PASSED_ON) process.off(passed, passOn);
      if (signal !== null) process.kill(process.pid, signal);
      else resolve(code ?? EXIT_USAGE);
    });
  });
}
