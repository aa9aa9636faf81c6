// Go to definition and hover on what another module declares when it is reached other than by an
// imported name, over a real LSP connection on real files in a temporary workspace folder (the
// module not open): a member of a module bound by `use m;` (`m.f`), a type imported by name and
// written in a type, and the module path of a `use`. A local name of the same name stays local.
// References and rename of a field of an imported type, from either file, reach both files.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { DefinitionRequest, DocumentHighlightRequest, HoverRequest, ReferencesRequest, RenameRequest, ResponseError, type Location, type MarkupContent, type TextEdit } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { applyTextEdits, positionOf, rangeKey, rangeOf, wordRanges } from './positions';

const PRICING = [
  'type Line { sku: string, price: number, qty: number }',
  '',
  '/// The sum of a cart\'s lines, tax included.',
  'fn total(lines: list<Line>): number {',
  '  let t = 0;',
  '  for l in lines { t = t + l.price * l.qty; }',
  '  return t * 1.2;',
  '}',
  '',
].join('\n');
const REPORT = [
  'use shop.pricing;',
  'use shop.pricing.{Line};',
  'fn total(n: number): number { return n + 1; }',
  'fn describe(line: Line): string { return line.sku; }',
  'print(total(1) + pricing.total([]));',
  '',
].join('\n');

describe('definition and hover on a module member, an imported type, a module path', () => {
  let folder: string;
  let client: LspClient;
  let reportUri: string;
  let pricingUri: string;
  const definitionAt = async (anchor: string, occurrence = 0, delta = 1): Promise<string[]> => {
    const locations = (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: reportUri }, position: positionOf(REPORT, anchor, occurrence, delta) })) as Location[];
    return locations.map((location) => `${location.uri} ${rangeKey(location.range)}`);
  };

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-crossfile-members-')));
    mkdirSync(join(folder, 'shop'));
    writeFileSync(join(folder, 'shop', 'pricing.wst'), PRICING);
    writeFileSync(join(folder, 'report.wst'), REPORT);
    reportUri = pathToFileURL(join(folder, 'report.wst')).href;
    pricingUri = pathToFileURL(join(folder, 'shop', 'pricing.wst')).href;
    client = await LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
    await client.open(reportUri, REPORT);
    const published = await client.fullDiagnostics(reportUri, 1, true);
    assert.deepEqual(published.diagnostics, [], 'the program checks clean across the two files');
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  it('goes from `pricing.total` to its declaration in the module file that is not open', async () => {
    assert.deepEqual(await definitionAt('pricing.total', 0, 'pricing.'.length + 1), [`${pricingUri} ${rangeKey(rangeOf(PRICING, 'total'))}`]);
  });

  it('keeps a local function of the same name local', async () => {
    assert.deepEqual(await definitionAt('total(1)'), [`${reportUri} ${rangeKey(rangeOf(REPORT, 'total'))}`]);
  });

  it('goes from an imported type written in a type to its declaration', async () => {
    assert.deepEqual(await definitionAt('Line)'), [`${pricingUri} ${rangeKey(rangeOf(PRICING, 'Line'))}`]);
  });

  it('goes from the module path of a `use` to the module file', async () => {
    assert.deepEqual(await definitionAt('shop.pricing;', 0, 'shop.pri'.length), [`${pricingUri} 0:0-0:0`]);
  });

  it('shows the member\'s signature and the doc comment above it, without its `///`', async () => {
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: reportUri }, position: positionOf(REPORT, 'pricing.total', 0, 'pricing.'.length + 1) });
    const value = (hover?.contents as MarkupContent | undefined)?.value ?? '';
    assert.match(value, /fn total\(lines: list<Line>\): number \(from shop\.pricing\)/);
    assert.match(value, /\n\nThe sum of a cart\\'s lines\\, tax included\\\./, value);
  });

  it('lists a field\'s uses in both files, from its declaration in the module and from its use in the importer', async () => {
    const expected = [`${pricingUri} ${rangeKey(rangeOf(PRICING, 'sku'))}`, `${reportUri} ${rangeKey(wordRanges(REPORT, 'sku')[0])}`].sort();
    const fromUse = (await client.connection.sendRequest(ReferencesRequest.type, {
      textDocument: { uri: reportUri },
      position: positionOf(REPORT, 'line.sku', 0, 'line.'.length + 1),
      context: { includeDeclaration: true },
    })) as Location[];
    assert.deepEqual(fromUse.map((l) => `${l.uri} ${rangeKey(l.range)}`).sort(), expected);
    await client.open(pricingUri, PRICING);
    try {
      const fromDeclaration = (await client.connection.sendRequest(ReferencesRequest.type, { textDocument: { uri: pricingUri }, position: positionOf(PRICING, 'sku', 0, 1), context: { includeDeclaration: true } })) as Location[];
      assert.deepEqual(fromDeclaration.map((l) => `${l.uri} ${rangeKey(l.range)}`).sort(), expected);
    } finally {
      await client.close(pricingUri);
    }
  });

  it('renames a field from its use in the importer: the declaring file (not open) and the importer, one edit', async () => {
    const edit = await client.connection.sendRequest(RenameRequest.type, { textDocument: { uri: reportUri }, position: positionOf(REPORT, 'line.sku', 0, 'line.'.length + 1), newName: 'code' });
    const changes = edit?.documentChanges ?? [];
    const byUri = new Map(changes.flatMap((change) => ('textDocument' in change ? [[change.textDocument.uri, change] as const] : [])));
    assert.deepEqual([...byUri.keys()].sort(), [pricingUri, reportUri].sort());
    assert.equal(byUri.get(pricingUri)?.textDocument.version, null, 'the declaring file is not open');
    assert.equal(byUri.get(reportUri)?.textDocument.version, 1, 'the importer is the open buffer');
    assert.match(applyTextEdits(PRICING, byUri.get(pricingUri)!.edits as TextEdit[]), /^type Line \{ code: string, price: number, qty: number \}/);
    assert.match(applyTextEdits(REPORT, byUri.get(reportUri)!.edits as TextEdit[]), /fn describe\(line: Line\): string \{ return line\.code; \}/);
  });

  it('refuses the field\'s rename from the importer when the declaring file already has the new name, saying where', async () => {
    const refused = await client.connection
      .sendRequest(RenameRequest.type, { textDocument: { uri: reportUri }, position: positionOf(REPORT, 'line.sku', 0, 'line.'.length + 1), newName: 'price' })
      .then(() => undefined, (error: unknown) => error);
    assert.ok(refused instanceof ResponseError, 'the rename is refused');
    assert.match(refused.message, /In .*shop\/pricing\.wst: 'price' is already declared/);
  });

  it('highlights a module\'s member and an imported type where the file writes them', async () => {
    const highlightsAt = async (anchor: string, delta: number): Promise<string[]> =>
      ((await client.connection.sendRequest(DocumentHighlightRequest.type, { textDocument: { uri: reportUri }, position: positionOf(REPORT, anchor, 0, delta) })) ?? []).map((h) => rangeKey(h.range)).sort();
    assert.deepEqual(await highlightsAt('pricing.total', 'pricing.'.length + 1), [rangeKey(rangeOf(REPORT, 'total', 2))]);
    assert.deepEqual(await highlightsAt('Line)', 1), wordRanges(REPORT, 'Line').map(rangeKey).sort());
  });
});
