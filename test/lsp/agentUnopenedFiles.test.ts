// An agent attached in VS Code names a file of the workspace nobody has open: the real language
// server asks the editor (here the test client, playing VS Code) to open it as a document, the
// agent reads and changes it through the editor like any open file, and a file outside the
// workspace index is never asked for.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { OpenDocumentRequest, type OpenDocumentParams, type OpenDocumentResult } from '../../server/src/protocol/messages';
import { Agent, FakeEditor, functionNamed, startServer, type AstNode } from './agentHarness';
import type { LspClient } from './lspClient';

const FILES: Record<string, string> = {
  'shop/pricing.wst': 'fn orderTotal(prices: list<number>): number {\n  let t = 0;\n  for p in prices { t = t + p; }\n  return t;\n}\n',
  'shop/orders.wst': 'use shop.pricing.{orderTotal};\nfn checkout(): number { return orderTotal([1, 2]); }\n',
  'refused.wst': 'fn kept(): number { return 1; }\n',
};

describe('agents reach files nobody has open (VS Code)', () => {
  let folder: string;
  let lockDir: string;
  let client: LspClient;
  let agent: Agent;
  const asked: string[] = [];
  let editor: FakeEditor | undefined;
  const uriOf = (file: string): string => pathToFileURL(join(folder, file)).href;

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-unopened-')));
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(folder, file)), { recursive: true });
      writeFileSync(join(folder, file), text);
    }
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    const started = await startServer(lockDir, { trusted: true, workspaceFolder: folder });
    client = started.client;
    // The editor opens the document (no editor shown) and tells the server, as VS Code does.
    client.connection.onRequest(OpenDocumentRequest.method, async ({ uri }: OpenDocumentParams): Promise<OpenDocumentResult> => {
      asked.push(uri);
      if (uri.endsWith('refused.wst')) return { opened: false, reason: 'the file is locked' };
      editor = new FakeEditor(client, uri, readFileSync(fileURLToPath(uri), 'utf8'));
      await client.open(uri, editor.text, editor.version);
      return { opened: true };
    });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
    const running = await client.waitFor('the endpoint to run', () => started.statuses.find((status) => status.running));
    agent = await Agent.connect(running.lockFile!);
    await agent.result('setAgentRole', { role: 'refactor' });
  });

  after(async () => {
    agent.close();
    await client.shutdown();
    rmSync(lockDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads a file nobody has open, asking the editor to open it once', async () => {
    const pricing = uriOf('shop/pricing.wst');
    const { ast, uri, revision } = (await agent.result('getAST', { uri: pricing })) as { ast: AstNode; uri: string; revision: number };
    assert.equal(uri, pricing);
    assert.equal(revision, 1);
    functionNamed(ast, 'orderTotal');
    assert.deepEqual(asked, [pricing]);
    await agent.result('getAST', { uri: pricing });
    assert.deepEqual(asked, [pricing], 'a file opened already is not asked for again');
  });

  it('changes it through the editor, so the change is one step of its undo stack', async () => {
    const pricing = uriOf('shop/pricing.wst');
    const { ast } = (await agent.result('getAST', { uri: pricing })) as { ast: AstNode };
    const requests = editor!.applyEditRequests;
    const applied = (await agent.result('applyMutation', { uri: pricing, type: 'setProperty', nodeId: functionNamed(ast, 'orderTotal').id, property: 'name', value: 'sumOf', ifRevision: 1 })) as { revision: number };
    assert.equal(editor!.applyEditRequests, requests + 1, 'the change went to the editor as one applyEdit');
    assert.equal(applied.revision, 2);
    assert.match(editor!.text, /^fn sumOf\(prices/);
    assert.equal(readFileSync(join(folder, 'shop/pricing.wst'), 'utf8'), FILES['shop/pricing.wst'], 'the file on disk is left to the editor (saved by the person)');
  });

  it('never asks the editor for a file outside the workspace index, and says the file is not open', async () => {
    const before = asked.length;
    const outside = pathToFileURL(join(tmpdir(), 'elsewhere', 'secret.wst')).href;
    const answer = await agent.call('getAST', { uri: outside });
    assert.equal(answer.error?.code, -32000, JSON.stringify(answer));
    assert.match(answer.error!.message, /is not open/);
    assert.equal(asked.length, before, 'the editor was not asked');
  });

  it('reports the editor refusing to open a file, and changes nothing', async () => {
    const refused = uriOf('refused.wst');
    const answer = await agent.call('getAST', { uri: refused });
    assert.equal(answer.error?.code, -32000, JSON.stringify(answer));
    assert.match(answer.error!.message, /VS Code could not open .*refused\.wst \(the file is locked\)/);
  });
});
