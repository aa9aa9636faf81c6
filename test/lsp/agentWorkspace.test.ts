// listFiles, findSymbol and findReferences in the language server (as in VS Code), over a real LSP
// connection and a real agent connection, on a folder of nested modules of which one file is
// open: the files that are not open are answered from the workspace index, their entries with
// their place (line, column) and no node id or revision, the open file's with both.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { OpenDocumentRequest, type OpenDocumentParams, type OpenDocumentResult } from '../../server/src/protocol/messages';
import { Agent, startServer, type AgentStatus } from './agentHarness';
import type { LspClient } from './lspClient';

const FILES: Record<string, string> = {
  'shop/orders.wst': 'type Order { id: string, total: number }\n',
  'shop/pricing.wst': 'use shop.orders.{Order};\n\nfn orderTotal(order: Order): number {\n  return order.total;\n}\n',
  'billing/invoice.wst': 'use shop.pricing.{orderTotal};\n\nfn invoiceLine(order) {\n  return orderTotal(order);\n}\n\nprint(orderTotal({ id: "a", total: 2 }));\n',
  'billing/raw.wst': 'use shop.orders.{Order};\n\nfn raw(data): number {\n  return data.total;\n}\n',
  'billing/report.wst': 'use shop.pricing;\nuse billing.invoice;\n\nfn report(order) {\n  print(pricing.orderTotal(order));\n  print(invoice.invoiceLine(order));\n}\n',
};

interface Entry {
  qualifiedName?: string;
  kind?: string;
  uri: string;
  nodeId?: string;
  revision?: number;
  signature?: string;
  line: number;
  column: number;
}

describe('agents find files and declarations across the workspace, open or not (language server)', () => {
  let folder: string;
  let lockDir: string;
  let client: LspClient;
  let agent: Agent;
  const uriOf = (name: string): string => pathToFileURL(join(folder, name)).href;
  const nameOf = (uri: string): string => uri.slice(pathToFileURL(folder).href.length + 1);

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-agent-workspace-')));
    lockDir = mkdtempSync(join(tmpdir(), 'whetstone-lock-'));
    for (const [name, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(folder, name)), { recursive: true });
      writeFileSync(join(folder, name), text);
    }
    let statuses: AgentStatus[];
    ({ client, statuses } = await startServer(lockDir, { trusted: true, workspaceFolder: folder }));
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
    await client.open(uriOf('billing/invoice.wst'), FILES['billing/invoice.wst']);
    const running = await client.waitFor('the endpoint to run', () => statuses.find((status) => status.running));
    agent = await Agent.connect(running.lockFile!);
  });

  after(async () => {
    agent?.close();
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
    rmSync(lockDir, { recursive: true, force: true });
  });

  it('lists every file of the workspace by module path, the open one with its revision', async () => {
    const listed = (await agent.result('listFiles')) as { files: { uri: string; module: string; open: boolean; revision?: number }[]; truncated: boolean; indexing: boolean };
    assert.deepEqual(
      listed.files.map((file) => [nameOf(file.uri), file.module, file.open, file.revision]),
      [
        ['billing/invoice.wst', 'billing.invoice', true, 1],
        ['billing/raw.wst', 'billing.raw', false, undefined],
        ['billing/report.wst', 'billing.report', false, undefined],
        ['shop/orders.wst', 'shop.orders', false, undefined],
        ['shop/pricing.wst', 'shop.pricing', false, undefined],
      ],
    );
    assert.deepEqual([listed.truncated, listed.indexing], [false, false]);
  });

  it('finds a declaration and a field in files that are not open: their place and signature, no node id', async () => {
    const { matches } = (await agent.result('findSymbol', { name: 'shop.pricing.orderTotal' })) as { matches: Entry[] };
    assert.deepEqual(matches, [
      { qualifiedName: 'shop.pricing.orderTotal', kind: 'function', uri: uriOf('shop/pricing.wst'), signature: 'fn orderTotal(order: Order): number', line: 3, column: 3 },
    ]);
    const field = (await agent.result('findSymbol', { name: 'Order.total' })) as { matches: Entry[] };
    assert.deepEqual(field.matches, [{ qualifiedName: 'shop.orders.Order.total', kind: 'field', uri: uriOf('shop/orders.wst'), signature: 'total: number', line: 1, column: 25 }]);
  });

  it('finds the references in every file, open (node id, revision) or not (line, column), from a use in the open file or the qualified name', async () => {
    const byName = (await agent.result('findReferences', { qualifiedName: 'shop.pricing.orderTotal' })) as { declaration: Entry; references: Entry[]; total: number };
    assert.deepEqual(byName.declaration, { qualifiedName: 'shop.pricing.orderTotal', kind: 'function', uri: uriOf('shop/pricing.wst'), line: 3, column: 3 });
    assert.deepEqual(
      byName.references.map((reference) => [nameOf(reference.uri), reference.line, reference.column, reference.revision, typeof reference.nodeId]),
      [
        ['billing/invoice.wst', 1, 18, 1, 'string'],
        ['billing/invoice.wst', 4, 9, 1, 'string'],
        ['billing/invoice.wst', 7, 6, 1, 'string'],
        ['billing/report.wst', 5, 16, undefined, 'undefined'],
      ],
    );
    const use = byName.references[1];
    const fromUse = (await agent.result('findReferences', { nodeId: use.nodeId!, uri: use.uri })) as { declaration: Entry; total: number };
    assert.deepEqual([fromUse.declaration.qualifiedName, fromUse.total], ['shop.pricing.orderTotal', 4]);
  });

  it('follows calls across files: a caller in a file that is not open and a callee declared in one, by place and qualified name', async () => {
    const [invoiceLine] = ((await agent.result('findSymbol', { name: 'invoiceLine' })) as { matches: Entry[] }).matches;
    assert.equal(invoiceLine.qualifiedName, 'billing.invoice.invoiceLine');
    const hierarchy = (await agent.result('getCallHierarchy', { functionId: invoiceLine.nodeId!, uri: invoiceLine.uri })) as { callersInOtherFiles: Entry[]; calleesInOtherFiles: Entry[] };
    assert.deepEqual(hierarchy.callersInOtherFiles, [{ uri: uriOf('billing/report.wst'), qualifiedName: 'billing.report.report', line: 6, column: 16 }]);
    assert.deepEqual(hierarchy.calleesInOtherFiles, [{ qualifiedName: 'shop.pricing.orderTotal', kind: 'function', uri: uriOf('shop/pricing.wst'), line: 3, column: 3 }]);
    const { ast } = (await agent.result('getAST', { uri: invoiceLine.uri })) as { ast: { id: string } };
    const dependencies = (await agent.result('getDependencyGraph', { nodeId: ast.id, uri: invoiceLine.uri })) as { importedDeclarations: Entry[] };
    assert.deepEqual(dependencies.importedDeclarations, [{ qualifiedName: 'shop.pricing.orderTotal', kind: 'function', uri: uriOf('shop/pricing.wst'), line: 3, column: 3 }]);
  });

  it('finds the uses of a field in files that are not open, each analysed for the question, and names the reads it cannot tell apart', async () => {
    const found = (await agent.result('findReferences', { qualifiedName: 'Order.total' })) as { declaration: Entry; references: Entry[]; notes: string[] };
    assert.deepEqual(found.declaration, { qualifiedName: 'shop.orders.Order.total', kind: 'field', uri: uriOf('shop/orders.wst'), line: 1, column: 25 });
    assert.deepEqual(found.references, [{ uri: uriOf('shop/pricing.wst'), line: 4, column: 15 }]);
    assert.deepEqual(found.notes, [`${uriOf('billing/raw.wst')}: '.total' at line 4 reads the name from a value whose type is not known there: not listed`]);
  });

  it('gives the node ids of a file that is not open once a request names its uri (the editor opens it for the agent)', async () => {
    // The editor opens the document without an editor when asked, as VS Code does.
    client.connection.onRequest(OpenDocumentRequest.method, async ({ uri }: OpenDocumentParams): Promise<OpenDocumentResult> => {
      await client.open(uri, readFileSync(fileURLToPath(uri), 'utf8'), 1);
      return { opened: true };
    });
    const pricing = uriOf('shop/pricing.wst');
    const found = (await agent.result('findReferences', { qualifiedName: 'shop.pricing.orderTotal', uri: pricing })) as { declaration: Entry };
    assert.equal(found.declaration.uri, pricing);
    assert.equal(found.declaration.revision, 1);
    const node = (await agent.result('getNode', { nodeId: found.declaration.nodeId!, uri: pricing, depth: 0 })) as { node: { type: string; name: string } };
    assert.deepEqual([node.node.type, node.node.name], ['FunctionDeclaration', 'orderTotal']);
    const listed = (await agent.result('listFiles')) as { files: { uri: string; open: boolean }[] };
    assert.equal(listed.files.find((file) => file.uri === pricing)?.open, true);
  });
});
