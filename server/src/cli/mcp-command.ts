// `whetstone-agent mcp`: reads its arguments and runs the stdio MCP bridge (server/src/mcp/) to the
// endpoint the lock files name; with --serve, serves the files itself in this one process: the
// headless host (served-folder.ts, as serve opens them) with MCP on stdin/stdout, and no port,
// lock file or second process.
import { displayText } from '../agent/plan-display';
import { AGENT_ROLES, type AgentRole } from '../agent/roles';
import { defaultLockDir } from '../agent/websocket/lock-file';
import { discoverEndpoint, runStdioBridge, startStdioServer } from '../mcp';
import { messageOf } from './files';
import { EXIT_OK, EXIT_USAGE, keepRunningWithoutOutput, type Output } from './output';
import { openServedFolder } from './served-folder';

export interface McpOptions {
  port?: number;
  lockDir?: string;
  /** --serve: serve these files instead of bridging to a running endpoint. */
  serve?: string[];
  approve: 'deny' | 'auto';
  library?: string;
  maxRole?: AgentRole;
}

/** How long the process may take to end on its own once MCP is over. */
const EXIT_GRACE_MS = 3_000;

/** Exit status when no endpoint could be found or started. */
export const EXIT_NO_ENDPOINT = 1;

/** Reads mcp's arguments; a string is a usage error to show. */
export function parseMcpArguments(args: readonly string[]): McpOptions | string {
  const options: McpOptions = { approve: 'deny' };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (options.serve !== undefined && !arg.startsWith('--')) {
      options.serve.push(arg);
      continue;
    }
    const value = (): string | undefined => args[++i];
    switch (arg) {
      case '--serve':
        options.serve = [];
        break;
      case '--port': {
        const raw = value();
        if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) return `mcp: --port must be a port number from 1 to 65535, not "${raw ?? ''}"`;
        options.port = Number(raw);
        break;
      }
      case '--lock-dir': {
        const raw = value();
        if (raw === undefined) return 'mcp: --lock-dir needs a folder';
        options.lockDir = raw;
        break;
      }
      case '--approve': {
        const raw = value();
        if (raw !== 'deny' && raw !== 'auto') return `mcp: --approve must be deny or auto (stdin carries MCP, so nobody can be asked), not "${raw ?? ''}"`;
        options.approve = raw;
        break;
      }
      case '--library': {
        const raw = value();
        if (raw === undefined) return 'mcp: --library needs a file';
        options.library = raw;
        break;
      }
      case '--max-role': {
        const raw = value();
        if (raw === undefined || !(AGENT_ROLES as readonly string[]).includes(raw)) return `mcp: --max-role must be linter, refactor or generator, not "${raw ?? ''}"`;
        options.maxRole = raw as AgentRole;
        break;
      }
      default:
        return `mcp: unknown argument ${arg}`;
    }
  }
  if (options.serve !== undefined && options.serve.length === 0) return 'mcp: --serve needs at least one .wst file or folder';
  if (options.serve !== undefined && (options.port !== undefined || options.lockDir !== undefined)) return 'mcp: --serve starts its own endpoint; leave out --port and --lock-dir';
  if (options.serve === undefined && (options.library !== undefined || options.maxRole !== undefined)) return 'mcp: --library and --max-role go with --serve (a running endpoint has its own)';
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
  log(`whetstone-agent mcp: serving ${served.bufferCount} buffer${served.bufferCount === 1 ? '' : 's'} on stdin/stdout, plans and reviewed changes: --approve ${options.approve}, roles up to ${maxRole}`);
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
