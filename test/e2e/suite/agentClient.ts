// A real agent for the end-to-end tests: reads the endpoint's lock file, connects with the Bearer
// token from it (as docs/AGENT-ENDPOINT.md tells agents to), sends JSON-RPC requests and keeps the
// notifications the server sends.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

export interface LockFile {
  pid: number;
  port: number;
  host: string;
  transport: string;
  token: string;
}

export interface RpcError {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

/** A JSON-RPC error answer, thrown by `request`. */
export class RpcFailure extends Error {
  constructor(
    readonly method: string,
    readonly error: RpcError,
  ) {
    super(`${method} failed: ${error.code} ${error.message}`);
  }
}

export interface Notification {
  method: string;
  params: unknown;
}

export class AgentClient {
  readonly notifications: Notification[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, { method: string; resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.receive(String(data)));
    socket.on('close', () => {
      for (const { method, reject } of this.pending.values()) reject(new Error(`the socket closed before ${method} was answered`));
      this.pending.clear();
      this.wake();
    });
  }

  static readLockFile(path: string): LockFile {
    const lock = JSON.parse(readFileSync(path, 'utf8')) as LockFile;
    assert.equal(lock.transport, 'ws');
    assert.equal(typeof lock.token, 'string');
    return lock;
  }

  /** Connects to the endpoint a lock file describes. */
  static connect(lock: LockFile): Promise<AgentClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://${lock.host}:${lock.port}`, { headers: { Authorization: `Bearer ${lock.token}` } });
      socket.once('open', () => resolve(new AgentClient(socket)));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`the endpoint refused the connection: HTTP ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  /** Sends a request; resolves with its result, rejects with RpcFailure on an error answer. */
  request<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  /** The error a request is answered with; fails the test if it succeeds. */
  async failure(method: string, params: Record<string, unknown> = {}): Promise<RpcError> {
    try {
      const result = await this.request(method, params);
      assert.fail(`${method} was expected to fail but answered ${JSON.stringify(result)}`);
    } catch (error) {
      if (error instanceof RpcFailure) return error.error;
      throw error;
    }
  }

  /** The first notification `method` whose params satisfy `match`, waiting up to `timeoutMs`. */
  async notification(method: string, match: (params: unknown) => boolean = () => true, timeoutMs = 20_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.notifications.find((notification) => notification.method === method && match(notification.params));
      if (found) return found.params;
      const left = deadline - Date.now();
      if (left <= 0) assert.fail(`timed out after ${timeoutMs} ms waiting for the notification ${method}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(left, 200));
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.add(() => done());
      });
      this.waiters.clear();
    }
  }

  /** Calls `listener` once the socket has closed (at once when it already has). */
  onClose(listener: () => void): void {
    if (this.socket.readyState === WebSocket.CLOSED) listener();
    else this.socket.once('close', () => listener());
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as { id?: number; method?: string; params?: unknown; result?: unknown; error?: RpcError };
    if (message.method !== undefined && message.id === undefined) {
      this.notifications.push({ method: message.method, params: message.params });
      this.wake();
      return;
    }
    const pending = message.id === undefined ? undefined : this.pending.get(message.id);
    if (!pending || message.id === undefined) return;
    this.pending.delete(message.id);
    if (message.error) pending.reject(new RpcFailure(pending.method, message.error));
    else pending.resolve(message.result);
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
