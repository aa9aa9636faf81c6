// Core facts the agent tools lean on: findNodes keeps only the innermost matches of a text even when
// the match sits deeper than a child; a rename refuses a new name that would change what another
// name means (shadowing or capture), or that the projected JavaScript and Python would read
// otherwise (run to show it), and is turned into setProperty mutations of every token; a field's
// rename reaches the keys, members and string indexes of its type, in importing buffers too; it is
// refused for a literal with the type's fields whose type is not known, and a read from a value of
// unknown type is left alone and reported.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applyTextEdits } from '../../server/src/core/syntax';
import { importedFieldRenameMutations, moduleNamesPath, planImportedFieldRename, planRename, renameMutations } from '../../server/src/core/editing';
import { findNodes } from '../../server/src/core/queries';
import { analyze } from '../../server/src/core/semantics';
import { generate } from '../../server/src/projection/generate';
import { parse } from '../helpers/core';
import { Scratch, type RunResult } from '../helpers/projection';

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

/** The offset of the nth whole word `word` (0-based). */
function wordOffset(text: string, word: string, nth = 0): number {
  const pattern = new RegExp(`\\b${word}\\b`, 'g');
  let match: RegExpExecArray | null = null;
  for (let i = 0; i <= nth; i++) match = pattern.exec(text);
  assert.ok(match, `${word} #${nth}`);
  return match.index;
}

async function renamedText(text: string, word: string, nth: number, newName: string): Promise<string> {
  const doc = await parse(text);
  const plan = planRename(doc, analyze(doc), wordOffset(text, word, nth), newName);
  assert.ok(plan.ok, plan.ok ? '' : plan.reason);
  return applyTextEdits(text, plan.edits.map((edit) => ({ startOffset: edit.span.startOffset, endOffset: edit.span.endOffset, newText: edit.newText })));
}

describe('rename rules: what the projected JavaScript and Python would read', () => {
  let scratch: Scratch;
  before(() => {
    scratch = new Scratch('rename');
  });
  after(() => scratch.dispose());

  /** Runs the program's projection (node for JavaScript, python3 for Python). */
  const runProjected = async (name: string, text: string, language: 'javascript' | 'python'): Promise<RunResult> => {
    const doc = await parse(text);
    const file = scratch.write(`${name}.${language === 'python' ? 'py' : 'js'}`, generate(doc.ast, language).code);
    return language === 'python' ? scratch.python(file) : scratch.node(file);
  };
  const runJs = (name: string, text: string): Promise<RunResult> => runProjected(name, text, 'javascript');

  const CALL = 'fn f(x: number): number {\n  return x + 1;\n}\n\nfn main() {\n  let n = f(1);\n  print(n);\n}\n\nmain();\n';

  it("refuses `let n = f(1)` renamed to f: JavaScript's let is in scope in its whole block, and the projection shows it", async () => {
    const doc = await parse(CALL);
    const plan = planRename(doc, analyze(doc), wordOffset(CALL, 'n'), 'f');
    assert.equal(plan.ok, false);
    assert.match(plan.ok ? '' : plan.reason, /would break the projected code: in JavaScript the variable 'f' \(line 6\) is in scope in its whole block, so 'f' at line 6, which means the function 'f' of line 1, would read it there before it is initialised \(a ReferenceError\)/);
    // What the rename would have made: Whetstone reads it as before, JavaScript and Python throw.
    const byHand = CALL.replace('let n = f(1);', 'let f = f(1);').replace('print(n);', 'print(f);');
    const doneByHand = await parse(byHand);
    assert.deepEqual(analyze(doneByHand).diagnostics.filter((d) => d.severity === 'error'), []);
    const js = await runJs('by-hand', byHand);
    assert.notEqual(js.status, 0);
    assert.match(js.stderr, /ReferenceError/);
    const python = await runProjected('by-hand', byHand, 'python');
    assert.notEqual(python.status, 0);
    assert.match(python.stderr, /UnboundLocalError/);
  });

  it('renames to a fresh name, and the projected JavaScript of the renamed program runs', async () => {
    const renamed = await renamedText(CALL, 'n', 0, 'next');
    assert.match(renamed, /let next = f\(1\);\n {2}print\(next\);/);
    const js = await runJs('fresh', renamed);
    assert.equal(js.status, 0, js.stderr);
    assert.equal(js.stdout, '2\n');
  });

  it("refuses a name Python's one scope per function would take: a block's local named like a function the function calls later", async () => {
    const text = 'fn f(): number {\n  return 1;\n}\n\nfn g(c: bool): number {\n  if c {\n    let n = 5;\n    print(n);\n  }\n  return f();\n}\n\nprint(g(true));\n';
    const doc = await parse(text);
    const plan = planRename(doc, analyze(doc), wordOffset(text, 'n'), 'f');
    assert.match(plan.ok ? '' : plan.reason, /in Python a local is in scope in its whole function, so 'f' at line 10, which means the function 'f' of line 1, would read the variable 'f' of line 7 instead/);
  });

  it("refuses a body variable named like its function's parameter (a SyntaxError in JavaScript)", async () => {
    const text = 'fn g(x: number): number {\n  let y = 2;\n  return y;\n}\n\nprint(g(1));\n';
    const doc = await parse(text);
    const plan = planRename(doc, analyze(doc), wordOffset(text, 'y'), 'x');
    assert.match(plan.ok ? '' : plan.reason, /cannot share its name with a parameter of that function/);
  });

  it('refuses renaming a function to the name of a local that its call sits before, and a loop variable named like its list', async () => {
    const before = 'fn h(): number {\n  return 1;\n}\n\nfn g(): number {\n  let a = h();\n  let f = 2;\n  return a + f;\n}\n\nprint(g());\n';
    const doc = await parse(before);
    const plan = planRename(doc, analyze(doc), wordOffset(before, 'h'), 'f');
    assert.match(plan.ok ? '' : plan.reason, /the variable 'f' \(line 7\).*'f' at line 6, which means the function 'f' of line 1.*before it is initialised/);
    const loop = 'fn f(): list<number> {\n  return [1];\n}\n\nfor x in f() {\n  print(x);\n}\n';
    const loopDoc = await parse(loop);
    const loopPlan = planRename(loopDoc, analyze(loopDoc), wordOffset(loop, 'x'), 'f');
    assert.match(loopPlan.ok ? '' : loopPlan.reason, /the loop variable 'f' \(line 5\) is in scope in its whole loop/);
  });

  it('allows what the three languages read alike: one name in sibling blocks, a local hiding a global its function does not use, a local named like a built-in the function calls', async () => {
    const siblings = 'fn g(c: bool) {\n  if c {\n    let a = 1;\n    print(a);\n  } else {\n    let b = 2;\n    print(b);\n  }\n}\n\ng(true);\ng(false);\n';
    const renamedSiblings = await renamedText(siblings, 'b', 0, 'a');
    const hiding = 'let total = 10;\n\nfn g(): number {\n  let t = 2;\n  return t;\n}\n\nprint(g() + total);\n';
    const renamedHiding = await renamedText(hiding, 't', 0, 'total');
    const builtin = 'fn g(xs: list<number>) {\n  let n = len(xs);\n  if n > 0 {\n    let count = n * 2;\n    print(count);\n  }\n}\n\ng([1, 2]);\n';
    const renamedBuiltin = await renamedText(builtin, 'count', 0, 'len');
    for (const [name, text, output] of [
      ['siblings', renamedSiblings, '1\n2\n'],
      ['hiding', renamedHiding, '12\n'],
      ['builtin', renamedBuiltin, '4\n'],
    ] as const) {
      const js = await runJs(name, text);
      assert.equal(js.status, 0, js.stderr);
      assert.equal(js.stdout, output);
      const python = await runProjected(name, text, 'python');
      assert.equal(python.status, 0, python.stderr);
      assert.equal(python.stdout, output);
    }
  });
});

const SHAPES = `type Point { x: number, y: number }

fn make(a: number): Point {
  return { x: a, y: 0 };
}

fn norm(p: Point): number {
  return p.x * p.x + p["y"] * p["x"];
}

let origin: Point = { x: 0, y: 0 };
let points: list<Point> = [{ x: 1, y: 1 }];
push(points, { x: 2, y: 2 });
let plain = { x: 1 };
print(norm({ x: 3, y: 4 }) + origin.x + len(points) + plain.x);
`;

describe('field rename', () => {
  it('renames the keys of literals of the type (typed let, list, push, argument, return), members and string indexes, nothing else', async () => {
    const renamed = await renamedText(SHAPES, 'x', 0, 'px');
    assert.equal(
      renamed,
      SHAPES.replace('x: number', 'px: number')
        .replace('{ x: a,', '{ px: a,')
        .replace('p.x * p.x + p["y"] * p["x"]', 'p.px * p.px + p["y"] * p["px"]')
        .replace('{ x: 0, y: 0 }', '{ px: 0, y: 0 }')
        .replace('[{ x: 1, y: 1 }]', '[{ px: 1, y: 1 }]')
        .replace('push(points, { x: 2,', 'push(points, { px: 2,')
        .replace('norm({ x: 3,', 'norm({ px: 3,')
        .replace('origin.x', 'origin.px'),
    );
    // The literal of another shape and its member keep their name.
    assert.match(renamed, /let plain = \{ x: 1 \};/);
    assert.match(renamed, /plain\.x\)/);
  });

  it('refuses when an object literal with the fields of the type has no known type, naming it', async () => {
    const text = `${SHAPES}\nfn show(p) {\n  print(p.y);\n}\n\nshow({ x: 7, y: 8 });\n`;
    const doc = await parse(text);
    const plan = planRename(doc, analyze(doc), wordOffset(text, 'x'), 'px');
    assert.equal(plan.ok, false);
    assert.match(plan.ok ? '' : plan.reason, /Renaming the field 'x' of Point to 'px' could leave values of Point without it: the rename cannot tell whether these are values of Point: the object literal at line 21 has its fields, but its type is not known there/);
  });

  it('leaves a read of the name from a value of unknown type alone and says where (data from outside keeps its keys)', async () => {
    const text = `${SHAPES}\nfn fromJson(raw): Point {\n  return { x: raw.x, y: raw["y"] };\n}\n`;
    const doc = await parse(text);
    const plan = planRename(doc, analyze(doc), wordOffset(text, 'x'), 'px');
    assert.ok(plan.ok, plan.ok ? '' : plan.reason);
    assert.deepEqual(plan.notes, ["left '.x' at line 18 as it is (read from a value whose type is not known there)"]);
    const renamed = applyTextEdits(text, plan.edits.map((edit) => ({ startOffset: edit.span.startOffset, endOffset: edit.span.endOffset, newText: edit.newText })));
    assert.match(renamed, /return \{ px: raw\.x, y: raw\["y"\] \};/);
    // Many such reads: the first 20 are listed, the rest counted.
    const many = `${SHAPES}\nfn sum(raw): number {\n  return ${Array.from({ length: 25 }, () => 'raw.x').join(' + ')};\n}\n`;
    const manyDoc = await parse(many);
    const manyPlan = planRename(manyDoc, analyze(manyDoc), wordOffset(many, 'x'), 'px');
    assert.ok(manyPlan.ok);
    assert.equal(manyPlan.notes.length, 21);
    assert.equal(manyPlan.notes[20], "left 5 more reads of 'x' as it is (read from a value whose type is not known there)");
  });

  it("in a buffer importing the type's file: literals passed to its functions, fields read on their results; refused where a value is untyped", async () => {
    const declaring = await parse(SHAPES);
    const declaringModel = analyze(declaring);
    const importsFrom = (module: string): boolean => moduleNamesPath(module, '/project/shapes.wst');
    const field = { name: 'x', ownerType: 'Point' };
    const user = `use shapes.{make, norm};\nuse shapes;\n\ntype Spot { x: number }\nlet spot: Spot = { x: 1 };\nlet made = make(2);\nprint(norm({ x: 1, y: 2 }) + make(4).x + shapes.norm({ x: 5, y: 6 }) + spot.x + made.x);\n`;
    const userDoc = await parse(user);
    const plan = planImportedFieldRename({ document: declaring, model: declaringModel }, { document: userDoc, model: analyze(userDoc) }, importsFrom, field, 'px');
    assert.ok(plan.ok, plan.ok ? '' : plan.reason);
    const renamed = applyTextEdits(user, plan.edits.map((edit) => ({ startOffset: edit.span.startOffset, endOffset: edit.span.endOffset, newText: edit.newText })));
    assert.equal(renamed, user.replace('norm({ x: 1,', 'norm({ px: 1,').replace('make(4).x', 'make(4).px').replace('norm({ x: 5,', 'norm({ px: 5,').replace('made.x', 'made.px'));
    const mutations = importedFieldRenameMutations({ document: declaring, model: declaringModel }, { document: userDoc, model: analyze(userDoc) }, importsFrom, 'Point', 'x', 'px');
    assert.ok(mutations.ok);
    assert.deepEqual(mutations.mutations.map((m) => [m.property, m.value]), [['key', 'px'], ['property', 'px'], ['key', 'px'], ['property', 'px']]);

    // A literal with Point's fields passed to this buffer's own untyped function: refused.
    const untyped = `use shapes.{make};\n\nfn keep(p) {\n  return p;\n}\n\nprint(keep({ x: 1, y: 2 }).y);\n`;
    const untypedDoc = await parse(untyped);
    const refused = planImportedFieldRename({ document: declaring, model: declaringModel }, { document: untypedDoc, model: analyze(untypedDoc) }, importsFrom, field, 'px');
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.reason, /the object literal at line 7 has its fields, but its type is not known there/);

    // A buffer that imports nothing from it is left alone, whatever it writes.
    const unrelated = `use other.{make};\n\nprint(make(1).x);\n`;
    const unrelatedDoc = await parse(unrelated);
    const none = planImportedFieldRename({ document: declaring, model: declaringModel }, { document: unrelatedDoc, model: analyze(unrelatedDoc) }, importsFrom, field, 'px');
    assert.deepEqual(none, { ok: true, edits: [], notes: [] });
  });
});
