// `whetstone-agent mcp`: reads its arguments and runs the stdio MCP bridge (server/src/mcp/) to the
// endpoint the lock files name, or to one it starts itself with --serve.
import { displayText } from '../agent/plan-display';
import { defaultLockDir } from '../agent/websocket/lock-file';
import { discoverEndpoint, runStdioBridge, startServedEndpoint } from '../mcp';
import { SERVER_NODE_OPTIONS } from '../protocol/server-process';
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
        if (raw === undefined) return 'mcp: --max-role needs a role';
        options.maxRole = raw;
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
