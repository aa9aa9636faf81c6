// The two sides of the agent endpoint inside the language server, for the LSP-level tests: an
// editor that behaves like VS Code's (it applies workspace/applyEdit only for the version it holds,
// then reports the change with didChange, and the person can type at any moment) and a WebSocket
// agent that found the endpoint through the lock file.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  ApplyWorkspaceEditRequest,
  DidChangeTextDocumentNotification,
  type ApplyWorkspaceEditParams,
  type ApplyWorkspaceEditResult,
  type Position,
  type TextDocumentContentChangeEvent,
  type TextDocumentEdit,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import WebSocket from 'ws';
import { ActiveEditorNotification, AgentStatusNotification, type AgentStatusParams } from '../../server/src/protocol/messages';
import { LspClient } from './lspClient';

/** What the server reports of its endpoint (whetstone/agentStatus). */
export type AgentStatus = AgentStatusParams;

export interface AstNode {
  type: string;
  id: string;
  name?: string;
  body?: AstNode;
  statements?: AstNode[];
  children?: AstNode[];
}

export interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

export function offsetAt(text: string, position: Position): number {
  let offset = 0;
  for (let line = 0; line < position.line; line++) offset = text.indexOf('\n', offset) + 1;
  return offset + position.character;
}

export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/**
 * The editor side of one document, as VS Code keeps it: its text and version. It refuses an edit
 * made for another version (as VS Code's language client does), applies the others and reports
 * them with didChange, before or after answering as the test chooses.
 */
export class FakeEditor {
  version = 1;
  /** A keystroke VS Code has applied but whose didChange has not reached the server yet. */
  private inFlight: { version: number; changes: TextDocumentContentChangeEvent[] } | undefined;
  applyEditRequests = 0;
  answerBeforeChange = false;
  /**
   * Runs when an applyEdit request arrives, before the editor looks at it: a keystroke typed here
   * wins the race (the request was made for the version before it). Gets the request's number.
   */
  onApplyEdit: ((request: number) => Promise<void>) | undefined;

  constructor(
    private readonly client: LspClient,
    readonly uri: string,
    public text: string,
  ) {
    client.connection.onRequest(ApplyWorkspaceEditRequest.type, (params) => this.applyEdit(params));
  }

  async open(): Promise<void> {
    await this.client.open(this.uri, this.text, this.version);
    await this.client.connection.sendNotification(ActiveEditorNotification.method, { uri: this.uri });
  }

  /** The person types at `offset`; with `deliver: false` the didChange is still on its way. */
  async type(offset: number, inserted: string, deliver = true): Promise<void> {
    const position = positionAt(this.text, offset);
    this.text = this.text.slice(0, offset) + inserted + this.text.slice(offset);
    this.version++;
    this.inFlight = { version: this.version, changes: [{ range: { start: position, end: position }, text: inserted }] };
    if (deliver) await this.deliver();
  }

  /** The person deletes `length` characters at `offset` (as an undo of an insertion does). */
  async erase(offset: number, length: number): Promise<void> {
    const range = { start: positionAt(this.text, offset), end: positionAt(this.text, offset + length) };
    this.text = this.text.slice(0, offset) + this.text.slice(offset + length);
    this.version++;
    this.inFlight = { version: this.version, changes: [{ range, text: '' }] };
    await this.deliver();
  }

  async deliver(): Promise<void> {
    const pending = this.inFlight;
    this.inFlight = undefined;
    if (pending) await this.sendChange(pending.version, pending.changes);
  }

  private sendChange(version: number, contentChanges: TextDocumentContentChangeEvent[]): Promise<void> {
    return this.client.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: this.uri, version }, contentChanges });
  }

  private async applyEdit(params: ApplyWorkspaceEditParams): Promise<ApplyWorkspaceEditResult> {
    this.applyEditRequests++;
    await this.onApplyEdit?.(this.applyEditRequests);
    const change = params.edit.documentChanges?.[0] as TextDocumentEdit | undefined;
    if (!change || change.textDocument.uri !== this.uri || change.textDocument.version !== this.version) return { applied: false };
    // All ranges are in the text before the edit: apply from the last, report in that order too.
    const edits = [...(change.edits as TextEdit[])].sort((a, b) => offsetAt(this.text, b.range.start) - offsetAt(this.text, a.range.start));
    for (const edit of edits) {
      this.text = this.text.slice(0, offsetAt(this.text, edit.range.start)) + edit.newText + this.text.slice(offsetAt(this.text, edit.range.end));
    }
    this.version++;
    const changes = edits.map((edit) => ({ range: edit.range, text: edit.newText }));
    if (this.answerBeforeChange) {
      const version = this.version;
      setTimeout(() => void this.sendChange(version, changes), 50);
    } else await this.sendChange(this.version, changes);
    return { applied: true };
  }
}

/** A WebSocket agent speaking JSON-RPC. */
export class Agent {
  private nextId = 1;
  private readonly answers = new Map<number, (answer: RpcAnswer) => void>();
  readonly notifications: { method: string; params: Record<string, unknown> }[] = [];

  /** Settles when the socket has closed (either side closed it). */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as RpcAnswer & { id?: number; method?: string; params?: Record<string, unknown> };
      if (message.id === undefined && message.method) this.notifications.push({ method: message.method, params: message.params ?? {} });
      else if (message.id !== undefined) this.answers.get(message.id)?.(message);
    });
  }

  static connect(lockFile: string): Promise<Agent> {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { host: string; port: number; token: string };
    const socket = new WebSocket(`ws://${lock.host}:${lock.port}`, { headers: { Authorization: `Bearer ${lock.token}` } });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new Agent(socket)));
      socket.once('error', reject);
    });
  }

  call(method: string, params: Record<string, unknown> = {}): Promise<RpcAnswer> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.answers.set(id, resolve);
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  async result(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const answer = await this.call(method, params);
    assert.ok(answer.result, `${method} failed: ${JSON.stringify(answer.error)}`);
    return answer.result;
  }

  /** The `count`-th notification `method` (1-based), waiting for it. */
  async notification(method: string, count = 1): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.notifications.filter((notification) => notification.method === method)[count - 1];
      if (found) return found.params;
      if (Date.now() > deadline) assert.fail(`no notification ${method} #${count}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Polls getAST until the server's buffer is at `revision` (the LSP and agent channels are separate). */
  async untilRevision(revision: number): Promise<void> {
    const deadline = Date.now() + 5000;
    while (((await this.result('getAST')) as { revision: number }).revision !== revision) {
      if (Date.now() > deadline) assert.fail(`the buffer did not reach revision ${revision}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.socket.close();
  }
}

export function functionNamed(ast: AstNode, name: string): AstNode {
  const found = ast.children?.find((node) => node.type === 'FunctionDeclaration' && node.name === name);
  assert.ok(found, `a function ${name}`);
  return found;
}

export async function startServer(
  lockDir: string,
  options: { trusted?: boolean; agentServer?: Record<string, unknown>; settings?: Record<string, unknown>; workspaceFolder?: string } = {},
): Promise<{ client: LspClient; statuses: AgentStatus[] }> {
  const statuses: AgentStatus[] = [];
  // The object is the client's: changing it changes what workspace/configuration answers.
  const settings = options.settings ?? {};
  Object.assign(settings, { diagnostics: { semanticDelayMs: 20 }, agentServer: { port: 0, ...options.agentServer } });
  const client = await LspClient.start({
    settings,
    initializationOptions: options.trusted === undefined ? {} : { trusted: options.trusted },
    env: { WHETSTONE_LOCK_DIR: lockDir },
    ...(options.workspaceFolder === undefined ? {} : { workspaceFolder: options.workspaceFolder, workspaceCapabilities: true }),
  });
  client.connection.onNotification(AgentStatusNotification.method, (status: AgentStatus) => {
    statuses.push(status);
  });
  return { client, statuses };
}
