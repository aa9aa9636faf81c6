// `whetstone-agent`: the Whetstone core without an editor, for agents and CI (bundled to
// dist/cli.js, the package's bin). Sub-commands parse their own arguments here; the work is in
// the other files of this folder (check.ts, parse.ts, project.ts, serve.ts), each loaded only when
// its command runs: a serve that starts itself again with the server's Node options
// (server-node-options.ts) then stays a small process beside the real one.
import { parseCommandArguments } from './arguments';
import type { CheckOptions } from './check';
import { PACKAGE, settingDefault } from '../workspace/package-manifest';
import { EXIT_USAGE, processOutput, type Output } from './output';
import { missingServerNodeOptions, runWithServerNodeOptions } from './server-node-options';

export const USAGE = `whetstone-agent: the Whetstone language (.wst) without an editor. Check files, print
their syntax tree, turn them into JavaScript, TypeScript or Python, and serve them to AI agents,
who read and change them through the syntax tree (JSON-RPC over WebSocket, or MCP).

Usage: whetstone-agent <command> [options]

Commands:
  check [--json] [--root DIR] [--library FILE] PATH...
                           Report the syntax and semantic diagnostics of the given .wst files,
                           and of every .wst file under the given folders (recursively).
                           Imports are checked across files: "use a.b;" is DIR/a/b.wst
                           (DIR: --root, else the current folder); a module that is no file
                           is looked up in the library FILE describes (JSON, as for serve).
                           Text lines are "path:line:column severity CODE message" with 1-based
                           lines and columns. With --json, one JSON object a line:
                           {file, code, severity, message, nodeId, line, column, span, hint}
                           where line is 1-based and column 0-based, in UTF-16 code units,
                           as in the AST.
                           Exit status: 0 no errors, 1 errors found, 2 usage error or a path
                           that cannot be read.
  parse [--json] FILE      Print {ast, diagnostics} of FILE as one JSON object: the AST as agents
                           see it (spans: lines 1-based, columns 0-based, UTF-16 code units).
  project --to LANG [--python-names snake_case] FILE
                           Print FILE (Whetstone, or JavaScript, TypeScript or Python by its
                           extension) in LANG: whetstone, javascript, typescript or python.
                           What the target cannot carry is reported on stderr as
                           "path:line:column severity CODE message" (W_UNFAITHFUL).
                           Exit status: 0, 1 when FILE has syntax errors, 2 usage error.
  import FILE              Print a JavaScript, TypeScript or Python FILE as Whetstone; what
                           has no Whetstone form is reported on stderr (W_UNSUPPORTED).
  serve [--port N] [--approve ask|deny|auto] [--library FILE] [--lock-dir DIR]
        [--max-role ROLE] [--allowed-origin ORIGIN]... [--max-message-bytes N]
        [--stop-when-stdin-closes] PATH...
                           Serve the agent endpoint (JSON-RPC over WebSocket on 127.0.0.1) for
                           the given .wst files, and every .wst file under the given folders;
                           the first is the active buffer. Port default ${settingDefault<number>('whetstone.agentServer.port')} (a free one if
                           taken; 0: any free port). Plans are decided on the terminal (ask,
                           the default), all rejected (deny) or all approved (auto). The first
                           stdout line is {"event":"listening","port":N,"lockFile":"…"}; agents
                           read the token from that lock file (in --lock-dir, else
                           $WHETSTONE_LOCK_DIR, else ~/.whetstone/agents). Edits are written to
                           the files atomically. SIGINT or SIGTERM stops it (exit 0), and
                           with --stop-when-stdin-closes (not with ask) so does the end of
                           stdin: a program that starts serve takes it down with it.
  mcp [--port N] [--lock-dir DIR]
  mcp --serve [--approve deny|auto] [--library FILE] [--max-role ROLE] PATH...
                           An MCP server on stdin/stdout (for agents that launch commands),
                           bridged to the running endpoint: the one whose workspace folder holds
                           the current folder, else the newest (lock files in --lock-dir, else
                           $WHETSTONE_LOCK_DIR, else ~/.whetstone/agents; --port picks one).
                           With --serve it serves the given files itself, in this one process
                           (no editor, port or lock file needed); plans and reviewed changes are
                           then denied (default) or approved (auto). Exits 1 with a message on stderr when no endpoint is running,
                           its lock file is stale, or it goes away; 0 when stdin closes.
  lsp [--stdio]            The language server (as in VS Code) over stdin and stdout, for any
                           LSP client: Neovim, Helix, Zed (see docs/EDITORS.md). It ends when
                           its client asks it to or when stdin closes.

Options:
  -h, --help               Show this help.
  -v, --version            Print the version.

Examples:
  whetstone-agent check src                 Diagnostics of every .wst file under src/.
  whetstone-agent serve src                 Serve src/ to agents; approve their plans here.
  whetstone-agent mcp                       For an MCP client (Claude Code, Cursor…): the tools
                                            of the endpoint running for this folder (VS Code's,
                                            or a serve's).
  whetstone-agent mcp --serve src           The same without an editor: serves src/ itself.

Writing an agent: docs/AGENTS.md in the Whetstone repository.`;

function usageError(output: Output, message: string): number {
  output.err(`whetstone-agent: ${message}`);
  output.err('Run "whetstone-agent --help" for usage.');
  return EXIT_USAGE;
}

/** Runs the command line `args` (without node and the script); resolves to the exit status. */
export async function main(args: readonly string[], output: Output = processOutput): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined) return usageError(output, 'no command given');
  if (command === '-h' || command === '--help' || command === 'help') {
    output.out(USAGE);
    return 0;
  }
  if (command === '-v' || command === '--version') {
    output.out(PACKAGE.version);
    return 0;
  }
  if (rest.includes('-h') || rest.includes('--help')) {
    output.out(USAGE);
    return 0;
  }
  switch (command) {
    case 'check': {
      const parsed = checkArguments(rest);
      if (typeof parsed === 'string') return usageError(output, parsed);
      const { runCheck } = await import('./check.js');
      return runCheck(parsed, output);
    }
    case 'parse': {
      const parsed = oneFileArgument('parse', rest, ['json']);
      if (typeof parsed === 'string') return usageError(output, parsed);
      const { runParse } = await import('./parse.js');
      return runParse(parsed.file, output);
    }
    case 'project': {
      const parsed = projectArguments(rest);
      if (typeof parsed === 'string') return usageError(output, parsed);
      const { runProject } = await import('./project.js');
      return runProject(parsed, output);
    }
    case 'import': {
      const parsed = oneFileArgument('import', rest, []);
      if (typeof parsed === 'string') return usageError(output, parsed);
      const { runImport } = await import('./project.js');
      return runImport(parsed.file, output);
    }
    case 'serve': {
      const { parseServeArguments, runServe } = await import('./serve.js');
      const options = parseServeArguments(rest);
      if (typeof options === 'string') return usageError(output, options);
      return runServe(options, output);
    }
    case 'mcp': {
      const { parseMcpArguments, runMcp } = await import('./mcp-command.js');
      const options = parseMcpArguments(rest);
      if (typeof options === 'string') return usageError(output, options);
      return runMcp(options, output, PACKAGE.version);
    }
    case 'lsp': {
      const { parseLspArguments, runLsp } = await import('./lsp-command.js');
      const options = parseLspArguments(rest);
      if (typeof options === 'string') return usageError(output, options);
      return runLsp(output);
    }
    default:
      return usageError(output, `unknown command "${command}"`);
  }
}

/** `parse [--json] FILE` or `import FILE`: the one file named, or what is wrong with the arguments. */
function oneFileArgument(command: string, args: readonly string[], flags: readonly string[]): string | { file: string } {
  const parsed = parseCommandArguments(command, { args: [...args], options: Object.fromEntries(flags.map((flag) => [flag, { type: 'boolean' as const }])), allowPositionals: true });
  if (typeof parsed === 'string') return parsed;
  if (parsed.positionals.length !== 1) return `${command}: name exactly one file`;
  return { file: parsed.positionals[0] };
}

/** `project --to LANG [--python-names keep|snake_case] FILE`, or what is wrong with it. */
function projectArguments(args: readonly string[]): { to: string; file: string; pythonNames?: 'keep' | 'snake_case' } | string {
  const parsed = parseCommandArguments('project', { args: [...args], options: { to: { type: 'string' }, 'python-names': { type: 'string' } }, allowPositionals: true }, { to: 'a language', 'python-names': 'keep or snake_case' });
  if (typeof parsed === 'string') return parsed;
  const { values, positionals } = parsed;
  const pythonNames = values['python-names'];
  if (pythonNames !== undefined && pythonNames !== 'keep' && pythonNames !== 'snake_case') return 'project: --python-names takes keep or snake_case';
  if (!values.to) return 'project: say which language with --to LANG';
  if (positionals.length !== 1) return 'project: name exactly one file';
  return { to: values.to, file: positionals[0], pythonNames };
}

/** `check [--json] [--root DIR] [--library FILE] PATH...`: its options, or what is wrong with them. */
function checkArguments(args: readonly string[]): CheckOptions | string {
  const parsed = parseCommandArguments('check', { args: [...args], options: { json: { type: 'boolean' }, root: { type: 'string' }, library: { type: 'string' } }, allowPositionals: true }, { root: 'a folder', library: 'a file' });
  if (typeof parsed === 'string') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length === 0) return 'check: name at least one file or folder';
  return { json: values.json === true, paths: positionals, ...(values.root !== undefined ? { root: values.root } : {}), ...(values.library !== undefined ? { library: values.library } : {}) };
}

/** The command line as run: serve started without the server's Node options runs itself again with them. */
function runCommandLine(args: readonly string[]): Promise<number> {
  const missing = args[0] === 'serve' ? missingServerNodeOptions() : [];
  return missing.length > 0 ? runWithServerNodeOptions(args, missing) : main(args);
}

if (require.main === module) {
  runCommandLine(process.argv.slice(2)).then(
    (code) => {
      // Not process.exit(): that can cut off output still being written to a pipe.
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`whetstone-agent: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = EXIT_USAGE;
    },
  );
}
