// `whetstone-agent mcp`: reads its arguments and runs the stdio MCP bridge (server/src/mcp/) to the
// endpoint the lock files name; with --serve, serves the files itself in this one process: the
// headless host (served-folder.ts, as serve opens them) with MCP on stdin/stdout, and no port,
// lock file or second process.
import { displayText, AGENT_ROLES, type AgentRole } from '../agent';
import { defaultLockDir } from '../endpoint';
import { discoverEndpoint, runStdioBridge, startStdioServer } from '../mcp';
import { parseCommandArguments } from './arguments';
import { messageOf } from './files';
import { EXIT_OK, EXIT_USAGE, keepRunningWithoutOutput, type Output } from './output';
import { BUFFER_MODES, openServedFolder, type BufferMode } from './served-folder';

export interface McpOptions {
  port?: number;
  lockDir?: string;
  /** --serve: serve these files instead of bridging to a running endpoint. */
  serve?: string[];
  approve: 'deny' | 'auto';
  library?: string;
  maxRole?: AgentRole;
  /** --buffers with --serve (see served-folder.ts). */
  buffers?: BufferMode;
}

/** How long the process may take to end on its own once MCP is over. */
const EXIT_GRACE_MS = 3_000;

/** Exit status when no endpoint could be found or started. */
export const EXIT_NO_ENDPOINT = 1;

/** Reads mcp's arguments; a string is a usage error to show. */
export function parseMcpArguments(args: readonly string[]): McpOptions | string {
  const parsed = parseCommandArguments('mcp', {
    args: [...args],
    options: { serve: { type: 'boolean' }, port: { type: 'string' }, 'lock-dir': { type: 'string' }, approve: { type: 'string' }, library: { type: 'string' }, 'max-role': { type: 'string' }, buffers: { type: 'string' } },
    allowPositionals: true,
  }, { 'lock-dir': 'a folder', library: 'a file', 'max-role': 'a role' });
  if (typeof parsed === 'string') return parsed;
  const { values, positionals } = parsed;
  const options: McpOptions = { approve: 'deny', lockDir: values['lock-dir'], library: values.library };
  const maxRole = values['max-role'];
  if (maxRole !== undefined) {
    if (!(AGENT_ROLES as readonly string[]).includes(maxRole)) return `mcp: --max-role must be linter, refactor or generator, not "${maxRole}"`;
    options.maxRole = maxRole as AgentRole;
  }
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port < 1 || port > 65535) return `mcp: --port must be a port number from 1 to 65535, not "${values.port}"`;
    options.port = port;
  }
  if (values.approve !== undefined) {
    if (values.approve !== 'deny' && values.approve !== 'auto') return `mcp: --approve must be deny or auto (stdin carries MCP, so nobody can be asked), not "${values.approve}"`;
    options.approve = values.approve;
  }
  if (values.buffers !== undefined) {
    if (!(BUFFER_MODES as readonly string[]).includes(values.buffers)) return `mcp: --buffers must be all or on-demand, not "${values.buffers}"`;
    options.buffers = values.buffers as BufferMode;
  }
  if (values.serve === true) options.serve = positionals;
  else if (positionals.length > 0) return `mcp: unknown argument ${positionals[0]} (files to serve go with --serve)`;
  if (options.serve !== undefined && options.serve.length === 0) return 'mcp: --serve needs at least one .wst file or folder';
  if (options.serve !== undefined && (options.port !== undefined || options.lockDir !== undefined)) return 'mcp: --serve starts its own endpoint; leave out --port and --lock-dir';
  if (options.serve === undefined && (options.library !== undefined || options.maxRole !== undefined || options.buffers !== undefined)) return 'mcp: --library, --max-role and --buffers go with --serve (a running endpoint has its own)';
  return options;
}

export async function runMcp(options: McpOptions, output: Output, version: string): Promise<number> {
  if (options.serve !== undefined) return serveOverStdio(options.serve, options, output, version);
  try {
    return await bridge(options, output, version);
  } finally {
    // Nothing more is read: a bridge whose endpoint went away must not stay alive on an open stdin.
    process.stdin.destroy();
  }
}

/**
 * `mcp --serve PATH...`: for agents without an editor (CI). Plans and reviewed changes cannot be
 * asked about on a terminal here (stdin is the MCP channel), so they follow --approve deny (the
 * default) or auto. Serves until the client closes stdin, or SIGINT or SIGTERM.
 */
async function serveOverStdio(paths: string[], options: McpOptions, output: Output, version: string): Promise<number> {
  // A client gone must not set the process failing on its writes; its stdin's end stops it.
  keepRunningWithoutOutput();
  const log = (line: string): void => output.err(line);
  const served = await openServedFolder({
    paths,
    buffers: options.buffers,
    approve: options.approve,
    library: options.library,
    // deny and auto ask nobody; nothing may reach stdout, the MCP channel, but MCP.
    terminal: { input: process.stdin, output: process.stderr },
    ideName: 'whetstone-agent mcp --serve',
    version,
    fail: (line) => log(`whetstone-agent mcp: ${line}`),
    log,
  });
  if (!served) return EXIT_USAGE;
  const maxRole = options.maxRole ?? 'generator';
  let server;
  try {
    server = await startStdioServer({ host: served.host, maxRole, stdin: process.stdin, stdout: process.stdout, log });
  } catch (error) {
    log(`whetstone-agent mcp: ${messageOf(error)}`);
    served.close();
    return EXIT_USAGE;
  }
  served.setSessionSource(server.sessions);
  // An agent must not be able to stop the server; a bug is logged, serving goes on.
  const onUncaught = (error: Error): void => log(`whetstone-agent mcp: internal error: ${error.stack ?? error.message}`);
  process.on('uncaughtException', onUncaught);
  const onSignal = (signal: NodeJS.Signals): void => {
    log(`whetstone-agent mcp: ${signal}: closing`);
    void server.close();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  log(`whetstone-agent mcp: serving ${served.fileCount} file${served.fileCount === 1 ? '' : 's'} on stdin/stdout, plans and reviewed changes: --approve ${options.approve}, roles up to ${maxRole}`);
  await server.ended;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  process.off('uncaughtException', onUncaught);
  served.close();
  // Nothing more is read: the client is gone, or the process was asked to stop.
  process.stdin.destroy();
  // Should anything still hold the event loop, the process ends anyway once MCP is over.
  setTimeout(() => process.exit(EXIT_OK), EXIT_GRACE_MS).unref();
  return EXIT_OK;
}

async function bridge(options: McpOptions, output: Output, version: string): Promise<number> {
  const log = (line: string): void => output.err(line);
  const io = { stdin: process.stdin, stdout: process.stdout, log, version };
  const found = await discoverEndpoint({ lockDir: options.lockDir ?? defaultLockDir(), port: options.port, cwd: process.cwd() });
  for (const skipped of found.skipped) log(`whetstone-agent mcp: ${skipped}`);
  if ('problem' in found) {
    log(`whetstone-agent mcp: ${found.problem}`);
    return EXIT_NO_ENDPOINT;
  }
  const { lock } = found;
  // The editor's name comes from the file: shown escaped.
  const ideName = displayText(lock.ideName, 100);
  log(`whetstone-agent mcp: bridging to ${ideName} on 127.0.0.1:${lock.port} (lock file ${displayText(found.lockFile)})`);
  return runStdioBridge({ port: lock.port, token: lock.token, pid: lock.pid, label: `the endpoint of ${ideName} on port ${lock.port}` }, io);
}
