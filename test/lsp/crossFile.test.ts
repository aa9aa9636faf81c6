// Checking across files in the editor, over a real LSP connection on real files in a temporary
// workspace folder: an open buffer's imports resolve to the files under the source root (open or
// not), a module's change (edited in its buffer, or on disk) republishes its importers'
// diagnostics, and go to definition on an imported name lands in the module's file.
import * as assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { DefinitionRequest, DidChangeWatchedFilesNotification, FileChangeType, type Location, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { positionOf, rangeKey, rangeOf } from './positions';

const PRICING = 'fn orderTotal(prices: list<number>): number { let t = 0; for p in prices { t = t + p; } return t; }\n';
const ORDERS = 'use pricing.{orderTotal, missingThing};\nuse nosuchmodule;\nlet x: string = orderTotal("not a list", 3);\nprint(x);\n';

function codesOf(publication: PublishDiagnosticsParams): string[] {
  return publication.diagnostics.map((d) => String(d.code)).sort();
}

describe('checking across files', () => {
  let folder: string;
  let client: LspClient;
  let ordersUri: string;

  /** Waits for a publication of orders.wst, after the `seen` first ones, that `accept` takes. */
  function ordersPublication(what: string, seen: number, accept: (codes: string[]) => boolean): Promise<PublishDiagnosticsParams> {
    return client.waitFor(what, () => client.publicationsFor(ordersUri).slice(seen).find((p) => accept(codesOf(p))));
  }

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-crossfile-')));
    writeFileSync(join(folder, 'pricing.wst'), PRICING);
    writeFileSync(join(folder, 'orders.wst'), ORDERS);
    ordersUri = pathToFileURL(join(folder, 'orders.wst')).href;
    client = await LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
    await client.open(ordersUri, ORDERS);
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('checks an open file against a module that is not open: unknown export, unknown module, arity, types', async () => {
    const publication = await ordersPublication('cross-file diagnostics of orders.wst', 0, (codes) => codes.includes('E_UNKNOWN_EXPORT'));
    const codes = codesOf(publication);
    for (const code of ['E_UNKNOWN_EXPORT', 'W_UNKNOWN_IMPORT', 'E_ARITY', 'E_TYPE_MISMATCH']) assert.ok(codes.includes(code), `${code} in ${codes.join(', ')}`);
    const unknown = publication.diagnostics.find((d) => d.code === 'W_UNKNOWN_IMPORT');
    assert.match(String(unknown?.message ?? ''), /nosuchmodule\.wst/, 'the warning names the file looked for');
    const missing = publication.diagnostics.find((d) => d.code === 'E_UNKNOWN_EXPORT');
    assert.match(String(missing?.message ?? ''), /missingThing/);
  });

  it('goes to the declaration in the module file that is not open', async () => {
    const locations = (await client.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: ordersUri },
      position: positionOf(ORDERS, 'orderTotal("not', 0, 1),
    })) as Location[];
    assert.deepEqual(
      locations.map((l) => [l.uri, rangeKey(l.range)]),
      [[pathToFileURL(join(folder, 'pricing.wst')).href, rangeKey(rangeOf(PRICING, 'orderTotal'))]],
    );
  });

  it('publishes an importer again when the module is edited in its buffer so that its signature changes', async () => {
    const pricingUri = pathToFileURL(join(folder, 'pricing.wst')).href;
    await client.open(pricingUri, PRICING);
    const seen = client.publicationsFor(ordersUri).length;
    // Two parameters, the second a number, returning a string: the call and the assignment are right now.
    const from = positionOf(PRICING, 'prices: list<number>): number');
    const to = positionOf(PRICING, ' {');
    await client.change(pricingUri, [{ range: { start: from, end: to }, text: 'prices: string, n: number): string' }]);
    const publication = await ordersPublication('orders.wst republished after the edit', seen, (codes) => !codes.includes('E_ARITY'));
    const codes = codesOf(publication);
    assert.ok(!codes.includes('E_TYPE_MISMATCH'), codes.join(', '));
    assert.ok(codes.includes('E_UNKNOWN_EXPORT'), 'what did not change is still reported');
    // Closed again: the file on disk (the old signature) speaks for the module.
    const before = client.publicationsFor(ordersUri).length;
    await client.close(pricingUri);
    await ordersPublication('orders.wst republished after the module closed', before, (all) => all.includes('E_ARITY'));
  });

  it('publishes an importer again when the module changes on disk', async () => {
    const seen = client.publicationsFor(ordersUri).length;
    writeFileSync(join(folder, 'pricing.wst'), 'fn orderTotal(prices: string, n: number): string { return prices; }\nfn missingThing() {}\n');
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(join(folder, 'pricing.wst')).href, type: FileChangeType.Changed }],
    });
    const publication = await ordersPublication('orders.wst republished after the change on disk', seen, (codes) => !codes.includes('E_UNKNOWN_EXPORT'));
    const codes = codesOf(publication);
    assert.ok(!codes.includes('E_ARITY') && !codes.includes('E_TYPE_MISMATCH'), codes.join(', '));
    assert.ok(codes.includes('W_UNKNOWN_IMPORT'), codes.join(', '));
  });
});
