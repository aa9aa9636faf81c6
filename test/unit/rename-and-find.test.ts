// Core facts the agent tools lean on: findNodes keeps only the innermost matches of a text even when
// the match sits deeper than a child; a rename refuses a new name that would change what another
// name means (shadowing or capture), and is turned into setProperty mutations of every token.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moduleNamesPath, planRename, renameMutations } from '../../server/src/core/editing';
import { findNodes } from '../../server/src/core/queries';
import { analyze } from '../../server/src/core/semantics';
import { parse } from '../helpers/core';

const SOURCE = `fn format(x: number): string {
  return "$" + str(x);
}

fn total(xs: list<number>): number {
  let sum = 0;
  for x in xs {
    sum = sum + x;
  }
  return sum;
}

let lines: list<string> = [];
push(lines, "total " + format(total([1, 2])));
`;

describe('findNodes: innermost matches of a text', () => {
  it('leaves out a call that holds the match deeper than a child', async () => {
    const doc = await parse(SOURCE);
    const calls = findNodes(doc.ast, doc.text, { type: 'CallExpression', text: 'format(' });
    assert.deepEqual(calls.map((call) => doc.text.slice(call.span.startOffset, call.span.endOffset)), ['format(total([1, 2]))']);
  });
});

describe('rename rules', () => {
  const offsetOf = (text: string, word: string, nth = 0): number => {
    let at = -1;
    for (let i = 0; i <= nth; i++) at = text.indexOf(word, at + 1);
    return at;
  };

  it('refuses a name an inner declaration would capture the uses of', async () => {
    const doc = await parse(SOURCE);
    const plan = planRename(doc, analyze(doc), offsetOf(SOURCE, 'xs'), 'sum');
    assert.equal(plan.ok, false);
    assert.match(plan.ok ? '' : plan.reason, /would then mean another 'sum'/);
  });

  it('refuses a name that would take over a name used elsewhere', async () => {
    const doc = await parse('fn helper(): number {\n  return 1;\n}\n\nfn main(): number {\n  let value = 2;\n  return value + helper();\n}\n');
    // Renaming the local `value` to `helper` would make `helper()` call the local.
    const plan = planRename(doc, analyze(doc), doc.text.indexOf('value'), 'helper');
    assert.equal(plan.ok, false);
    assert.match(plan.ok ? '' : plan.reason, /'helper' at line 7 would then mean the renamed declaration/);
  });

  it('turns a rename into setProperty mutations of every token: declaration, uses, type names', async () => {
    const doc = await parse('type Item { price: number }\n\nfn first(items: list<Item>): Item {\n  return items[0];\n}\n');
    const result = renameMutations(doc, analyze(doc), doc.text.indexOf('Item'), 'Product');
    assert.ok(result.ok);
    assert.equal(result.oldName, 'Item');
    assert.deepEqual(
      result.mutations.map((m) => [m.property, m.value]),
      [
        ['name', 'Product'],
        ['paramType', 'list<Product>'],
        ['returnType', 'Product'],
      ],
    );
    assert.equal(result.exported, true);
  });

  it('matches a module path to the file it names', () => {
    assert.equal(moduleNamesPath('pricing', '/projects/shop/pricing.wst'), true);
    assert.equal(moduleNamesPath('lib.pricing', '/projects/shop/lib/pricing.wst'), true);
    assert.equal(moduleNamesPath('pricing', '/projects/shop/mypricing.wst'), false);
    assert.equal(moduleNamesPath('lib.pricing', '/projects/shop/pricing.wst'), false);
  });
});
