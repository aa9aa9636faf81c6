// A real LSP client for the language-server tests: spawns the server as it ships (dist/server.js
// with --stdio, and the Node options the VS Code client starts it with) and talks JSON-RPC to it through vscode-languageserver-protocol's stream reader and
// writer. It records every publishDiagnostics notification and answers workspace/configuration
// with the settings the test gives.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  WorkDoneProgress,
  WorkDoneProgressCreateRequest,
  type Registration,
  type WorkDoneProgressBegin,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
  StreamMessageReader,
  StreamMessageWriter,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import { SERVER_NODE_OPTIONS } from '../../server/src/protocol/server-process';

export const SERVER_PATH = join(__dirname, '..', '..', '..', 'dist', 'server.js');
export const REPO_ROOT = join(__dirname, '..', '..', '..');

export interface ClientOptions {
  /** The `whetstone` settings section answered to workspace/configuration. */
  settings?: Record<string, unknown>;
  /** Sent in initialize (`{trusted: true}` lets the server start its agent endpoint). */
  initializationOptions?: Record<string, unknown>;
  /** Added to the server process's environment (e.g. WHETSTONE_LOCK_DIR). */
  env?: Record<string, string>;
  /** A folder on disk opened as the workspace folder (the server indexes its files). */
  workspaceFolder?: string;
  /** Whether the client says it shows work-done progress and lets the server register file watchers, as VS Code does. */
  workspaceCapabilities?: boolean;
}

export class LspClient {
  readonly connection: ProtocolConnection;
  readonly diagnostics: PublishDiagnosticsParams[] = [];
  readonly stderr: string[] = [];
  /** What the server wrote to the client's log (window/logMessage). */
  readonly logs: { type: number; message: string }[] = [];
  /** The sections the server asked for with workspace/configuration. */
  readonly configurationRequests: (string | undefined)[] = [];
  /** What the server registered dynamically (client/registerCapability). */
  readonly registrations: Registration[] = [];
  /** The work-done progress tokens the server created, and the progress sent on them, in order. */
  readonly progress: { token: string | number; value: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd }[] = [];
  initializeResult: InitializeResult | undefined;
  exitCode: number | null | undefined;
  private readonly waiters: (() => void)[] = [];
  private readonly versions = new Map<string, number>();

  private constructor(
    readonly process: ChildProcess,
    private readonly settings: Record<string, unknown>,
  ) {
    if (!process.stdout || !process.stdin) throw new Error('the server has no stdio');
    this.connection = createProtocolConnection(new StreamMessageReader(process.stdout), new StreamMessageWriter(process.stdin));
    process.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString()));
    process.on('exit', (code) => {
      this.exitCode = code;
      this.notify();
    });
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.diagnostics.push(params);
      this.notify();
    });
    this.connection.onRequest(ConfigurationRequest.type, (params) => {
      this.configurationRequests.push(...params.items.map((item) => item.section));
      this.notify();
      return params.items.map((item) => (item.section === 'whetstone' ? this.settings : null));
    });
    this.connection.onRequest(RegistrationRequest.type, (params) => {
      this.registrations.push(...params.registrations);
      this.notify();
    });
    this.connection.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => {
      this.connection.onProgress(WorkDoneProgress.type, token, (value) => {
        this.progress.push({ token, value });
        this.notify();
      });
    });
    this.connection.onNotification(LogMessageNotification.type, (params) => {
      this.logs.push(params);
    });
    this.connection.listen();
  }

  /** Starts the server and completes initialize/initialized. */
  static async start(options: ClientOptions = {}): Promise<LspClient> {
    const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_PATH, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
    const client = new LspClient(child, options.settings ?? {});
    client.initializeResult = await client.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: options.workspaceFolder === undefined ? null : pathToFileURL(options.workspaceFolder).href,
      workspaceFolders: options.workspaceFolder === undefined ? null : [{ uri: pathToFileURL(options.workspaceFolder).href, name: 'workspace' }],
      initializationOptions: options.initializationOptions,
      capabilities: {
        ...(options.workspaceCapabilities ? { window: { workDoneProgress: true } } : {}),
        workspace: {
          configuration: true,
          didChangeConfiguration: { dynamicRegistration: true },
          workspaceEdit: { documentChanges: true },
          ...(options.workspaceCapabilities ? { didChangeWatchedFiles: { dynamicRegistration: true }, workspaceFolders: true } : {}),
        },
        textDocument: {
          publishDiagnostics: { versionSupport: true, dataSupport: true, relatedInformation: true },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          rename: { prepareSupport: true },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, dataSupport: true },
          semanticTokens: {
            requests: { full: true },
            tokenTypes: [],
            tokenModifiers: [],
            formats: ['relative'],
          },
        },
      },
    });
    await client.connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  open(uri: string, text: string, version = 1): Promise<void> {
    this.versions.set(uri, version);
    return this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'whetstone', version, text },
    });
  }

  /** Sends one didChange with the next version; returns that version. */
  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: changes });
    return version;
  }

  close(uri: string): Promise<void> {
    return this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** The publications for a document, in arrival order. */
  publicationsFor(uri: string): PublishDiagnosticsParams[] {
    return this.diagnostics.filter((p) => p.uri === uri);
  }

  /** Waits until `probe` returns something other than undefined (checked on each notification and every 20 ms). */
  async waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value !== undefined) return value;
      if (this.exitCode !== undefined) throw new Error(`the server exited (code ${this.exitCode}) while waiting for ${what}\n${this.stderr.join('')}`);
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 20);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * Waits for the full (semantic) publication of `version`: the server publishes a change's syntax
   * diagnostics at once and its full diagnostics after the debounce, so a changed version's full
   * publication is its second; an opened document's first publication is already full.
   */
  fullDiagnostics(uri: string, version: number, opened = false): Promise<PublishDiagnosticsParams> {
    return this.waitFor(`full diagnostics of ${uri} version ${version}`, () => {
      const ofVersion = this.publicationsFor(uri).filter((p) => p.version === version);
      return ofVersion[opened ? 0 : 1];
    });
  }

  async shutdown(): Promise<number | null> {
    if (this.exitCode === undefined) {
      await this.connection.sendRequest(ShutdownRequest.type);
      await this.connection.sendNotification(ExitNotification.type);
      await this.waitFor('the server to exit', () => (this.exitCode === undefined ? undefined : true));
    }
    this.connection.dispose();
    return this.exitCode ?? null;
  }

  /** Kills the server if a test failed before shutting it down. */
  kill(): void {
    if (this.exitCode === undefined) this.process.kill();
    this.connection.dispose();
  }

  private notify(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
