// `whetstone-agent lsp`: the language server VS Code runs (dist/server.js beside this command, which
// loads it from the bundle the two share), over stdin and stdout for any LSP client: Neovim, Helix, Zed (docs/EDITORS.md). It
// runs in a child node started with the server's heap sizing (SERVER_NODE_OPTIONS; Node takes them
// only at start, see server-node-options.ts), and this process stays beside it to pass messages,
// SIGINT and SIGTERM on and to hand back its exit status. The messages go through this process,
// not straight to the child, so the server also ends when this process is killed outright: its
// input then closes, and a language server ends with its input.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandArguments } from './arguments';
import { EXIT_USAGE, type Output } from './output';
import { missingServerNodeOptions, passOnUntilExit } from './server-node-options';

/** `lsp [--stdio]`: the arguments, or what is wrong with them. */
export function parseLspArguments(args: readonly string[]): Record<string, never> | string {
  // Some clients add --stdio to any server they start; stdio is the only transport here.
  const parsed = parseCommandArguments('lsp', { args: [...args], options: { stdio: { type: 'boolean' } } });
  return typeof parsed === 'string' ? `${parsed} (the server talks over stdin and stdout)` : {};
}

/** Where the language server's entry is: beside this bundle in dist/, or compiled in out/ (tests). */
function languageServerPath(): string | undefined {
  const candidates = [join(__dirname, 'server.js'), join(__dirname, '..', 'editor-process', 'main.js')];
  return candidates.find((path) => existsSync(path));
}

/** Runs the language server over this process's stdin and stdout; resolves to its exit status. */
export function runLsp(output: Output): Promise<number> {
  const server = languageServerPath();
  if (server === undefined) {
    output.err(`whetstone-agent: lsp: the language server (server.js) is not beside ${__dirname}`);
    return Promise.resolve(EXIT_USAGE);
  }
  const child = spawn(process.execPath, [...process.execArgv, ...missingServerNodeOptions(), server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  // The client went away mid-message, or the server ended before reading it all: nothing to report.
  child.stdin.on('error', () => undefined);
  process.stdout.on('error', () => undefined);
  process.stdin.pipe(child.stdin);
  child.stdout.pipe(process.stdout);
  return passOnUntilExit(child, 'the language server').finally(() => {
    // Let this process end: its stdin would keep it waiting for a client that no longer talks.
    process.stdin.unpipe(child.stdin);
    process.stdin.destroy();
  });
}
