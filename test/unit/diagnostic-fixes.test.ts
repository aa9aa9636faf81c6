// Every fix docs/LANGUAGE.md's diagnostics table promises exists: for each code whose fix cell is
// not "—", a program that draws that diagnostic gets a fix, and the fix, applied with the mutation
// engine, takes that diagnostic away. The table and this list must name the same codes.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyMutations, withSyntaxFixes } from '../../server/src/core/editing';
import { analyze, moduleExportsOf, type ModuleResolver } from '../../server/src/core/semantics';
import { parse, readRepoFile } from '../helpers/core';
import { examplesAsShown } from '../helpers/examples';

const MODULE = 'fn orderTotal(xs: list<number>): number {\n  return len(xs);\n}\n';

/** `use pricing…` resolves to MODULE; `use pricng` finds nothing but knows `pricing` is near. */
async function resolver(): Promise<ModuleResolver> {
  const exports = moduleExportsOf(analyze(await parse(MODULE)));
  return { resolve: (path) => (path === 'pricing' ? { file: 'pricing.wst', exports } : { tried: [`${path}.wst`], near: 'pricing' }) };
}

/** A program per code, drawing that diagnostic once, where the fix is known. */
const PROGRAMS: Record<string, string> = {
  E_UNDEFINED: 'fn area(w: number, height: number): number {\n  return w * heigth;\n}\n',
  E_TYPE_MISMATCH: 'let s: string = 1;\nprint(s);\n',
  E_UNKNOWN_FIELD: 'type Box { width: number }\nlet b: Box = { width: 1 };\nprint(b.widht);\n',
  E_ASSIGN_CONST: 'const a = 1;\na = 2;\nprint(a);\n',
  E_BREAK_OUTSIDE_LOOP: 'fn stop() {\n  break;\n}\n',
  E_AWAIT_OUTSIDE_ASYNC: 'async fn later(): number {\n  return 1;\n}\nfn now(): number {\n  return await later();\n}\n',
  E_ANNOTATION: '@performance(memoise)\nfn one(): number {\n  return 1;\n}\n',
  W_UNUSED: 'fn f() {\n  let x = 1;\n}\n',
  E_UNKNOWN_EXPORT: 'use pricing.{ordrTotal};\nprint(ordrTotal([1]));\n',
  W_UNKNOWN_IMPORT: 'use pricng.{orderTotal};\nprint(orderTotal([1]));\n',
  W_UNREACHABLE: 'fn f(): number {\n  return 1;\n  print(2);\n}\n',
  W_MISSING_RETURN: 'fn twice(a: number): number {\n  a * 2;\n}\n',
  E_SYNTAX: 'let broken = 1\nlet fixed = broken + 1;\nprint(fixed);\n',
};

/** The codes whose fix cell in docs/LANGUAGE.md's table says what the fix is. */
function codesWithFixes(): string[] {
  const doc = readRepoFile('docs', 'LANGUAGE.md');
  const table = doc.slice(doc.indexOf('### Every code'));
  return table
    .split('\n')
    .filter((line) => /^\| `[A-Z_]+` \|/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => !cells[4].startsWith('—'))
    .map((cells) => cells[1].replace(/`/g, ''));
}

describe('the fixes the diagnostics table lists', () => {
  it('the table and the programs here name the same codes', () => {
    assert.deepEqual(codesWithFixes().sort(), Object.keys(PROGRAMS).sort());
  });

  for (const [code, text] of Object.entries(PROGRAMS)) {
    it(`${code} offers its fix, which takes it away`, async () => {
      const modules = await resolver();
      const doc = await parse(text);
      const all = [...withSyntaxFixes(doc, doc.syntaxDiagnostics), ...analyze(doc, { modules }).diagnostics];
      const before = all.filter((d) => d.code === code);
      assert.equal(before.length, 1, `${code} is drawn once: ${JSON.stringify(all.map((d) => d.code))}`);
      const [diagnostic] = before;
      assert.ok(diagnostic.fix && diagnostic.fix.length > 0, `${code} has a fix (${diagnostic.message})`);
      let next = 0;
      const { edits } = applyMutations(doc, diagnostic.fix, () => `node_fix_${++next}`);
      const fixed = await parse(edits.reduceRight((out, edit) => out.slice(0, edit.startOffset) + edit.newText + out.slice(edit.endOffset), doc.text));
      assert.deepEqual(fixed.syntaxDiagnostics, [], fixed.text);
      assert.equal(analyze(fixed, { modules }).diagnostics.filter((d) => d.code === code).length, 0, `${code} is gone after its fix:\n${fixed.text}`);
      assert.equal(fixed.text.length - doc.text.length <= 12, true, `the fix changes only what it must:\n${fixed.text}`);
    });
  }
});

describe('the fixes in the examples', () => {
  it('the typo `heigth` in diagnostics.wst offers `height`', async () => {
    const example = (await examplesAsShown()).find((shown) => shown.file === 'diagnostics.wst');
    assert.ok(example);
    const typo = example.diagnostics.find((d) => d.code === 'E_UNDEFINED' && d.message.includes("'heigth'"));
    assert.ok(typo, 'heigth is reported');
    assert.deepEqual(typo.fix, [{ type: 'setProperty', nodeId: typo.nodeId, property: 'name', value: 'height' }]);
  });
});

describe('a missing semicolon', () => {
  it('is put back only where the statement is otherwise whole', async () => {
    const whole = await parse('let broken = 1\nlet fixed = broken + 1;\nprint(fixed);\n');
    assert.ok(withSyntaxFixes(whole, whole.syntaxDiagnostics)[0].fix, 'let broken = 1: fixed');
    const tangled = await parse('fn f() {\n  let a = 1\n  print(a)\n}\n');
    assert.deepEqual(
      withSyntaxFixes(tangled, tangled.syntaxDiagnostics).filter((d) => d.fix),
      [],
      'a reprint that would change more than the semicolon is no fix',
    );
  });
});
