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
import { ActiveEditorNotification, AgentStatusNotification, McpServerRequest, type AgentStatusParams, type McpServerResult } from '../../server/src/protocol/messages';
import { LspClient } from './lspClient';

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
