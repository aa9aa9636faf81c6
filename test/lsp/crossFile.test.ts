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

  it('a half-typed file shows the same problems closed as open: its cascade folded into one', async () => {
    const text = 'type Point { x: number,\nfn norm(p: Point) { return p.x. }\nlet q = [1, 2\nprint(q);\n';
    const uri = pathToFileURL(join(folder, 'halfTyped.wst')).href;
    writeFileSync(join(folder, 'halfTyped.wst'), text);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri, type: FileChangeType.Created }] });
    const closed = await client.waitFor('halfTyped.wst published from disk', () => client.publicationsFor(uri).at(0));
    const shown = (publication: PublishDiagnosticsParams): string[] => publication.diagnostics.map((d) => `${String(d.code)} ${rangeKey(d.range)} ${d.message}`);
    assert.ok(closed.diagnostics.some((d) => d.code === 'E_SYNTAX'), shown(closed).join('; '));
    const seen = client.publicationsFor(uri).length;
    await client.open(uri, text);
    await client.waitFor('halfTyped.wst published open', () => client.publicationsFor(uri).at(seen));
    // Its own analysis follows the first publication of an opened file (when it shows something else).
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(shown(client.publicationsFor(uri).at(-1)!), shown(closed));
    await client.close(uri);
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

  it('publishes an importer again when the module, opened, is edited so that its signature changes', async () => {
    const pricingUri = pathToFileURL(join(folder, 'pricing.wst')).href;
    await client.open(pricingUri, PRICING);
    // Open, the buffer speaks for the module: definition lands in it as well.
    const locations = (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: ordersUri }, position: positionOf(ORDERS, 'orderTotal("not', 0, 1) })) as Location[];
    assert.deepEqual(
      locations.map((l) => [l.uri, rangeKey(l.range)]),
      [[pricingUri, rangeKey(rangeOf(PRICING, 'orderTotal'))]],
    );
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

describe('checking across files: cycles and modules imported through others', () => {
  let folder: string;
  let client: LspClient;
  const uriOf = (name: string): string => pathToFileURL(join(folder, name)).href;

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-crossfile-graph-')));
    // A cycle: each declares what the other uses, with a mistake on each side.
    writeFileSync(join(folder, 'ping.wst'), 'use pong.{pongCount};\nfn pingCount(): number { return 1; }\nlet a: string = pongCount();\n');
    writeFileSync(join(folder, 'pong.wst'), 'use ping.{pingCount};\nfn pongCount(): number { return pingCount() + 1; }\nlet b: string = pingCount();\n');
    // A chain: top imports a constant whose type comes from base, through middle (neither open).
    writeFileSync(join(folder, 'base.wst'), 'fn seed(): number { return 1; }\n');
    writeFileSync(join(folder, 'middle.wst'), 'use base.{seed};\nconst START = seed();\n');
    client = await LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('checks both files of an import cycle, each against the other', async () => {
    await client.open(uriOf('ping.wst'), 'use pong.{pongCount};\nfn pingCount(): number { return 1; }\nlet a: string = pongCount();\n');
    await client.open(uriOf('pong.wst'), 'use ping.{pingCount};\nfn pongCount(): number { return pingCount() + 1; }\nlet b: string = pingCount();\n');
    for (const name of ['ping.wst', 'pong.wst']) {
      await client.waitFor(`the type mismatch across the cycle in ${name}`, () =>
        client.publicationsFor(uriOf(name)).find((p) => p.diagnostics.some((d) => d.code === 'E_TYPE_MISMATCH')),
      );
    }
    assert.equal(client.exitCode, undefined, 'the server is still running');
  });

  it('publishes an importer again when a module it imports through another changes on disk', async () => {
    const topUri = uriOf('top.wst');
    const top = 'use middle.{START};\nlet label: string = START;\n';
    await client.open(topUri, top);
    await client.waitFor('the mismatch through middle', () => client.publicationsFor(topUri).find((p) => p.diagnostics.some((d) => d.code === 'E_TYPE_MISMATCH')));
    const seen = client.publicationsFor(topUri).length;
    writeFileSync(join(folder, 'base.wst'), 'fn seed(): string { return "a"; }\n');
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf('base.wst'), type: FileChangeType.Changed }] });
    // START is a string now: the mismatch goes.
    const publication = await client.waitFor('top.wst republished without the mismatch', () => client.publicationsFor(topUri).slice(seen).find((p) => p.diagnostics.length === 0));
    assert.deepEqual(codesOf(publication), []);
  });
});
