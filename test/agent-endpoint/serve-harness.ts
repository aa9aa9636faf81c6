// Runs the real `whetstone-agent serve` (dist/cli.js) on a copy of some .wst files and connects
// real WebSocket clients to it, authenticated from the lock file as an agent would be.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import WebSocket from 'ws';
import { SERVER_NODE_OPTIONS } from '../../server/src/protocol/server-process';

export const ROOT = join(__dirname, '..', '..', '..');
export const CLI = join(ROOT, 'dist', 'cli.js');

export interface LockFile {
  pid: number;
  port: number;
  host: string;
  transport: string;
  token: string;
  workspaceFolders: string[];
  ideName: string;
  version: string;
}

export interface ServeProcess {
  child: ChildProcess;
  port: number;
  lockFile: string;
  lock: LockFile;
  /** The folder with the served copies of the files. */
  folder: string;
  lockDir: string;
  stderr(): string;
  /** Everything on stdout after the first line. */
  stdout(): string;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends SIGTERM, waits for the exit, removes the temporary folder. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServeSetup {
  /** File name → contents, written to a fresh folder that is served. */
  files: Record<string, string>;
  /** Extra arguments before the folder (default: --approve auto). */
  args?: string[];
  /** Written to library.json in the temporary folder and passed with --library. */
  library?: unknown;
  /** --port (default 0: any free port). */
  port?: number;
  /** Pass --lock-dir (default); false leaves the folder to $WHETSTONE_LOCK_DIR, set to the same folder. */
  lockDirOption?: boolean;
  /** What serve is given to serve (default: the folder itself). */
  servedPaths?: (folder: string) => string[];
  /** Prepares the temporary folders before serve starts (stale lock files…). */
  prepare?: (folders: { folder: string; lockDir: string }) => void;
  /** Added to serve's environment (last, so it overrides). */
  env?: Record<string, string>;
  /**
   * Node options before the script. By default the server's, as the editor starts the server: serve then
   * runs in the process started (no launcher beside it), whose pid the lock file names. [] starts
   * it as a person does, and serve starts itself again with them.
   */
  nodeOptions?: readonly string[];
}

export async function startServe(setup: ServeSetup): Promise<ServeProcess> {
  const base = mkdtempSync(join(tmpdir(), 'whetstone-serve-'));
  const folder = join(base, 'src');
  const lockDir = join(base, 'locks');
  mkdirSync(folder);
  for (const [name, text] of Object.entries(setup.files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  setup.prepare?.({ folder, lockDir });
  const lockOption = setup.lockDirOption === false ? [] : ['--lock-dir', lockDir];
  const args = [...(setup.nodeOptions ?? SERVER_NODE_OPTIONS), CLI, 'serve', '--port', String(setup.port ?? 0), ...lockOption, ...(setup.args ?? ['--approve', 'auto'])];
  if (setup.library !== undefined) {
    const libraryFile = join(base, 'library.json');
    writeFileSync(libraryFile, JSON.stringify(setup.library));
    args.push('--library', libraryFile);
  }
  args.push(...(setup.servedPaths?.(folder) ?? [folder]));
  const env = { ...process.env, ...(setup.lockDirOption === false ? { WHETSTONE_LOCK_DIR: lockDir } : {}), ...setup.env };
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const first = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 30_000);
    const onData = (chunk: string): void => {
      seen += chunk;
      const end = seen.indexOf('\n');
      if (end < 0) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      // The rest (prompts without a line end included) is collected as it comes.
      stdout = seen.slice(end + 1);
      child.stdout!.on('data', (more: string) => (stdout += more));
      resolve(seen.slice(0, end));
    };
    child.stdout!.setEncoding('utf8').on('data', onData);
    void exited.then(({ code }) => reject(new Error(`serve exited (${code}) before listening: ${stderr}`)));
  });
  const listening = JSON.parse(first) as { event: string; port: number; lockFile: string };
  if (listening.event !== 'listening') throw new Error(`unexpected first line ${first}`);
  const lock = JSON.parse(readFileSync(listening.lockFile, 'utf8')) as LockFile;
  return {
    child,
    port: listening.port,
    lockFile: listening.lockFile,
    lock,
    folder,
    lockDir,
    stderr: () => stderr,
    stdout: () => stdout,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const result = await exited;
      rmSync(base, { recursive: true, force: true });
      return result;
    },
  };
}

export interface RpcError {
  code: number;
  message: string;
  data?: Record<string, unknown> & { hint?: string };
}

export interface RpcResponse {
  jsonrpc: string;
  id: string | number | null;
  result?: unknown;
  error?: RpcError;
}

export interface Notification {
  method: string;
  params: unknown;
}

/** A JSON-RPC client over one real WebSocket, as an agent writes one from the reference. */
export class AgentClient {
  private nextId = 1;
  private readonly pending = new Map<string | number, (response: RpcResponse) => void>();
  /** Every message that was not the answer to a request made with `request` (batches, null ids). */
  readonly unmatched: unknown[] = [];
  readonly notifications: Notification[] = [];
  private readonly waiters: { test: (message: unknown) => boolean; resolve: (message: unknown) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    socket.on('error', () => undefined);
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as unknown;
      if (!Array.isArray(message) && typeof message === 'object' && message !== null) {
        const record = message as Record<string, unknown>;
        if (typeof record.method === 'string' && !('id' in record)) this.notifications.push({ method: record.method, params: record.params });
        else if ((typeof record.id === 'number' || typeof record.id === 'string') && this.pending.has(record.id)) {
          const resolve = this.pending.get(record.id)!;
          this.pending.delete(record.id);
          resolve(message as RpcResponse);
          return;
        } else this.unmatched.push(message);
      } else this.unmatched.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.test(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
  }

  static connect(server: { port: number; lock: LockFile }, options: { headers?: Record<string, string>; path?: string } = {}): Promise<AgentClient> {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${options.path ?? '/'}`, {
      headers: options.headers ?? { Authorization: `Bearer ${server.lock.token}` },
      maxPayload: 256 * 1024 * 1024,
    });
    return new Promise((resolve, reject) => {
      // Created before the socket opens so no message sent on connect (libraryContext) is missed.
      const client = new AgentClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  /** Sends a request and resolves with its whole response. */
  call(method: string, params?: unknown): Promise<RpcResponse> {
    const id = this.nextId++;
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (params !== undefined) message.params = params;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify(message));
    });
  }

  /** Sends a request and resolves with its result, failing on an error response. */
  async request<T = unknown>(method: string, params?: unknown): Promise<T> {
    const response = await this.call(method, params);
    if (response.error) throw new Error(`${method} failed: ${JSON.stringify(response.error)}`);
    return response.result as T;
  }

  /** Sends raw text or bytes; the answer, if any, arrives in `unmatched` (see nextUnmatched). */
  sendRaw(data: string | Buffer, options: { binary?: boolean } = {}): void {
    this.socket.send(data, { binary: options.binary ?? false });
  }

  nextUnmatched(timeoutMs = 10_000): Promise<unknown> {
    return this.waitFor(() => true, timeoutMs);
  }

  waitFor(test: (message: unknown) => boolean, timeoutMs = 10_000): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a message')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }

  /** The first notification `method` (matching `test`) received so far, or the next one. */
  waitForNotification(method: string, test: (params: unknown) => boolean = () => true, timeoutMs = 10_000): Promise<Notification> {
    const matches = (message: unknown): boolean =>
      typeof message === 'object' && message !== null && (message as Notification).method === method && !('id' in message) && test((message as Notification).params);
    const seen = this.notifications.find((notification) => matches(notification));
    if (seen) return Promise.resolve(seen);
    return this.waitFor(matches, timeoutMs) as Promise<Notification>;
  }

  /** The planDecided notification of one plan. */
  planDecided(planId: string): Promise<Notification> {
    return this.waitForNotification('planDecided', (params) => (params as { planId?: string }).planId === planId);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close();
    return this.closed;
  }
}

/** The HTTP status an upgrade attempt gets back (or 101 when it opens). */
export function upgradeStatus(port: number, headers: Record<string, string>, path = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', reject);
  });
}

