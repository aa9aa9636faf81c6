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
import { ApplyWorkspaceEditRequest, DidChangeTextDocumentNotification, type ApplyWorkspaceEditParams, type TextDocumentEdit, type TextEdit } from 'vscode-languageserver-protocol/node';
import { OpenDocumentRequest, type OpenDocumentParams, type OpenDocumentResult } from '../../server/src/protocol/messages';
import { Agent, functionNamed, offsetAt, startServer, type AstNode } from './agentHarness';
import type { LspClient } from './lspClient';

/** The documents the editor has open, each with its version, applying the server's edits as VS Code does. */
class Documents {
  readonly open = new Map<string, { text: string; version: number }>();
  applyEditRequests = 0;

  constructor(private readonly client: LspClient) {
    client.connection.onRequest(ApplyWorkspaceEditRequest.type, (params) => this.applyEdit(params));
  }

  async openDocument(uri: string): Promise<void> {
    const document = { text: readFileSync(fileURLToPath(uri), 'utf8'), version: 1 };
    this.open.set(uri, document);
    await this.client.open(uri, document.text, document.version);
  }

  text(file: string): string {
    return this.open.get(file)?.text ?? '';
  }

  private async applyEdit(params: ApplyWorkspaceEditParams): Promise<{ applied: boolean }> {
    this.applyEditRequests++;
    for (const change of (params.edit.documentChanges ?? []) as TextDocumentEdit[]) {
      const document = this.open.get(change.textDocument.uri);
      if (!document || change.textDocument.version !== document.version) return { applied: false };
      const edits = [...(change.edits as TextEdit[])].sort((a, b) => offsetAt(document.text, b.range.start) - offsetAt(document.text, a.range.start));
      for (const edit of edits) document.text = document.text.slice(0, offsetAt(document.text, edit.range.start)) + edit.newText + document.text.slice(offsetAt(document.text, edit.range.end));
      document.version++;
      await this.client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri: change.textDocument.uri, version: document.version },
        contentChanges: edits.map((edit) => ({ range: edit.range, text: edit.newText })),
      });
    }
    return { applied: true };
  }
}

const FILES: Record<string, string> = {
  'shop/pricing.wst': 'fn orderTotal(prices: list<number>): number {\n  let t = 0;\n  for p in prices { t = t + p; }\n  return t;\n}\n',
  'shop/orders.wst': 'use shop.pricing.{orderTotal};\nfn checkout(): number { return orderTotal([1, 2]); }\n',
  'refused.wst': 'fn kept(): number { return 1; }\n',
  'tax/rates.wst': 'fn vatOf(amount: number): number {\n  return amount * 0.2;\n}\n',
  'tax/invoice.wst': 'use tax.rates.{vatOf};\nfn gross(net: number): number { return net + vatOf(net); }\n',
  'ship/cost.wst': 'fn shippingCost(weight: number): number {\n  return weight * 2;\n}\n',
  'ship/quote.wst': 'use ship.cost.{shippingCost};\nlet quoted = shippingCost(3);\n',
  'tax/audit/check.wst': 'use tax.rates;\nlet sample = rates.vatOf(10);\nfn vatOfLocal(): number { let vatOf = 1; return vatOf; }\n',
};

describe('agents reach files nobody has open (VS Code)', () => {
  let folder: string;
  let lockDir: string;
  let client: LspClient;
  let agent: Agent;
  const asked: string[] = [];
  let documents: Documents;
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
    documents = new Documents(client);
    // The editor opens the document (no editor shown) and tells the server, as VS Code does.
    client.connection.onRequest(OpenDocumentRequest.method, async ({ uri }: OpenDocumentParams): Promise<OpenDocumentResult> => {
      asked.push(uri);
      if (uri.endsWith('refused.wst')) return { opened: false, reason: 'the file is locked' };
      await documents.openDocument(uri);
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
    const requests = documents.applyEditRequests;
    const applied = (await agent.result('applyMutation', { uri: pricing, type: 'setProperty', nodeId: functionNamed(ast, 'orderTotal').id, property: 'name', value: 'sumOf', ifRevision: 1 })) as { revision: number };
    assert.equal(documents.applyEditRequests, requests + 1, 'the change went to the editor as one applyEdit');
    assert.equal(applied.revision, 2);
    assert.match(documents.text(pricing), /^fn sumOf\(prices/);
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

  it('refuses a rename that would clash in a file nobody had open, and changes no file', async () => {
    const rates = uriOf('tax/rates.wst');
    const { ast } = (await agent.result('getAST', { uri: rates })) as { ast: AstNode };
    const requests = documents.applyEditRequests;
    // invoice.wst declares `gross`: the imported function may not take that name there.
    const answer = await agent.call('renameSymbol', { uri: rates, nodeId: functionNamed(ast, 'vatOf').id, newName: 'gross' });
    assert.equal(answer.error?.code, -32010, JSON.stringify(answer));
    assert.match(answer.error!.message, /invoice\.wst/);
    assert.equal(documents.applyEditRequests, requests, 'no edit was sent');
    assert.equal(documents.text(rates), FILES['tax/rates.wst']);
    assert.equal(documents.text(uriOf('tax/invoice.wst')), FILES['tax/invoice.wst']);
  });

  it('renames across every file importing the declaration, opening those nobody has open, one change per file', async () => {
    const rates = uriOf('tax/rates.wst');
    const { ast } = (await agent.result('getAST', { uri: rates })) as { ast: AstNode };
    const renamed = (await agent.result('renameSymbol', { uri: rates, nodeId: functionNamed(ast, 'vatOf').id, newName: 'valueAddedTax' })) as { changes: { uri: string }[] };
    const invoice = uriOf('tax/invoice.wst');
    const check = uriOf('tax/audit/check.wst');
    assert.deepEqual(renamed.changes.map((change) => change.uri).sort(), [rates, invoice, check].sort());
    assert.ok(asked.includes(invoice) && asked.includes(check), 'the importers were opened for the rename');
    assert.equal(documents.text(rates), FILES['tax/rates.wst'].replace('vatOf', 'valueAddedTax'));
    assert.equal(documents.text(invoice), FILES['tax/invoice.wst'].replaceAll('vatOf', 'valueAddedTax'));
    // The local `vatOf` that shadows nothing imported keeps its name; the qualified use is renamed.
    assert.equal(documents.text(check), 'use tax.rates;\nlet sample = rates.valueAddedTax(10);\nfn vatOfLocal(): number { let vatOf = 1; return vatOf; }\n');
  });

  it('reports the calls a signature change breaks in a file nobody has open (brokenCallers), in a dry run', async () => {
    const cost = uriOf('ship/cost.wst');
    const quote = uriOf('ship/quote.wst');
    const { ast, revision } = (await agent.result('getAST', { uri: cost })) as { ast: AstNode; revision: number };
    assert.ok(!asked.includes(quote), 'the importer is not open yet');
    const node = { type: 'Parameter', name: 'express', paramType: 'boolean' };
    const answer = (await agent.result('applyMutation', { uri: cost, type: 'insertNode', parentId: functionNamed(ast, 'shippingCost').id, role: 'parameters', node, ifRevision: revision, dryRun: true })) as {
      brokenCallers: { uri: string; line: number; diagnostic: { code: string } }[];
    };
    assert.deepEqual(answer.brokenCallers.map((b) => [b.uri, b.line, b.diagnostic.code]), [[quote, 2, 'E_ARITY']]);
    assert.equal(documents.text(cost), FILES['ship/cost.wst'], 'a dry run changes nothing');
  });
});
