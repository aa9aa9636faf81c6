// The core's facts for references, rename and the call hierarchy across files: which tokens of a
// file denote its own top-level names and the names it imports (by the scope rules: a local that
// shadows an import is not one; a type annotation naming an imported type is; `m.x` after `use m;`
// is), whether each is called and from which top-level function; the name at a cursor; and the
// rename of an imported name in an importing file, refused when it would clash there.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planImportedNameRename } from '../../server/src/core/editing';
import { moduleNameAt, moduleNameReferences, nameOccurrences, writtenNames } from '../../server/src/core/queries';
import { analyze } from '../../server/src/core/semantics';
import { applyTextEdits } from '../../server/src/core/syntax';
import { parse } from '../helpers/core';

const IMPORTER = [
  'use pricing.{orderTotal, Item};',
  'use tax;',
  'fn local(): number { let orderTotal = 2; return orderTotal; }',
  'fn weekly(items: list<Item>): number { return orderTotal(items) + tax.rate(1); }',
  'let kept: Item? = null;',
  'let f = orderTotal;',
].join('\n');

describe('moduleNameReferences', () => {
  it('lists the tokens of imported names by the scope rules, with the call and the enclosing function', async () => {
    const document = await parse(IMPORTER);
    const groups = moduleNameReferences(document, analyze(document));
    const summary = groups.map((group) => ({
      key: `${group.module}.${group.name}`,
      tokens: group.tokens.map((token) => `${token.span.start.line}:${token.span.start.column}${token.call ? ' call' : ''}${token.enclosing ? ` in ${token.enclosing.name}` : ''}`),
    }));
    assert.deepEqual(summary, [
      // Line 3's local orderTotal and its use are not the import.
      { key: 'pricing.orderTotal', tokens: ['1:13', '4:46 call in weekly', '6:8'] },
      { key: 'pricing.Item', tokens: ['1:25', '4:22 in weekly', '5:10'] },
      { key: '.local', tokens: ['3:3 in local'] },
      { key: '.weekly', tokens: ['4:3 in weekly'] },
      { key: 'tax.rate', tokens: ['4:70 call in weekly'] },
      { key: '.kept', tokens: ['5:4'] },
      { key: '.f', tokens: ['6:4'] },
    ]);
    assert.deepEqual(
      groups.flatMap((group) => group.tokens.filter((token) => token.declaration).map(() => group.name)),
      ['local', 'weekly', 'kept', 'f'],
      'only the own declarations are declarations',
    );
  });

  it('lists the uses of a file’s own top-level declarations', async () => {
    const document = await parse('fn total(xs: list<number>): number { return 0; }\nfn twice(): number { return total([1]) + total([2]); }\ntype Row { n: number }\nlet rows: list<Row> = [];\n');
    const groups = moduleNameReferences(document, analyze(document));
    const total = groups.find((group) => group.name === 'total');
    assert.deepEqual(total?.tokens.map((token) => [token.span.start.line, token.declaration, token.call, token.enclosing?.name]), [
      [1, true, false, 'total'],
      [2, false, true, 'twice'],
      [2, false, true, 'twice'],
    ]);
    assert.deepEqual(groups.find((group) => group.name === 'Row')?.tokens.map((token) => token.span.start.line), [3, 4]);
  });
});

describe('moduleNameAt', () => {
  it('names the top-level name at a cursor: an import, `m.x`, an own declaration; a local is none', async () => {
    const document = await parse(IMPORTER);
    const model = analyze(document);
    const at = (needle: string, occurrence = 0): unknown => {
      let offset = -1;
      for (let i = 0; i <= occurrence; i++) offset = IMPORTER.indexOf(needle, offset + 1);
      return moduleNameAt(document, model, offset + 1);
    };
    assert.deepEqual(at('orderTotal(items'), { module: 'pricing', name: 'orderTotal' });
    assert.deepEqual(at('rate('), { module: 'tax', name: 'rate' });
    assert.deepEqual(at('Item>'), { module: 'pricing', name: 'Item' });
    assert.deepEqual(at('weekly'), { module: '', name: 'weekly' });
    assert.equal(at('orderTotal = 2'), undefined);
    assert.equal(at('items)'), undefined);
    assert.equal(at('tax.rate'), undefined, 'the module binding itself is no top-level name');
  });
});

describe('planImportedNameRename', () => {
  const fromPricing = (module: string): boolean => module === 'pricing';

  it('renames the imported name, its uses and type annotations naming it, and not a local that shadows it', async () => {
    const document = await parse(IMPORTER);
    const model = analyze(document);
    const plan = planImportedNameRename(document, model, fromPricing, 'Item', 'Entry');
    assert.ok(plan.ok);
    assert.equal(
      applyTextEdits(IMPORTER, plan.edits.map((edit) => ({ startOffset: edit.span.startOffset, endOffset: edit.span.endOffset, newText: edit.newText }))),
      IMPORTER.replaceAll('Item', 'Entry'),
    );
    const total = planImportedNameRename(document, model, fromPricing, 'orderTotal', 'sum');
    assert.ok(total.ok);
    assert.deepEqual(total.edits.map((edit) => edit.span.start.line), [1, 4, 6]);
  });

  it('refuses a new name taken at the top level, or one that a local would capture', async () => {
    const document = await parse(IMPORTER);
    const model = analyze(document);
    const taken = planImportedNameRename(document, model, fromPricing, 'orderTotal', 'kept');
    assert.ok(!taken.ok);
    assert.match(taken.reason, /'kept' is already declared or imported at the top level/);
    const shadowed = planImportedNameRename(document, model, fromPricing, 'orderTotal', 'items');
    assert.ok(!shadowed.ok);
    assert.match(shadowed.reason, /would change what the code means/);
  });

  it('changes nothing in a file that imports no such name, and refuses what is no identifier', async () => {
    const document = await parse(IMPORTER);
    const model = analyze(document);
    assert.deepEqual(planImportedNameRename(document, model, (module) => module === 'elsewhere', 'orderTotal', 'sum'), { ok: true, edits: [] });
    const keyword = planImportedNameRename(document, model, fromPricing, 'orderTotal', 'while');
    assert.ok(!keyword.ok && /keyword/.test(keyword.reason));
  });
});

describe('analyze with scopesOnly', () => {
  it('resolves every name as the full analysis does, and checks nothing', async () => {
    const text = `${IMPORTER}\nlet wrong: string = 5;\nfn unusedParameter(x: number) { return orderTotal; }\n`;
    const document = await parse(text);
    const full = analyze(document);
    const scopes = analyze(document, { scopesOnly: true });
    assert.ok(full.diagnostics.length > 0, 'the full analysis reports the mistakes');
    assert.deepEqual(scopes.diagnostics, []);
    const meaning = (model: ReturnType<typeof analyze>): string[] =>
      nameOccurrences(document, model).map((occurrence) => `${occurrence.name}@${occurrence.span.startOffset}:${occurrence.symbol?.kind ?? '-'}:${occurrence.symbol?.declNodeId ?? '-'}`);
    assert.deepEqual(meaning(scopes), meaning(full));
    assert.deepEqual(moduleNameReferences(document, scopes), moduleNameReferences(document, full));
  });
});

describe('writtenNames', () => {
  it('lists every name written: declared, used, imported, members, keys, and in types', async () => {
    const document = await parse('use shop.cart.{add};\ntype Row { n: number }\nfn f(rows: list<Row>): number { let o = { k: 1 }; for r in rows { print(r.n, o.k); } return add(1); }\n');
    const names = writtenNames(document.ast);
    for (const name of ['shop', 'cart', 'add', 'Row', 'n', 'f', 'rows', 'list', 'number', 'o', 'k', 'r', 'print']) assert.ok(names.has(name), name);
    assert.ok(!names.has('missing'));
  });
});
