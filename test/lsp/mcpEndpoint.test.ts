// MCP at /mcp when the endpoint runs inside the language server (as in VS Code): the extension
// asks for the address and token with whetstone/mcpServer, and the MCP SDK's client then reads the
// person's open buffers with them. Untrusted, there is no endpoint and no token.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ApplyWorkspaceEditRequest, DidChangeTextDocumentNotification, type TextDocumentEdit } from 'vscode-languageserver-protocol/node';
import { ActiveEditorNotification, AgentStatusNotification, McpServerRequest, type AgentStatusParams, type McpServerResult } from '../../server/src/protocol/messages';
import { LspClient } from './lspClient';
import { applyTextEdits } from './positions';

const URI = 'file:///workspace/orders.wst';
const SOURCE = 'fn total(): number {\n  return 1;\n}\n\nprint(total());\n';

async function startServer(lockDir: string, trusted: boolean): Promise<{ client: LspClient; running: Promise<AgentStatusParams> }> {
  const client = await LspClient.start({
    settings: { diagnostics: { semanticDelayMs: 20 }, agentServer: { port: 0 } },
    initializationOptions: { trusted },
    env: { WHETSTONE_LOCK_DIR: lockDir },
  });
  const running = new Promise<AgentStatusParams>((resolve) => {
    client.connection.onNotification(AgentStatusNotification, (status) => {
      if (status.running) resolve(status);
    });
  });
  return { client, running };
}

describe('MCP in the language server', () => {
  let lockDir: string;
  let client: LspClient;
  let status: AgentStatusParams;
  before(async () => {
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    const started = await startServer(lockDir, true);
    client = started.client;
    status = await started.running;
    await client.open(URI, SOURCE);
    await client.connection.sendNotification(ActiveEditorNotification, { uri: URI });
  });
  after(async () => {
    await client.shutdown();
    rmSync(lockDir, { recursive: true, force: true });
  });

  it('gives the extension the MCP address and the token of the lock file', async () => {
    const server = await client.connection.sendRequest(McpServerRequest);
    assert.ok(server);
    assert.equal(server.url, `http://127.0.0.1:${status.port}/mcp`);
    const lock = JSON.parse(readFileSync(status.lockFile!, 'utf8')) as { token: string };
    assert.equal(server.token, lock.token);
    // A restart of the endpoint (new token) shows in the version, so VS Code reconnects.
    assert.match(server.version, new RegExp(`\\+${status.port}\\.\\d+$`));
  });

  it('serves the open buffers to an MCP client with that token', async () => {
    const server = (await client.connection.sendRequest(McpServerRequest)) as McpServerResult;
    const mcp = new Client({ name: 'vscode-like', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${server.token}` } } }));
    const { tools } = await mcp.listTools();
    assert.ok(tools.some((tool) => tool.name === 'getNode'));
    const found = await mcp.callTool({ name: 'findNodes', arguments: { type: 'FunctionDeclaration', name: 'total' } });
    const structured = found.structuredContent as { candidates: { nodeId: string }[]; uri: string; revision: number };
    assert.equal(structured.uri, URI);
    assert.equal(structured.candidates.length, 1);
    const refused = await mcp.callTool({ name: 'renameSymbol', arguments: { nodeId: structured.candidates[0].nodeId, newName: 'sum' } });
    assert.equal(refused.isError, true);
    assert.equal((refused.structuredContent as { code: number }).code, -32031);
    await mcp.close();
  });
});

describe('renameSymbol through MCP in the language server', () => {
  const LIB_URI = 'file:///workspace/lib.wst';
  const MAIN_URI = 'file:///workspace/main.wst';
  const documents = new Map<string, { text: string; version: number }>([
    [LIB_URI, { text: 'fn total(xs: list<number>): number {\n  return len(xs);\n}\n\nprint(total([1]));\n', version: 1 }],
    [MAIN_URI, { text: 'use lib.{total};\n\nprint(total([1, 2]));\n', version: 1 }],
  ]);
  const applied: TextDocumentEdit[][] = [];
  let lockDir: string;
  let client: LspClient;

  before(async () => {
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    const started = await startServer(lockDir, true);
    client = started.client;
    await started.running;
    // The editor's side, as VS Code does it: an edit for the version it holds is applied and
    // reported back with didChange; each workspace/applyEdit is one undo step there.
    client.connection.onRequest(ApplyWorkspaceEditRequest.type, async (params) => {
      const changes = (params.edit.documentChanges ?? []) as TextDocumentEdit[];
      applied.push(changes);
      for (const change of changes) {
        const document = documents.get(change.textDocument.uri);
        if (!document || document.version !== change.textDocument.version) return { applied: false };
        document.text = applyTextEdits(document.text, change.edits as { range: never; newText: string }[]);
        document.version++;
        await client.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: change.textDocument.uri, version: document.version }, contentChanges: [{ text: document.text }] });
      }
      return { applied: true };
    });
    for (const [uri, document] of documents) await client.open(uri, document.text, document.version);
    await client.connection.sendNotification(ActiveEditorNotification, { uri: LIB_URI });
  });
  after(async () => {
    await client.shutdown();
    rmSync(lockDir, { recursive: true, force: true });
  });

  it('renames in both buffers, as one editor edit (one undo step) per buffer', async () => {
    const server = (await client.connection.sendRequest(McpServerRequest)) as McpServerResult;
    const mcp = new Client({ name: 'renamer', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${server.token}` } } }));
    await mcp.callTool({ name: 'setAgentRole', arguments: { role: 'refactor' } });
    const found = (await mcp.callTool({ name: 'findNodes', arguments: { type: 'FunctionDeclaration', name: 'total' } })).structuredContent as { candidates: { nodeId: string }[] };
    const result = await mcp.callTool({ name: 'renameSymbol', arguments: { nodeId: found.candidates[0].nodeId, newName: 'sumOf' } });
    assert.equal(result.isError, undefined, JSON.stringify(result.structuredContent));
    const changes = (result.structuredContent as { changes: { uri: string; revision: number }[] }).changes;
    assert.deepEqual(changes.map((change) => [change.uri, change.revision]), [[LIB_URI, 2], [MAIN_URI, 2]]);
    assert.deepEqual(applied.map((edits) => edits.map((edit) => [edit.textDocument.uri, edit.textDocument.version])), [[[LIB_URI, 1]], [[MAIN_URI, 1]]]);
    assert.equal(documents.get(LIB_URI)!.text, 'fn sumOf(xs: list<number>): number {\n  return len(xs);\n}\n\nprint(sumOf([1]));\n');
    assert.equal(documents.get(MAIN_URI)!.text, 'use lib.{sumOf};\n\nprint(sumOf([1, 2]));\n');
    // The declaration kept its id through the editor's round trip.
    const node = (await mcp.callTool({ name: 'getNode', arguments: { nodeId: found.candidates[0].nodeId, depth: 0 } })).structuredContent as { node: { name: string } };
    assert.equal(node.node.name, 'sumOf');
    await mcp.close();
  });
});

describe('MCP in an untrusted workspace', () => {
  it('has no endpoint, so the extension gets no token', async () => {
    const lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    const { client } = await startServer(lockDir, false);
    try {
      assert.equal(await client.connection.sendRequest(McpServerRequest), null);
    } finally {
      await client.shutdown();
      rmSync(lockDir, { recursive: true, force: true });
    }
  });
});
