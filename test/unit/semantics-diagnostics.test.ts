// Every semantic diagnostic code of docs/LANGUAGE.md "Diagnostics": it fires on a minimal program,
// on the right node, span and severity, and not on the corrected program. Most programs mark what
// they expect under the text it is on (`//   ^^^ E_CODE message`, test/helpers/diagnostic-markers.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic, DiagnosticCode } from '../../server/src/core/ast';
import { analyze } from '../../server/src/core/semantics';
import { parse, readRepoFile } from '../helpers/core';
import { assertMarkedDiagnostics } from '../helpers/diagnostic-markers';
import { analyzeText, codesOf, nodeByName, nodeByText, spannedText, withCode, type Analysed } from '../helpers/semantics';

/** The single diagnostic of `code` (failing with all diagnostics listed otherwise). */
function single(analysed: Analysed, code: DiagnosticCode): Diagnostic {
  const found = withCode(analysed.model, code);
  assert.equal(found.length, 1, `expected one ${code}, got: ${JSON.stringify(analysed.model.diagnostics.map((d) => `${d.code} ${d.message}`))}`);
  return found[0];
}

async function assertClean(text: string): Promise<void> {
  const { model } = await analyzeText(text);
  assert.deepEqual(
    model.diagnostics.map((d) => `${d.code} ${d.message}`),
    [],
  );
}

describe('semantic diagnostics', () => {
  it('examples/orders.wst has no diagnostics at all', async () => {
    const { model } = await analyzeText(readRepoFile('examples', 'orders.wst'));
    assert.deepEqual(model.diagnostics, []);
  });

  it('E_UNDEFINED: an unknown name, with the closest in-scope name as hint and fix', async () => {
    const analysed = await assertMarkedDiagnostics(`fn main() {
  let count = 1;
//    ^^^^^ W_UNUSED Unused variable 'count'
  print(cont);
//      ^^^^ E_UNDEFINED Cannot find name 'cont'
}
`);
    const [diagnostic] = withCode(analysed.model, 'E_UNDEFINED');
    const identifier = nodeByName(analysed.doc, 'Identifier', 'cont');
    assert.equal(diagnostic.nodeId, identifier.id);
    assert.equal(diagnostic.hint, "Did you mean 'count'?");
    assert.deepEqual(diagnostic.fix, [{ type: 'setProperty', nodeId: identifier.id, property: 'name', value: 'count' }]);
    await assertClean('fn main() {\n  let count = 1;\n  print(count);\n}\n');
  });

  it('E_UNDEFINED: an unknown type name in a type string, fixed in that string', async () => {
    const analysed = await analyzeText('type Item { price: number }\nfn total(items: list<Iten>): number {\n  return len(items);\n}\n');
    const diagnostic = single(analysed, 'E_UNDEFINED');
    const param = nodeByName(analysed.doc, 'Parameter', 'items');
    assert.equal(diagnostic.nodeId, param.id);
    assert.equal(diagnostic.message, "Cannot find type 'Iten'");
    assert.deepEqual(diagnostic.fix, [{ type: 'setProperty', nodeId: param.id, property: 'paramType', value: 'list<Item>' }]);
  });

  it('E_UNDEFINED: a top-level let used before its declaration', async () => {
    await assertMarkedDiagnostics(`print(total);
//    ^^^^^ E_UNDEFINED 'total' is used before its declaration on line 2
let total = 1;
//  ^^^^^ W_UNUSED
`);
    await assertClean('let total = 1;\nprint(total);\n');
  });

  it('E_DUPLICATE: the second declaration in one scope, at its name', async () => {
    const analysed = await assertMarkedDiagnostics(`fn main() {
  let x = 1;
  let x = 2;
//    ^ E_DUPLICATE
  print(x);
}
`);
    const [diagnostic] = analysed.model.diagnostics;
    assert.equal(diagnostic.nodeId, nodeByName(analysed.doc, 'VariableDeclaration', 'x', 1).id);
    assert.match(diagnostic.message, /Duplicate declaration of 'x': already declared on line 2/);
    await assertClean('fn main() {\n  let x = 1;\n  let y = 2;\n  print(x, y);\n}\n');
  });

  it('E_DUPLICATE: two top-level functions, and a repeated parameter', async () => {
    await assertMarkedDiagnostics(`fn f(a: number, a: number): number {
//              ^ E_DUPLICATE
  return a;
}
fn f() {}
// ^ E_DUPLICATE
`);
  });

  it('E_TYPE_MISMATCH: a string where a number is declared', async () => {
    const analysed = await assertMarkedDiagnostics(`let n: number = "x";
//              ^^^ E_TYPE_MISMATCH Type string is not assignable to 'n' of type number
print(n);
`);
    assert.equal(analysed.model.diagnostics[0].nodeId, nodeByText(analysed.doc, 'Literal', '"x"').id);
    await assertClean('let n: number = 1;\nprint(n);\n');
  });

  it('E_TYPE_MISMATCH: returning a string from a function declared to return number', async () => {
    await assertMarkedDiagnostics(`fn f(): number {
  return "a";
//       ^^^ E_TYPE_MISMATCH Cannot return string from 'f', which returns number
}
`);
    await assertClean('fn f(): number {\n  return 1;\n}\n');
  });

  it('E_TYPE_MISMATCH: + mixing a number and a string, with str() as hint and fix', async () => {
    const analysed = await assertMarkedDiagnostics(`fn label(n: number): string {
  return "n = " + n;
//       ^^^^^^^^^^ E_TYPE_MISMATCH
}
`);
    const [diagnostic] = analysed.model.diagnostics;
    assert.match(diagnostic.message, /Cannot add string and number/);
    assert.match(diagnostic.hint ?? '', /str\(x\)/);
    const n = nodeByName(analysed.doc, 'Identifier', 'n');
    assert.deepEqual(diagnostic.fix, [
      { type: 'updateNode', nodeId: n.id, node: { type: 'CallExpression', callee: { type: 'Identifier', name: 'str' }, arguments: [{ type: 'Identifier', name: 'n' }] } },
    ]);
    await assertClean('fn label(n: number): string {\n  return "n = " + str(n);\n}\n');
  });

  it('E_TYPE_MISMATCH: a condition that is not bool', async () => {
    await assertMarkedDiagnostics(`fn f(x: number) {
  if x {
//   ^ E_TYPE_MISMATCH The condition of 'if' must be bool, not number
    print(x);
  }
}
`);
    await assertClean('fn f(x: number) {\n  if x != 0 {\n    print(x);\n  }\n}\n');
    const loop = await analyzeText('fn f(s: string?) {\n  while s {\n    print(s);\n  }\n}\n');
    assert.equal(single(loop, 'E_TYPE_MISMATCH').fix?.[0]?.type, 'updateNode');
  });

  it('E_TYPE_MISMATCH: an argument of the wrong type', async () => {
    await assertMarkedDiagnostics(`fn twice(x: number): number {
  return x * 2;
}
print(twice("3"));
//          ^^^ E_TYPE_MISMATCH Argument of type string is not assignable to parameter 'x' of type number
`);
    await assertClean('fn twice(x: number): number {\n  return x * 2;\n}\nprint(twice(3));\n');
  });

  it('E_TYPE_MISMATCH: an assignment of the wrong type, also to an inferred variable', async () => {
    const analysed = await analyzeText('let total = 0;\ntotal = "none";\nprint(total);\n');
    const diagnostic = single(analysed, 'E_TYPE_MISMATCH');
    assert.equal(diagnostic.message, "Type string is not assignable to 'total' of type number");
    await assertClean('let total = 0;\ntotal = 5;\ntotal += 1;\nprint(total);\n');
  });

  it('E_TYPE_MISMATCH: object literals name the missing and the extra field', async () => {
    const analysed = await assertMarkedDiagnostics(`type Point { x: number, y: number }
let p: Point = { x: 1, label: 2 };
//             ^^^^^^^^^^^^^^^^^^ E_TYPE_MISMATCH Missing field 'y' required by Point
//                     ^^^^^ E_TYPE_MISMATCH Type Point has no field 'label'
print(p);
`);
    const [missing, extra] = withCode(analysed.model, 'E_TYPE_MISMATCH');
    assert.equal(missing.nodeId, nodeByText(analysed.doc, 'ObjectLiteral', '{ x: 1, label: 2 }').id);
    assert.equal(extra.nodeId, nodeByText(analysed.doc, 'Property', 'label: 2').id);
    // The missing field's fix inserts it with an obvious value.
    assert.deepEqual(missing.fix, [
      { type: 'insertNode', parentId: missing.nodeId, role: 'properties', node: { type: 'Property', key: 'y', value: { type: 'Literal', value: 0, raw: '0' } } },
    ]);
    await assertClean('type Point { x: number, y: number }\nlet p: Point = { x: 1, y: 2 };\nprint(p);\n');
    const wrongField = await analyzeText('type Point { x: number, y: number }\nlet p: Point = { x: 1, y: "2" };\nprint(p);\n');
    assert.equal(single(wrongField, 'E_TYPE_MISMATCH').message, "Field 'y' of Point is number, not string");
  });

  it('E_TYPE_MISMATCH: a misspelt field is offered as a rename, not also reported missing', async () => {
    const analysed = await analyzeText('type Point { x: number, y: number }\nlet p: Point = { x: 1, yy: 2 };\nprint(p);\n');
    const diagnostic = single(analysed, 'E_TYPE_MISMATCH');
    assert.equal(diagnostic.message, "Type Point has no field 'yy'");
    assert.deepEqual(diagnostic.fix, [{ type: 'setProperty', nodeId: nodeByText(analysed.doc, 'Property', 'yy: 2').id, property: 'key', value: 'y' }]);
  });

  it('E_ARITY: too few and too many arguments; defaults are optional; print is variadic', async () => {
    const source = (call: string): string => `fn tax(amount: number, rate: number = 0.2): number {\n  return amount * rate;\n}\nprint(${call});\n`;
    const few = await analyzeText(source('tax()'));
    const diagnostic = single(few, 'E_ARITY');
    assert.equal(diagnostic.severity, 'error');
    assert.equal(diagnostic.nodeId, nodeByText(few.doc, 'CallExpression', 'tax()').id);
    assert.equal(diagnostic.message, "'tax' expects 1–2 arguments but got 0");
    const many = await analyzeText(source('tax(1, 2, 3)'));
    assert.equal(single(many, 'E_ARITY').message, "'tax' expects 1–2 arguments but got 3");
    await assertClean(source('tax(1)'));
    await assertClean(source('tax(1, 0.5), 1, "a", [2]'));
    const builtin = await analyzeText('print(round());\n');
    assert.equal(single(builtin, 'E_ARITY').message, "'round' expects 1–2 arguments but got 0");
  });

  it('E_NOT_CALLABLE: calling a number, and calling a type', async () => {
    const analysed = await analyzeText('let n = 5;\nn();\n');
    const diagnostic = single(analysed, 'E_NOT_CALLABLE');
    assert.equal(diagnostic.severity, 'error');
    assert.equal(diagnostic.nodeId, nodeByName(analysed.doc, 'Identifier', 'n').id);
    assert.equal(diagnostic.message, "'n' is not a function: its type is number");
    await assertClean('let n = fn() => 5;\nn();\n');
    const type = await analyzeText('type Item { name: string }\nprint(Item());\n');
    assert.equal(single(type, 'E_NOT_CALLABLE').message, "'Item' is a type, not a function");
  });

  it('E_UNKNOWN_FIELD: a member a declared type does not have, fixed to the close field', async () => {
    const analysed = await assertMarkedDiagnostics(`type Order { id: string, total: number }
fn f(order: Order): number {
  return order.totl;
//             ^^^^ E_UNKNOWN_FIELD Type Order has no field 'totl'
}
`);
    const member = nodeByText(analysed.doc, 'MemberExpression', 'order.totl');
    assert.equal(analysed.model.diagnostics[0].nodeId, member.id);
    assert.deepEqual(analysed.model.diagnostics[0].fix, [{ type: 'setProperty', nodeId: member.id, property: 'property', value: 'total' }]);
    await assertClean('type Order { id: string, total: number }\nfn f(order: Order): number {\n  return order.total;\n}\n');
  });

  it('E_ASSIGN_CONST: assigning to a const, fixed by making it let', async () => {
    const analysed = await analyzeText('const limit = 10;\nlimit = 20;\nprint(limit);\n');
    const diagnostic = single(analysed, 'E_ASSIGN_CONST');
    const decl = nodeByName(analysed.doc, 'VariableDeclaration', 'limit');
    assert.equal(diagnostic.severity, 'error');
    assert.equal(diagnostic.nodeId, nodeByName(analysed.doc, 'Identifier', 'limit').id);
    assert.equal(diagnostic.message, "Cannot assign to 'limit' because it is a constant");
    assert.deepEqual(diagnostic.fix, [{ type: 'setProperty', nodeId: decl.id, property: 'kind', value: 'let' }]);
    await assertClean('let limit = 10;\nlimit = 20;\nprint(limit);\n');
    const loopVariable = await analyzeText('for i in range(3) {\n  i = 2;\n  print(i);\n}\n');
    assert.equal(single(loopVariable, 'E_ASSIGN_CONST').message, "Cannot assign to 'i' because it is a loop variable");
  });

  it('E_BREAK_OUTSIDE_LOOP: break and continue outside a loop, and inside a lambda in a loop', async () => {
    await assertMarkedDiagnostics(`fn f() {
  break;
//^^^^^^ E_BREAK_OUTSIDE_LOOP 'break' can only be used inside a loop
}
`);
    await assertClean('fn f() {\n  while true {\n    break;\n  }\n}\n');
    await assertMarkedDiagnostics(`for i in range(2) {
  let g = fn() {
    continue;
//  ^^^^^^^^^ E_BREAK_OUTSIDE_LOOP 'continue' can only be used inside a loop
  };
  g();
  print(i);
}
`);
  });

  it('E_AWAIT_OUTSIDE_ASYNC: await in a plain function (fixed by async), and at the top level', async () => {
    const source = (keyword: string): string => `async fn load(): number {\n  return 1;\n}\n${keyword}fn f(): number {\n  return await load();\n}\n`;
    const analysed = await analyzeText(source(''));
    const diagnostic = single(analysed, 'E_AWAIT_OUTSIDE_ASYNC');
    assert.equal(diagnostic.severity, 'error');
    assert.equal(diagnostic.nodeId, nodeByText(analysed.doc, 'UnaryExpression', 'await load()').id);
    assert.equal(diagnostic.message, "'await' is only allowed in an async function, and 'f' is not async");
    assert.deepEqual(diagnostic.fix, [{ type: 'setProperty', nodeId: nodeByName(analysed.doc, 'FunctionDeclaration', 'f').id, property: 'async', value: true }]);
    await assertClean(source('async '));
    const topLevel = await analyzeText('async fn load(): number {\n  return 1;\n}\nprint(await load());\n');
    assert.equal(single(topLevel, 'E_AWAIT_OUTSIDE_ASYNC').message, "'await' is not allowed at the top level");
  });

  it('E_ANNOTATION: an unknown annotation type, and a strategy the type does not allow', async () => {
    const unknown = await analyzeText('@perfomance(cache)\nfn f() {}\n');
    const diagnostic = single(unknown, 'E_ANNOTATION');
    const annotation = nodeByText(unknown.doc, 'Annotation', '@perfomance(cache)');
    assert.equal(diagnostic.severity, 'error');
    assert.equal(diagnostic.nodeId, annotation.id);
    assert.equal(spannedText(unknown.doc, diagnostic), 'perfomance');
    assert.equal(diagnostic.message, "Unknown annotation type '@perfomance'");
    assert.deepEqual(diagnostic.fix, [{ type: 'setProperty', nodeId: annotation.id, property: 'annotationType', value: 'performance' }]);
    const strategy = await analyzeText('@security(cache)\nfn f() {}\n');
    const bad = single(strategy, 'E_ANNOTATION');
    assert.equal(bad.message, "'@security' does not allow the strategy 'cache'");
    assert.match(bad.hint ?? '', /sanitize, validate, escape, authorize, ratelimit, redact/);
    await assertClean('@performance(cache, reason: "hot path", confidence: 0.9)\n@security(sanitize)\nfn f() {}\n');
    await assertClean('fn f(xs: list<number>) {\n  @performance(parallelize)\n  for x in xs {\n    print(x);\n  }\n}\n');
  });

  it('W_UNUSED: an unused variable, parameter and import; _names are exempt; top-level functions and types are not reported', async () => {
    const analysed = await assertMarkedDiagnostics(`use math.{round, clamp};
//        ^^^^^ W_UNUSED Unused import 'round'
type Unused { a: number }
fn helper(a: number, b: number): number {
//                   ^ W_UNUSED Unused parameter 'b'
  let tmp = 1;
//    ^^^ W_UNUSED Unused variable 'tmp'
  return clamp(a, 0, 1);
}
`);
    const diagnostics = withCode(analysed.model, 'W_UNUSED');
    const imp = analysed.doc.ast.children[0];
    assert.deepEqual(diagnostics[0].fix, [{ type: 'setProperty', nodeId: imp.id, property: 'names', value: ['clamp'] }]);
    assert.deepEqual(diagnostics[1].fix, [{ type: 'setProperty', nodeId: nodeByName(analysed.doc, 'Parameter', 'b').id, property: 'name', value: '_b' }]);
    assert.deepEqual(diagnostics[2].fix, [{ type: 'deleteNode', nodeId: nodeByName(analysed.doc, 'VariableDeclaration', 'tmp').id }]);
    await assertClean('use math.{clamp};\ntype Unused { a: number }\nfn helper(a: number, _b: number): number {\n  let _tmp = 1;\n  return clamp(a, 0, 1);\n}\n');
  });

  it('W_UNUSED: a variable that is only written is unused; one with a call initializer gets no delete fix', async () => {
    const analysed = await analyzeText('fn f() {\n  let x = compute();\n  x = 2;\n}\nfn compute(): number {\n  return 1;\n}\n');
    const diagnostic = single(analysed, 'W_UNUSED');
    assert.equal(diagnostic.message, "Unused variable 'x'");
    assert.equal(diagnostic.fix, undefined);
  });

  it('W_UNKNOWN_IMPORT: only with a library, for unknown modules and names', async () => {
    const library = {
      modules: [{ name: 'math', functions: [{ name: 'clamp', signature: '(x: number, lo: number, hi: number): number' }] }],
      policy: { blockedFunctions: [], blockedModules: [], requireImports: false },
    };
    const source = 'use math.{clamb};\nuse strings.{pad};\nprint(clamb(1, 2, 3), pad("a"));\n';
    const without = await analyzeText(source);
    assert.deepEqual(withCode(without.model, 'W_UNKNOWN_IMPORT'), []);
    assert.deepEqual(codesOf(without.model), []);
    const analysed = await analyzeText(source, { library });
    const diagnostics = withCode(analysed.model, 'W_UNKNOWN_IMPORT');
    assert.deepEqual(
      diagnostics.map((d) => [d.message, d.severity, d.nodeId]),
      [
        ["Module 'math' has no function 'clamb'", 'warning', analysed.doc.ast.children[0].id],
        ["Module 'strings' is not in the library", 'warning', analysed.doc.ast.children[1].id],
      ],
    );
    assert.equal(spannedText(analysed.doc, diagnostics[0]), 'clamb');
    // The fix renames the import and its uses.
    const use = nodeByName(analysed.doc, 'Identifier', 'clamb');
    assert.deepEqual(diagnostics[0].fix, [
      { type: 'setProperty', nodeId: analysed.doc.ast.children[0].id, property: 'names', value: ['clamp'] },
      { type: 'setProperty', nodeId: use.id, property: 'name', value: 'clamp' },
    ]);
    const clean = await analyzeText('use math.{clamp};\nprint(clamp(1, 2, 3));\n', { library });
    assert.deepEqual(codesOf(clean.model), []);
  });

  it('W_UNREACHABLE: one diagnostic on the first statement after return', async () => {
    const analysed = await assertMarkedDiagnostics(`fn f(): number {
  return 1;
  print("a");
//^^^^^^^^^^^ W_UNREACHABLE
  print("b");
}
`);
    assert.equal(analysed.model.diagnostics[0].nodeId, nodeByText(analysed.doc, 'ExpressionStatement', 'print("a");').id);
    assert.equal(analysed.model.diagnostics[0].fix?.length, 2);
    await assertClean('fn f(): number {\n  print("a");\n  print("b");\n  return 1;\n}\n');
    await assertMarkedDiagnostics(`fn f(x: number) {
  while true {
    if x > 1 {
      break;
    } else {
      continue;
    }
    print(x);
//  ^^^^^^^^^ W_UNREACHABLE
  }
}
`);
  });

  it('W_MISSING_RETURN: a typed function that can end without return; if/else both returning counts', async () => {
    const analysed = await assertMarkedDiagnostics(`fn sign(x: number): number {
// ^^^^ W_MISSING_RETURN Function 'sign' declares return type number but can end without returning a value
  if x > 0 {
    return 1;
  }
}
`);
    assert.equal(analysed.model.diagnostics[0].nodeId, nodeByName(analysed.doc, 'FunctionDeclaration', 'sign').id);
    await assertClean('fn sign(x: number): number {\n  if x > 0 {\n    return 1;\n  } else if x < 0 {\n    return -1;\n  } else {\n    return 0;\n  }\n}\n');
    await assertClean('fn noop(x: number) {\n  print(x);\n}\nfn nothing(): void {\n}\n');
  });

  it('H_SHADOW: a parameter hiding a global, and a let hiding a parameter', async () => {
    const analysed = await assertMarkedDiagnostics(`const rate = 0.2;
fn tax(rate: number): number {
//     ^^^^ H_SHADOW 'rate' shadows the constant 'rate' declared on line 1
  return rate;
}
print(rate, tax(1));
`);
    assert.equal(analysed.model.diagnostics[0].nodeId, nodeByName(analysed.doc, 'Parameter', 'rate').id);
    await assertClean('const rate = 0.2;\nfn tax(r: number): number {\n  return r;\n}\nprint(rate, tax(1));\n');
    await assertMarkedDiagnostics(`fn f(x: number): number {
  if x > 0 {
    let x = 2;
//      ^ H_SHADOW 'x' shadows the parameter 'x' declared on line 1
    return x;
  }
  return x;
}
`);
    // Shadowing a built-in is ordinary.
    await assertClean('let max = 3;\nprint(max);\n');
  });

  it('W_BIDI_CONTROL: a bidirectional control character written in a string literal or a comment ("Trojan Source")', async () => {
    // The comment seems to end before `return`; the string seems to hold "admin".
    const text = 'fn access(level: string): bool {\n  /* check \u202e } \u2066return true;\u2069 */\n  return level == "user\u202e \u2066// admin\u2069\u2066";\n}\nprint(access("x"));\n';
    const doc = await parse(text);
    assert.deepEqual(doc.syntaxDiagnostics, [], 'the characters are allowed where they stand');
    const found = withCode(analyze(doc), 'W_BIDI_CONTROL');
    assert.equal(found.length, 2, JSON.stringify(found));
    const [inComment, inString] = found;
    assert.equal(inComment.severity, 'warning');
    assert.equal(doc.text.slice(inComment.span.startOffset, inComment.span.endOffset), '/* check \u202e } \u2066return true;\u2069 */');
    assert.equal(inComment.message, 'This comment holds the invisible bidirectional control characters U+202E (RIGHT-TO-LEFT OVERRIDE), U+2066 (LEFT-TO-RIGHT ISOLATE), U+2069 (POP DIRECTIONAL ISOLATE): the line may be shown in another order than it is read');
    assert.equal(inComment.line, 2);
    const literal = nodeByText(doc, 'Literal', '"user\u202e \u2066// admin\u2069\u2066"');
    assert.equal(inString.nodeId, literal.id);
    assert.deepEqual(inString.span, literal.span);
    assert.match(inString.message, /^This string literal holds the invisible bidirectional control characters U\+202E/);
    assert.equal(inString.hint, 'remove it, or write it as an escape (\\u202E, \\u2066, \\u2069) if it is meant to be there');
    // The escape says the same visibly, and is not warned of; other invisible characters are not bidi controls.
    const clean = await parse('let s = "user\\u202e";\n// zero\u200bwidth\nprint(s);\n');
    assert.deepEqual(codesOf(analyze(clean)), []);
    // Given only the AST (no text), there is nothing to scan.
    assert.deepEqual(withCode(analyze(doc.ast, { names: doc }), 'W_BIDI_CONTROL'), []);
  });

  it('W_BIDI_CONTROL: a file full of them gets a bounded number of warnings', async () => {
    const doc = await parse(Array.from({ length: 300 }, (_, i) => `// ${i} \u202e\n`).join(''));
    assert.equal(withCode(analyze(doc), 'W_BIDI_CONTROL').length, 100);
  });

  it('reports nothing for unknown types: any is never an error', async () => {
    await assertClean('use http.{fetchJson};\nasync fn f(): number {\n  const raw = await fetchJson("/x");\n  let n: number = raw.count;\n  return raw.items[0].price + n;\n}\n');
  });

  it('keeps analysing a file with syntax errors', async () => {
    const doc = await parse('fn f(x: number): number {\n  let y = x +;\n  return undefinedName;\n}\n');
    assert.ok(doc.syntaxDiagnostics.length > 0);
    const model = analyze(doc.ast, { names: doc });
    assert.ok(withCode(model, 'E_UNDEFINED').some((d) => d.message === "Cannot find name 'undefinedName'"));
  });
});
