// Completion and the quick fix across modules over a real LSP connection, on real files in a
// temporary workspace folder whose modules are not open: module paths after `use ` from the
// index, a module's names inside `use m.{…}`, its members after `m.`, names of other modules with
// the `use` that imports them as additionalTextEdits, and "Import 'name' from module" for a name
// that cannot be found.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import {
  CodeActionRequest,
  CompletionItemKind,
  CompletionRequest,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { positionOf } from './positions';

const PRICING = '// The sum of the prices.\nfn orderTotal(prices: list<number>): number {\n  return 0;\n}\n\nconst taxRate = 0.2;\n\ntype Order { lines: list<number> }\n';
const ORDERS = 'fn placeOrder(id: string): bool {\n  return true;\n}\n';

/** `text` with `edits` applied (ranges of the text as it was). */
function applied(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (line: number, character: number): number => lines.slice(0, line).reduce((sum, l) => sum + l.length + 1, 0) + character;
  return [...edits]
    .map((edit) => ({ from: offset(edit.range.start.line, edit.range.start.character), to: offset(edit.range.end.line, edit.range.end.character), text: edit.newText }))
    .sort((a, b) => b.from - a.from)
    .reduce((result, edit) => result.slice(0, edit.from) + edit.text + result.slice(edit.to), text);
}

describe('completion and import fixes across modules', () => {
  let folder: string;
  let client: LspClient;
  let next = 0;

  before(async () => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'whetstone-complete-modules-')));
    writeFileSync(join(folder, 'pricing.wst'), PRICING);
    mkdirSync(join(folder, 'shop'));
    writeFileSync(join(folder, 'shop', 'orders.wst'), ORDERS);
    client = await LspClient.start({ workspaceFolder: folder, workspaceCapabilities: true });
    await client.waitFor('the index to be built', () => client.progress.find((p) => p.value.kind === 'end'));
  });
  after(async () => {
    await client?.shutdown();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Opens a new file of the folder with `marked` (its `|` the cursor) and asks for completion there. */
  async function complete(marked: string, triggerCharacter?: string): Promise<{ items: CompletionItem[]; list: CompletionItem[] | CompletionList | null; text: string }> {
    const text = marked.replace('|', '');
    const uri = pathToFileURL(join(folder, `main${++next}.wst`)).href;
    await client.open(uri, text);
    const context = triggerCharacter ? { triggerKind: 2 as const, triggerCharacter } : { triggerKind: 1 as const };
    const list = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: positionOf(marked, '|'), context });
    return { items: Array.isArray(list) ? list : (list?.items ?? []), list, text };
  }

  it('offers the module paths of the index after `use `, and the next segment after `use shop.`', async () => {
    const top = await complete('use |');
    assert.deepEqual(
      top.items.filter((item) => !item.label.startsWith('main')).map((item) => [item.label, item.kind]),
      [
        ['pricing', CompletionItemKind.Module],
        ['shop', CompletionItemKind.Folder],
      ],
    );
    assert.deepEqual(
      (await complete('use shop.|')).items.map((item) => item.label),
      ['orders'],
    );
  });

  it("offers the module's names inside `use pricing.{…}` that are not listed yet", async () => {
    const { items } = await complete('use pricing.{taxRate, |};\n');
    assert.deepEqual(
      items.map((item) => [item.label, item.detail]),
      [
        ['orderTotal', 'fn orderTotal(prices: list<number>): number'],
        ['Order', 'type Order { lines: list<number> }'],
      ],
    );
    // Typing the `{` asks at once; a `{` that opens a block offers nothing.
    assert.deepEqual(
      (await complete('use pricing.{|', '{')).items.map((item) => item.label),
      ['orderTotal', 'taxRate', 'Order'],
    );
    assert.deepEqual((await complete('fn f() {|', '{')).items, []);
  });

  it('offers the members of `use pricing;` after `pricing.`, with kind and signature', async () => {
    const { items } = await complete('use pricing;\nlet t = pricing.|\n');
    assert.deepEqual(
      items.map((item) => [item.label, item.kind, item.detail]),
      [
        ['orderTotal', CompletionItemKind.Function, 'fn orderTotal(prices: list<number>): number'],
        ['taxRate', CompletionItemKind.Constant, 'const taxRate: number'],
      ],
    );
  });

  it('offers a name of another module with the `use` that imports it, after the file’s own names', async () => {
    const { items, text } = await complete('let orderTotalHere = 1;\nlet x = orderT|\n');
    const own = items.findIndex((item) => item.label === 'orderTotalHere');
    const index = items.findIndex((item) => item.label === 'orderTotal');
    assert.ok(own >= 0 && index > own, `own names first: ${items.map((item) => item.label).join(', ')}`);
    const item = items[index];
    assert.equal(item.labelDetails?.description, 'pricing');
    assert.equal(applied(text, item.additionalTextEdits ?? []), 'use pricing.{orderTotal};\n\nlet orderTotalHere = 1;\nlet x = orderT\n');
  });

  it('joins the import to an existing `use pricing.{…}`, and offers nothing the file imports already', async () => {
    const joined = await complete('use pricing.{taxRate};\nlet x = orderT|\n');
    const item = joined.items.find((candidate) => candidate.label === 'orderTotal');
    assert.equal(applied(joined.text, item?.additionalTextEdits ?? []), 'use pricing.{taxRate, orderTotal};\nlet x = orderT\n');
    const already = await complete('use pricing.{orderTotal};\nlet x = orderT|\n');
    const offered = already.items.filter((candidate) => candidate.label === 'orderTotal');
    assert.equal(offered.length, 1, 'once, as the imported name');
    assert.equal(offered[0].additionalTextEdits, undefined);
  });

  it("offers \"Import 'orderTotal' from pricing\" for a name that cannot be found", async () => {
    const text = 'let x = orderTotal([1, 2]);\nprint(x);\n';
    const uri = pathToFileURL(join(folder, 'fix.wst')).href;
    await client.open(uri, text);
    const publication = await client.waitFor('E_UNDEFINED in fix.wst', () => client.publicationsFor(uri).find((p) => p.diagnostics.some((d) => d.code === 'E_UNDEFINED')));
    const diagnostic = publication.diagnostics.find((d) => d.code === 'E_UNDEFINED');
    assert.ok(diagnostic);
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    })) as CodeAction[];
    const fix = actions.find((action) => action.title === "Import 'orderTotal' from pricing");
    assert.ok(fix, actions.map((action) => action.title).join(' | '));
    assert.equal(fix.isPreferred, true);
    const changes = fix.edit?.documentChanges?.[0];
    assert.ok(changes && 'edits' in changes);
    assert.equal(applied(text, changes.edits as TextEdit[]), 'use pricing.{orderTotal};\n\nlet x = orderTotal([1, 2]);\nprint(x);\n');
    // A name no module declares offers no import.
    assert.ok(!actions.some((action) => action.title.startsWith("Import 'print'")));
  });
});
