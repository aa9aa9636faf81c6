// `whetstone-agent mcp --serve PATH...`: for agents without an editor (CI), the bridge serves the
// files itself by starting `whetstone-agent serve` as a child process (a private lock folder,
// any free port) and bridging to it: the same endpoint, rules and file writing as serve, and one
// path through the bridge. Plans and reviewed changes cannot be asked about on a terminal here
// (stdin is the MCP channel), so they follow --approve deny (the default) or auto.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLockFile } from '../agent/websocket/lock-file';
import type { BridgeTarget } from './stdio-bridge';

export interface ServeChildOptions {
  /** The whetstone-agent script to run (this process's own). */
  cli: string;
  /** Node options for the child: the language server's heap sizing, so serve need not start itself again. */
  nodeOptions: readonly string[];
  paths: string[];
  approve: 'deny' | 'auto';
  library?: string;
  maxRole?: string;
  log: (line: string) => void;
}

export interface ServedEndpoint {
  target: BridgeTarget;
  child: ChildProcess;
  /** Stops the child and removes its lock folder. */
  stop(): Promise<void>;
}

/** How long serve may take to say it listens. */
const START_TIMEOUT_MS = 30_000;

export async function startServedEndpoint(options: ServeChildOptions): Promise<ServedEndpoint | { problem: string }> {
  const lockDir = mkdtempSync(join(tmpdir(), 'whetstone-mcp-'));
  // The child's stdin is a pipe from this process: if the bridge dies, even by SIGKILL, the pipe
  // ends and the child stops with it.
  const args = [...options.nodeOptions, options.cli, 'serve', '--port', '0', '--lock-dir', lockDir, '--approve', options.approve, '--stop-when-stdin-closes'];
  if (options.library !== undefined) args.push('--library', options.library);
  if (options.maxRole !== undefined) args.push('--max-role', options.maxRole);
  args.push('--', ...options.paths);
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) if (line !== '') options.log(line);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(lockDir, { recursive: true, force: true });
  };
  const first = await new Promise<string | undefined>((resolve) => {
    let seen = '';
    const timer = setTimeout(() => resolve(undefined), START_TIMEOUT_MS);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      const end = seen.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(seen.slice(0, end));
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  let listening: { port?: number; lockFile?: string } = {};
  try {
    listening = first === undefined ? {} : (JSON.parse(first) as typeof listening);
  } catch {
    // Not the listening line: reported below.
  }
  const lock = listening.lockFile ? readLockFile(listening.lockFile) : undefined;
  if (!lock || typeof listening.port !== 'number' || child.pid === undefined) {
    await stop();
    return { problem: 'whetstone-agent serve did not start (its messages are above)' };
  }
  // The token came from the lock file: it never goes through argv, stdout or a log.
  return { target: { port: listening.port, token: lock.token, pid: child.pid, label: `the endpoint serving ${options.paths.join(', ')}` }, child, stop };
}
