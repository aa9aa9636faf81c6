// Completion over a real LSP connection: annotation types after `@`, strategies inside
// `@type(`, fields after `value.` for a declared type, and in a function body its parameters,
// locals, the globals and the built-ins.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompletionItemKind, CompletionRequest, type CompletionItem, type CompletionList, type Position } from 'vscode-languageserver-protocol/node';
import { LspClient } from './lspClient';
import { positionOf } from './positions';

/** A document with a `|` where the cursor is; returns the text without it and the cursor. */
function withCursor(marked: string): { text: string; cursor: Position } {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  return { text, cursor: positionOf(marked, '|') };
}

const TYPES = 'type Item { name: string, price: number, qty: number }\nconst limit = 100;\n';

describe('completion', () => {
  let client: LspClient;
  let next = 0;
  before(async () => {
    client = await LspClient.start();
  });
  after(async () => {
    await client.shutdown();
  });

  async function complete(marked: string, triggerCharacter?: string): Promise<CompletionItem[]> {
    const { text, cursor } = withCursor(marked);
    const uri = `untitled:completion-${++next}.wst`;
    await client.open(uri, text);
    const result = await client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: cursor,
      context: triggerCharacter ? { triggerKind: 2, triggerCharacter } : { triggerKind: 1 },
    });
    return Array.isArray(result) ? result : ((result as CompletionList | null)?.items ?? []);
  }

  const labels = (items: CompletionItem[]): string[] => items.map((item) => item.label);

  it('offers every annotation type after @, replacing what is typed', async () => {
    const items = await complete('@perf|\nfn f(): void {}\n');
    assert.deepEqual(labels(items).sort(), ['concurrency', 'contract', 'memory', 'performance', 'security', 'semantic', 'style']);
    const performance = items.find((item) => item.label === 'performance');
    assert.deepEqual(performance?.textEdit && 'range' in performance.textEdit ? performance.textEdit.range : undefined, {
      start: { line: 0, character: 1 },
      end: { line: 0, character: 5 },
    });
  });

  it('offers the strategies of the annotation type inside its parentheses', async () => {
    const items = await complete('@security(|)\nfn f(): void {}\n', '(');
    const strategies = items.filter((item) => item.kind === CompletionItemKind.EnumMember).map((item) => item.label);
    assert.deepEqual(strategies, ['sanitize', 'validate', 'escape', 'authorize', 'ratelimit', 'redact']);
    assert.ok(labels(items).includes('reason'), 'the reason key is offered too');
    const afterStrategy = await complete('@security(sanitize, |)\nfn f(): void {}\n');
    assert.deepEqual(labels(afterStrategy), ['reason', 'confidence'], 'after the strategy only keys are left');
  });

  it('offers the fields of a declared type after `value.`', async () => {
    const items = await complete(`${TYPES}fn total(item: Item): number {\n  return item.|\n}\n`, '.');
    assert.deepEqual(labels(items), ['name', 'price', 'qty']);
    assert.ok(items.every((item) => item.kind === CompletionItemKind.Field));
    assert.equal(items.find((item) => item.label === 'price')?.detail, '(field) Item.price: number');
  });

  it('offers nothing after `.` on a value whose type has no fields', async () => {
    const items = await complete(`${TYPES}fn f(n: number): number {\n  return n.|\n}\n`, '.');
    assert.deepEqual(labels(items), []);
  });

  it('offers parameters, locals, globals, built-ins and keywords inside a function', async () => {
    const items = await complete(`${TYPES}fn total(item: Item, count: number): number {\n  let sum = 0;\n  return s|\n}\n`);
    const byLabel = new Map(items.map((item) => [item.label, item]));
    for (const [label, kind] of [
      ['item', CompletionItemKind.Variable],
      ['count', CompletionItemKind.Variable],
      ['sum', CompletionItemKind.Variable],
      ['limit', CompletionItemKind.Constant],
      ['total', CompletionItemKind.Function],
      ['Item', CompletionItemKind.Struct],
      ['str', CompletionItemKind.Function],
      ['print', CompletionItemKind.Function],
      ['while', CompletionItemKind.Keyword],
    ] as const) {
      assert.equal(byLabel.get(label)?.kind, kind, `${label} is offered as kind ${kind}`);
    }
    assert.match(byLabel.get('total')?.detail ?? '', /fn total\(item: Item, count: number\): number/);
    // Innermost first: the function's own names sort before the globals and the built-ins.
    const order = (label: string): string => byLabel.get(label)?.sortText ?? '';
    assert.ok(order('sum') < order('limit') && order('item') < order('limit') && order('limit') < order('str'));
  });

  it('does not offer a local before its declaration, nor another function’s parameters', async () => {
    const items = await complete(`fn a(first: number): number {\n  return first;\n}\nfn b(second: number): number {\n  let x = |;\n  let later = 1;\n  return x;\n}\n`);
    const offered = labels(items);
    assert.ok(offered.includes('second'));
    assert.ok(!offered.includes('first'), 'the parameter of another function is out of scope');
    assert.ok(!offered.includes('later'), 'a local declared further down is not visible yet');
  });

  it('offers nothing inside a comment or a string', async () => {
    assert.deepEqual(labels(await complete('// a comment @|\n')), []);
    assert.deepEqual(labels(await complete('print("item.|");\n')), []);
  });
});
