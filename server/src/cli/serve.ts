// `whetstone-agent serve`: the agent endpoint without an editor. Opens the .wst files named (and
// every .wst under the folders named) as buffers, the first one active, and serves them on
// 127.0.0.1 until SIGINT or SIGTERM. The first line on stdout says where it listens; the token is
// only in the lock file, never on stdout or stderr.
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AGENT_ROLES, type AgentRole } from '../agent/roles';
import type { Session } from '../agent/session';
import { DEFAULT_PORT, startAgentEndpoint, type AgentEndpoint } from '../agent/websocket/endpoint';
import { removeLockFile } from '../agent/websocket/lock-file';
import type { LibraryContext } from '../core/semantics';
import { loadGrammar } from '../workspace/grammar';
import { Workspace } from '../workspace/workspace';
import { parseCommandArguments } from './arguments';
import { PACKAGE } from '../workspace/package-manifest';
import { collectFiles, messageOf } from './files';
import { readLibraryOption } from './library-file';
import { HeadlessAgentHost } from './headless-host';
import { EXIT_OK, EXIT_USAGE, keepRunningWithoutOutput, type Output } from './output';
import { readServedFile, servedFile, type ServedFile } from './served-file';
import { watchServedFiles } from './served-file-watcher';
import { APPROVAL_MODES, createPlanApproval, type ApprovalMode } from './terminal-approval';
import { mcpRoute } from '../mcp';


export interface ServeOptions {
  port: number;
  approve: ApprovalMode;
  library?: string;
  lockDir?: string;
  maxRole: AgentRole;
  allowedOrigins: string[];
  maxMessageBytes?: number;
  /** Stop when stdin ends: a parent that started serve takes it down even when killed outright. */
  stopWhenStdinCloses: boolean;
  paths: string[];
}

/** How long shutdown may take before the process exits regardless. */
const EXIT_GRACE_MS = 3_000;

/** Reads serve's arguments; a string is a usage error to show. */
export function parseServeArguments(args: readonly string[]): ServeOptions | string {
  const parsed = parseCommandArguments('serve', {
    args: [...args],
    options: {
      port: { type: 'string' },
      approve: { type: 'string' },
      library: { type: 'string' },
      'lock-dir': { type: 'string' },
      'max-role': { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      'max-message-bytes': { type: 'string' },
      'stop-when-stdin-closes': { type: 'boolean' },
    },
    allowPositionals: true,
  });
  if (typeof parsed === 'string') return parsed;
  const { values, positionals } = parsed;
  const options: ServeOptions = { port: DEFAULT_PORT, approve: 'ask', maxRole: 'generator', allowedOrigins: values['allowed-origin'] ?? [], stopWhenStdinCloses: values['stop-when-stdin-closes'] === true, paths: positionals };
  if (values.port !== undefined) {
    if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) return `serve: --port must be a port number from 0 to 65535, not "${values.port}"`;
    options.port = Number(values.port);
  }
  if (values.approve !== undefined) {
    if (!(APPROVAL_MODES as readonly string[]).includes(values.approve)) return `serve: --approve must be ask, deny or auto, not "${values.approve}"`;
    options.approve = values.approve as ApprovalMode;
  }
  if (values['max-role'] !== undefined) {
    if (!(AGENT_ROLES as readonly string[]).includes(values['max-role'])) return `serve: --max-role must be linter, refactor or generator, not "${values['max-role']}"`;
    options.maxRole = values['max-role'] as AgentRole;
  }
  const bytes = values['max-message-bytes'];
  if (bytes !== undefined) {
    if (!/^\d+$/.test(bytes) || Number(bytes) < 1024) return `serve: --max-message-bytes must be a number of bytes of at least 1024, not "${bytes}"`;
    options.maxMessageBytes = Number(bytes);
  }
  if (values.library !== undefined) options.library = values.library;
  if (values['lock-dir'] !== undefined) options.lockDir = values['lock-dir'];
  if (options.paths.length === 0) return 'serve: name at least one .wst file or folder';
  // Under ask the terminal's stdin carries the person's answers; it cannot also be the lifeline.
  if (options.stopWhenStdinCloses && options.approve === 'ask') return 'serve: --stop-when-stdin-closes needs --approve deny or auto (ask reads the answers from stdin)';
  return options;
}

/** Serves until SIGINT or SIGTERM; resolves to the exit status. */
export async function runServe(options: ServeOptions, output: Output): Promise<number> {
  // A terminal closed or a reader gone must not stop the endpoint, nor set it failing in a loop.
  keepRunningWithoutOutput();
  const log = (line: string): void => output.err(line);
  let library: LibraryContext | undefined;
  if (options.library !== undefined) {
    const read = readLibraryOption(options.library);
    if ('problem' in read) {
      output.err(`whetstone-agent: serve: ${read.problem}`);
      return EXIT_USAGE;
    }
    library = read.library;
  }
  await loadGrammar();
  const { files: paths, foundIn, problems } = collectFiles(options.paths);
  if (problems.length > 0) {
    for (const problem of problems) output.err(`whetstone-agent: ${problem.path}: ${problem.message}`);
    return EXIT_USAGE;
  }
  // A file named that cannot be served ends the start; one found in a folder named is skipped
  // with the reason, as a FIFO there is: one file of a cloned repository does not refuse the rest.
  const files: { file: ServedFile; text: string }[] = [];
  for (const path of paths) {
    const file = servedFile(resolve(path), foundIn.get(path));
    const read = readServedFile(file);
    if ('text' in read) files.push({ file, text: read.text });
    else if (foundIn.has(path)) log(`whetstone-agent: ${path}: ${read.problem}; skipped`);
    else {
      output.err(`whetstone-agent: ${path}: ${read.problem}`);
      return EXIT_USAGE;
    }
  }
  if (files.length === 0) log('whetstone-agent: serve: no .wst files found; serving no buffers');

  const workspace = new Workspace((error) => log(`whetstone-agent: ${messageOf(error)}`));
  workspace.setLibrary(library);
  const folders = workspaceFolders(options.paths);
  // `use a.b` is the file a/b.wst under the folders served, as under the editor's workspace
  // folders (module-exports.ts): served files answer from their buffers, others are read.
  workspace.modules.setRoots(folders);
  // The endpoint, and so the list of sessions, exists only once the buffers are open.
  let sessions: () => readonly Session[] = () => [];
  const approval = createPlanApproval(options.approve, {
    input: process.stdin,
    // The terminal's other stream: stdout is for programs (its first line says where serve listens).
    output: process.stderr,
    workspace,
    stillWanted: (plan) => sessions().some((session) => session.id === plan.sessionId && session.connected),
  });
  const host = new HeadlessAgentHost({
    workspace,
    library,
    decidePlan: approval.decidePlan,
    reviewChange: approval.reviewChange,
    info: { ideName: 'whetstone-agent serve', version: PACKAGE.version },
    log,
    // Beside the served files, as VS Code keeps it in the workspace folder.
    feedbackFile: folders.length > 0 ? join(folders[0], '.whetstone', 'feedback.json') : undefined,
  });
  for (const { file, text } of files) {
    const buffer = host.openFile(pathToFileURL(resolve(file.path)).href, text, file);
    if (workspace.activeBufferUri === null) workspace.setActive(buffer.uri);
  }

  let endpoint: AgentEndpoint;
  try {
    endpoint = await startAgentEndpoint({
      host,
      port: options.port,
      allowedOrigins: options.allowedOrigins,
      maxMessageBytes: options.maxMessageBytes,
      maxRole: options.maxRole,
      lockDir: options.lockDir,
      workspaceFolders: folders,
      log,
      httpRoutes: [mcpRoute()],
    });
  } catch (error) {
    // A lock folder others could write into (or a port that cannot be had) ends the start here.
    output.err(`whetstone-agent: serve: ${messageOf(error)}`);
    approval.close();
    workspace.dispose();
    return EXIT_USAGE;
  }
  host.setSessionSource(endpoint.sessions);
  // A buffer changed (by an agent, or its file on disk): when what it exports differs from what
  // its importers were analysed with, they are analysed again when next asked (their diagnostics).
  const importersFollow = workspace.onDidChange(({ buffer }) => {
    try {
      workspace.modules.noteAnalysed(buffer);
    } catch (error) {
      log(`whetstone-agent: ${messageOf(error)}`);
    }
  });
  sessions = endpoint.sessions;
  // A file edited on disk becomes a new revision, and the sessions hear bufferChanged.
  const watched = watchServedFiles(host, log);
  // The last resort if the process ends some other way: no lock file may outlive it.
  process.on('exit', () => removeLockFile(endpoint.lockFile, endpoint.token));
  // An agent must not be able to stop the server for everyone; a bug is logged, serving goes on.
  process.on('uncaughtException', (error) => log(`whetstone-agent: internal error: ${error.stack ?? error.message}`));
  const stopped = new Promise<number>((resolveExit) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) return;
      stopping = true;
      log(`whetstone-agent: ${signal}: closing`);
      setTimeout(() => process.exit(EXIT_OK), EXIT_GRACE_MS).unref();
      approval.close();
      watched.close();
      importersFollow.dispose();
      endpoint
        .close()
        .catch((error: unknown) => log(`whetstone-agent: closing: ${messageOf(error)}`))
        .finally(() => {
          workspace.dispose();
          resolveExit(EXIT_OK);
        });
    };
    // Before the listening line: whoever reads it may signal at once.
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    if (options.stopWhenStdinCloses) {
      // A pipe's end is seen however the parent ended, SIGKILL included.
      process.stdin.on('end', () => stop('stdin closed')).on('error', () => stop('stdin closed'));
      process.stdin.resume();
    }
    if (process.channel) {
      // Started with an IPC channel (by the launcher of server-node-options.ts): it closes however
      // that process ends, and serve goes with it. The channel alone keeps nothing running.
      process.once('disconnect', () => stop('parent gone'));
      process.channel.unref();
    }
  });
  output.out(JSON.stringify({ event: 'listening', port: endpoint.port, lockFile: endpoint.lockFile }));
  log(`whetstone-agent: serving ${files.length} buffer${files.length === 1 ? '' : 's'} on 127.0.0.1:${endpoint.port}, plans and reviewed changes: --approve ${options.approve}, roles up to ${options.maxRole}`);
  return stopped;
}

/** The folders served: each folder named, and the folder of each file named. */
function workspaceFolders(paths: readonly string[]): string[] {
  const folders = paths.map((path) => {
    const absolute = resolve(path);
    return isFile(absolute) ? dirname(absolute) : absolute;
  });
  return [...new Set(folders)];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
