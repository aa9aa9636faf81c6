// `whetstone-agent mcp`: reads its arguments and runs the stdio MCP bridge (server/src/mcp/) to the
// endpoint the lock files name, or to one it starts itself with --serve.
import { displayText } from '../agent/plan-display';
import { defaultLockDir } from '../agent/websocket/lock-file';
import { discoverEndpoint, runStdioBridge, startServedEndpoint } from '../mcp';
import { SERVER_NODE_OPTIONS } from '../protocol/server-process';
import { parseCommandArguments } from './arguments';
import type { Output } from './output';

export interface McpOptions {
  port?: number;
  lockDir?: string;
  /** --serve: serve these files instead of bridging to a running endpoint. */
  serve?: string[];
  approve: 'deny' | 'auto';
  library?: string;
  maxRole?: string;
}

/** Exit status when no endpoint could be found or started. */
export const EXIT_NO_ENDPOINT = 1;

/** Reads mcp's arguments; a string is a usage error to show. */
export function parseMcpArguments(args: readonly string[]): McpOptions | string {
  const parsed = parseCommandArguments('mcp', {
    args: [...args],
    options: { serve: { type: 'boolean' }, port: { type: 'string' }, 'lock-dir': { type: 'string' }, approve: { type: 'string' }, library: { type: 'string' }, 'max-role': { type: 'string' } },
    allowPositionals: true,
  }, { 'lock-dir': 'a folder', library: 'a file', 'max-role': 'a role' });
  if (typeof parsed === 'string') return parsed;
  const { values, positionals } = parsed;
  const options: McpOptions = { approve: 'deny', lockDir: values['lock-dir'], library: values.library, maxRole: values['max-role'] };
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port < 1 || port > 65535) return `mcp: --port must be a port number from 1 to 65535, not "${values.port}"`;
    options.port = port;
  }
  if (values.approve !== undefined) {
    if (values.approve !== 'deny' && values.approve !== 'auto') return `mcp: --approve must be deny or auto (stdin carries MCP, so nobody can be asked), not "${values.approve}"`;
    options.approve = values.approve;
  }
  if (values.serve === true) options.serve = positionals;
  else if (positionals.length > 0) return `mcp: unknown argument ${positionals[0]} (files to serve go with --serve)`;
  if (options.serve !== undefined && options.serve.length === 0) return 'mcp: --serve needs at least one .wst file or folder';
  if (options.serve !== undefined && (options.port !== undefined || options.lockDir !== undefined)) return 'mcp: --serve starts its own endpoint; leave out --port and --lock-dir';
  if (options.serve === undefined && (options.library !== undefined || options.maxRole !== undefined)) return 'mcp: --library and --max-role go with --serve (a running endpoint has its own)';
  return options;
}

export async function runMcp(options: McpOptions, output: Output, version: string): Promise<number> {
  try {
    return await bridge(options, output, version);
  } finally {
    // Nothing more is read: a bridge whose endpoint went away must not stay alive on an open stdin.
    process.stdin.destroy();
  }
}

async function bridge(options: McpOptions, output: Output, version: string): Promise<number> {
  const log = (line: string): void => output.err(line);
  const io = { stdin: process.stdin, stdout: process.stdout, log, version };
  if (options.serve !== undefined) {
    const served = await startServedEndpoint({ cli: process.argv[1], nodeOptions: SERVER_NODE_OPTIONS, paths: options.serve, approve: options.approve, library: options.library, maxRole: options.maxRole, log });
    if ('problem' in served) {
      log(`whetstone-agent mcp: ${served.problem}`);
      return EXIT_NO_ENDPOINT;
    }
    // The served files' endpoint lives and dies with this process, however it ends.
    const stopChild = (): void => void served.stop();
    const onSignal = (signal: NodeJS.Signals): void => {
      log(`whetstone-agent mcp: ${signal}: stopping the served endpoint`);
      void served.stop().finally(() => process.exit(0));
    };
    process.once('exit', stopChild);
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
    try {
      return await runStdioBridge(served.target, io);
    } finally {
      process.off('exit', stopChild);
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      await served.stop();
    }
  }
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
