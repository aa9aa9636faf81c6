// The lock folder seen from the real language server (as VS Code runs it): a FIFO named like a lock
// file neither stops the endpoint from starting nor the server from answering; a lock folder others
// can write into keeps the endpoint off, says why in the status, and the language features go on.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DocumentSymbolRequest } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';

interface AgentStatus {
  running: boolean;
  lockFile: string | null;
  reason?: string;
}

const URI = 'file:///lock-folder/main.wst';

async function startServer(lockDir: string): Promise<{ client: LspClient; statuses: AgentStatus[] }> {
  const statuses: AgentStatus[] = [];
  const client = await LspClient.start({
    settings: { agentServer: { port: 0 } },
    initializationOptions: { trusted: true },
    env: { WHETSTONE_LOCK_DIR: lockDir },
  });
  client.connection.onNotification('whetstone/agentStatus', (status: AgentStatus) => {
    statuses.push(status);
  });
  return { client, statuses };
}

async function answersSymbols(client: LspClient): Promise<void> {
  await client.open(URI, 'fn main(): number {\n  return 1;\n}\n');
  const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: URI } })) as { name: string }[];
  assert.deepEqual(
    symbols.map((symbol) => symbol.name),
    ['main'],
  );
}

describe('lock folder in the language server', { skip: process.platform === 'win32' }, () => {
  let base: string;
  before(() => {
    base = mkdtempSync(join(tmpdir(), 'whetstone-lsp-lockdir-'));
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  it('starts the endpoint and keeps answering with a FIFO named <n>.json in the lock folder', async () => {
    const lockDir = join(base, 'fifo');
    mkdirSync(lockDir, { mode: 0o700 });
    assert.equal(spawnSync('mkfifo', [join(lockDir, '4242.json')]).status, 0, 'mkfifo');
    const { client, statuses } = await startServer(lockDir);
    try {
      const running = await client.waitFor('the endpoint to run', () => statuses.find((status) => status.running));
      assert.ok(running.lockFile && existsSync(running.lockFile));
      await answersSymbols(client);
    } finally {
      await client.shutdown();
    }
  });

  it('keeps the endpoint off with a lock folder others can write into, and says why', async () => {
    const lockDir = join(base, 'open');
    mkdirSync(lockDir);
    chmodSync(lockDir, 0o777);
    const { client, statuses } = await startServer(lockDir);
    try {
      const off = await client.waitFor('a status', () => statuses[0]);
      assert.equal(off.running, false);
      assert.match(off.reason ?? '', /writable by its group and by others/);
      assert.match(off.reason ?? '', /chmod 700/);
      await answersSymbols(client);
    } finally {
      await client.shutdown();
    }
  });
});
