// `whetstone-agent serve`: the agent endpoint without an editor. Opens the .wst files named (and
// every .wst under the folders named) as buffers, the first one active, and serves them on
// 127.0.0.1 until SIGINT or SIGTERM. The first line on stdout says where it listens; the token is
// only in the lock file, never on stdout or stderr.
import { AGENT_ROLES, type AgentRole } from '../agent';
import { DEFAULT_PORT, startAgentEndpoint, type AgentEndpoint, removeLockFile } from '../endpoint';
import { mcpHttpTransport } from '../mcp';
import { webSocketTransport } from '../websocket';
import { PACKAGE } from '../workspace/package-manifest';
import { parseCommandArguments } from './arguments';
import { messageOf } from './files';
import { EXIT_OK, EXIT_USAGE, keepRunningWithoutOutput, type Output } from './output';
import { BUFFER_MODES, openServedFolder, type BufferMode } from './served-folder';
import { APPROVAL_MODES, type ApprovalMode } from './terminal-approval';

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
  /** --buffers all | on-demand (see served-folder.ts). */
  buffers?: BufferMode;
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
      buffers: { type: 'string' },
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
  if (values.buffers !== undefined) {
    if (!(BUFFER_MODES as readonly string[]).includes(values.buffers)) return `serve: --buffers must be all or on-demand, not "${values.buffers}"`;
    options.buffers = values.buffers as BufferMode;
  }
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
  const served = await openServedFolder({
    paths: options.paths,
    buffers: options.buffers,
    approve: options.approve,
    library: options.library,
    // The terminal's other stream: stdout is for programs (its first line says where serve listens).
    terminal: { input: process.stdin, output: process.stderr },
    ideName: 'whetstone-agent serve',
    version: PACKAGE.version,
    fail: (line) => output.err(`whetstone-agent: serve: ${line}`),
    log,
  });
  if (!served) return EXIT_USAGE;
  const { host, folders } = served;

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
      transports: [webSocketTransport(), mcpHttpTransport()],
    });
  } catch (error) {
    // A lock folder others could write into (or a port that cannot be had) ends the start here.
    output.err(`whetstone-agent: serve: ${messageOf(error)}`);
    served.close();
    return EXIT_USAGE;
  }
  served.setSessionSource(endpoint.sessions);
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
      endpoint
        .close()
        .catch((error: unknown) => log(`whetstone-agent: closing: ${messageOf(error)}`))
        .finally(() => {
          served.close();
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
  log(`whetstone-agent: serving ${served.fileCount} file${served.fileCount === 1 ? '' : 's'} on 127.0.0.1:${endpoint.port}, plans and reviewed changes: --approve ${options.approve}, roles up to ${options.maxRole}`);
  return stopped;
}
