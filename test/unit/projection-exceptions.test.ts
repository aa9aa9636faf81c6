// throw and try/catch generated into JavaScript, TypeScript (tsc --strict) and Python and run: the
// caught message, a throw through functions and loops, a rethrow from a handler, nested tries; a
// catch takes only Whetstone throws (a failed assert goes on), and an uncaught throw stops the
// program with its message. Imported from JavaScript, TypeScript (throw new Error(m), catch with
// e.message or e, error classes that only name what is thrown) and Python (raise, one except of Exception, ValueError or the file's own class),
// each source and each projection run; what would change meaning is an error at import, naming
// why: a catch that would also catch the source language's own errors (JSON.parse, int("x"),
// an index, a division), finally, else, several except clauses, classes Whetstone cannot tell
// apart, other uses of the caught value.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

const PROGRAM = `fn digit(c: string): number {
  for d in range(10) {
    if str(d) == c {
      return d;
    }
  }
  throw "not a digit: " + c;
}

fn fail(message: string): number {
  throw message;
}

fn check(n: number): string {
  try {
    if n < 0 {
      throw "negative: " + str(n);
    }
    return "ok " + str(n);
  } catch (e) {
    return "caught " + e;
  }
}

fn main() {
  print(check(3), check(-2));
  try {
    print(digit("7"));
    print(digit("x"));
    print("not reached");
  } catch (e) {
    print("error:", e);
  }
  let total = 0;
  for s in ["1", "2", "a", "3"] {
    try {
      total += digit(s);
    } catch (message) {
      message = "skipped " + message;
      print(message);
      continue;
    }
    print("added", s);
  }
  print(total);
  try {
    try {
      fail("inner");
    } catch (e) {
      throw "again: " + e;
    }
  } catch (e) {
    print(e);
  }
  let caught = "none";
  try {
    print("no throw");
  } catch (e) {
    caught = e;
  }
  print(caught);
}

main();
`;
const EXPECTED = 'ok 3 caught negative: -2\n7\nerror: not a digit: x\nadded 1\nadded 2\nskipped not a digit: a\nadded 3\n6\nagain: inner\nno throw\nnone\n';

/** The W_UNSUPPORTED messages of an import about its tries and catches, with their lines (library names are reported apart). */
function refusals(source: string, language: 'javascript' | 'typescript' | 'python'): string[] {
  return importSource(source, language)
    .diagnostics.filter((d) => d.code === 'W_UNSUPPORTED' && /\b(try|catch|except|exception)\b/.test(d.message))
    .map((d) => `${d.span.start.line}: ${d.message} | ${d.hint ?? ''}`);
}

describe('exceptions in projection', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('exceptions');
  });
  after(() => scratch.dispose());

  it('mean the same in JavaScript, TypeScript and Python: the message caught, through calls and loops, rethrown, nested', () => {
    scratch.printsInEveryTarget(PROGRAM, EXPECTED);
  });

  it('a catch takes only Whetstone throws: a failed assert goes on, an uncaught throw stops the program with its message', () => {
    const programs = [
      { source: 'try {\n  print("before");\n  assert(1 > 2, "broken");\n} catch (e) {\n  print("caught", e);\n}\nprint("after");\n', stderr: /broken/ },
      { source: 'fn check(n: number) {\n  if n > 1 {\n    throw "too big: " + str(n);\n  }\n}\nprint("before");\ncheck(5);\nprint("after");\n', stderr: /too big: 5/ },
    ];
    for (const { source, stderr } of programs) {
      const doc = WhetstoneDocument.create(source, 1);
      try {
        for (const target of ['javascript', 'typescript', 'python'] as const) {
          const generated = generate(doc.ast, target);
          assert.deepEqual(generated.diagnostics, []);
          const ran = scratch.runProgram(generated.code, target);
          assert.notEqual(ran.status, 0, `${target}:\n${generated.code}`);
          assert.equal(ran.stdout, 'before\n', `${target}:\n${generated.code}`);
          assert.match(ran.stderr, stderr, target);
        }
      } finally {
        doc.dispose();
      }
    }
  });

  it('import from JavaScript: throw new Error(m) and a catch reading e.message, through the file’s functions', () => {
    const source = [
      'function parseDigit(c) {',
      '  const digits = "0123456789";',
      '  for (let i = 0; i < digits.length; i++) {',
      '    if (digits[i] === c) return i;',
      '  }',
      '  throw new Error("not a digit: " + c);',
      '}',
      '',
      'function parseNumber(text) {',
      '  if (text.length === 0) throw new RangeError("empty text");',
      '  let value = 0;',
      '  for (const c of text) {',
      '    value = value * 10 + parseDigit(c);',
      '  }',
      '  return value;',
      '}',
      '',
      'for (const text of ["42", "", "4x2", "7"]) {',
      '  try {',
      '    console.log(parseNumber(text));',
      '  } catch (e) {',
      '    console.log("invalid:", e.message);',
      '  }',
      '}',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'javascript', /throw "not a digit: " \+ str\(c\);[\s\S]*\} catch \(e\) \{\n {4}print\("invalid:", e\);/);
  });

  it('import from TypeScript: thrown texts and a catch printing e, a catch without a name, and run the same in every target', () => {
    const source = [
      'function pop(stack: number[]): number {',
      '  if (stack.length === 0) {',
      '    throw "pop from an empty stack";',
      '  }',
      '  return stack.splice(stack.length - 1, 1)[0];',
      '}',
      '',
      'function drain(stack: number[]): number {',
      '  let total = 0;',
      '  try {',
      '    while (true) {',
      '      total += pop(stack);',
      '    }',
      '  } catch (e: unknown) {',
      '    console.log(`stopped: ${e}`);',
      '  }',
      '  return total;',
      '}',
      '',
      'console.log(drain([1, 2, 3]));',
      'try {',
      '  pop([]);',
      '} catch {',
      '  console.log("empty");',
      '}',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'typescript', /\} catch \(e\) \{\n {4}print\("stopped: " \+ (str\(e\)|e)\);[\s\S]*\} catch \(_error\) \{\n {2}print\("empty"\);/);
  });

  it('import from TypeScript and run the same in every target', () => {
    const source = [
      'function checkedSqrt(x: number): number {',
      '  if (x < 0) {',
      '    throw new Error(`negative input: ${x}`);',
      '  }',
      '  return Math.sqrt(x);',
      '}',
      '',
      'function describe(x: number): string {',
      '  try {',
      '    return "root " + checkedSqrt(x);',
      '  } catch (error) {',
      '    return "error " + (error as Error).message;',
      '  }',
      '}',
      '',
      'console.log(describe(16));',
      'console.log(describe(-4));',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'typescript', /\} catch \(error\) \{\n {4}return "error " \+ str\(error\);/);
  });

  it('import from TypeScript: error classes that only name what is thrown are dropped, their throws and catches carried', () => {
    const source = [
      'class ValidationError extends Error {',
      '  constructor(message: string) {',
      '    super(message);',
      '    this.name = "ValidationError";',
      '  }',
      '}',
      '',
      'export class RangeCheckError extends ValidationError {}',
      '',
      'function checkAge(age: number): number {',
      '  if (age < 0) throw new ValidationError("negative age");',
      '  if (age > 150) throw new RangeCheckError(`age out of range: ${age}`);',
      '  return age;',
      '}',
      '',
      'for (const age of [30, -1, 200]) {',
      '  try {',
      '    console.log(checkAge(age));',
      '  } catch (e) {',
      '    console.log("rejected:", (e as ValidationError).message);',
      '  }',
      '}',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'typescript', /^fn checkAge[\s\S]*throw "age out of range: " \+ str\(age\);[\s\S]*\} catch \(e\) \{\n {4}print\("rejected:", e\);/);
    // A class with more than the message is a class, and one of a base class is not carried: reported.
    assert.match(importSource('class E extends Error {\n  code = 1;\n}\nthrow new E("x");\n', 'javascript').diagnostics.map((d) => d.message).join('\n'), /extends Error of the class E \(inheritance\)/);
  });

  it('import from Python: raise of the file’s class, an except of it, of Exception and of ValueError, str(e) and print(e)', () => {
    const source = [
      'class EmptyStackError(Exception):',
      '    """Raised when popping an empty stack."""',
      '',
      '',
      'class ParseError(ValueError):',
      '    pass',
      '',
      '',
      'def pop(stack: list) -> int:',
      '    if len(stack) == 0:',
      '        raise EmptyStackError("pop from an empty stack")',
      '    last = stack[len(stack) - 1]',
      '    return last',
      '',
      '',
      'def parse_sign(text: str) -> int:',
      '    if text == "+":',
      '        return 1',
      '    if text == "-":',
      '        return -1',
      '    raise ParseError(f"not a sign: {text}")',
      '',
      '',
      'def sign_or_zero(text: str) -> int:',
      '    try:',
      '        return parse_sign(text)',
      '    except ValueError as e:',
      '        print("bad sign:", e)',
      '        return 0',
      '',
      '',
      'try:',
      '    pop([])',
      'except EmptyStackError as e:',
      '    message = str(e)',
      '    print(message)',
      'print(sign_or_zero("+"), sign_or_zero("?"), pop([4, 5]))',
      'try:',
      '    parse_sign("x")',
      'except Exception as problem:',
      '    print(f"caught {problem}")',
      'try:',
      '    parse_sign("y")',
      'except:',
      '    print("bare")',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'python', /throw "pop from an empty stack";[\s\S]*\} catch \(e\) \{\n {4}print\("bad sign:", e\);[\s\S]*\} catch \(_error\) \{/);
  });

  it('report at import a catch that would also catch the source language’s own errors, naming the call', () => {
    assert.deepEqual(
      refusals('function read(text) {\n  return JSON.parse(text);\n}\ntry {\n  console.log(read("{"));\n} catch (e) {\n  console.log("bad", e.message);\n}\n', 'javascript'),
      ["4: Not carried into Whetstone: a try whose catch also catches JavaScript's own errors has no Whetstone form | `JSON.parse(text)` can throw an error of JavaScript's own (or of a function not in this file), and a Whetstone catch takes only Whetstone throws."],
    );
    assert.deepEqual(
      refusals('def to_int(s):\n    return int(s)\n\n\ntry:\n    print(to_int("x"))\nexcept ValueError as e:\n    print(e)\n', 'python'),
      [`5: Not carried into Whetstone: a try whose except of ValueError also catches Python's own errors has no Whetstone form | \`int(s)\` can raise an error of Python's own (int("x") and float("x") raise ValueError) or of a function not in this file, and a Whetstone catch takes only Whetstone throws.`],
    );
    assert.deepEqual(
      refusals('xs = [1, 2]\ntry:\n    print(xs[5])\nexcept Exception:\n    print("no")\ntry:\n    print(1 / len(xs))\nexcept:\n    print("no")\n', 'python').map((line) => line.split(' | ')[1]),
      ['`xs[5]` can raise IndexError or KeyError, and a Whetstone catch takes only Whetstone throws.', '`1 / len(xs)` can raise ZeroDivisionError, and a Whetstone catch takes only Whetstone throws.'],
    );
    // A function of the file passed as a value is followed too.
    assert.deepEqual(
      refusals('function byLength(a, b) {\n  return JSON.parse("0") + a.length - b.length;\n}\ntry {\n  console.log(["ccc", "a"].sort(byLength));\n} catch (e) {\n  console.log(e.message);\n}\n', 'javascript').map((line) => line.split(' | ')[1]),
      ["`JSON.parse(\"0\")` can throw an error of JavaScript's own (or of a function not in this file), and a Whetstone catch takes only Whetstone throws."],
    );
    assert.deepEqual(
      refusals('def key(s):\n    return int(s)\n\n\ntry:\n    print(sorted(["2", "x"], key=key))\nexcept ValueError as e:\n    print(e)\n', 'python').map((line) => line.split(' | ')[1]),
      [`\`int(s)\` can raise an error of Python's own (int("x") and float("x") raise ValueError) or of a function not in this file, and a Whetstone catch takes only Whetstone throws.`],
    );
    // Comments between the clauses are no clauses.
    assert.deepEqual(refusals('def f(x):\n    if x < 0:\n        raise ValueError("neg")\n    return x\n\n\ntry:\n    print(f(-1))\n# between\nexcept ValueError as e:  # why\n    print("caught", e)\n', 'python'), []);
    // An except of the file's own class catches none of Python's errors: the index is carried.
    assert.deepEqual(refusals('class Empty(Exception):\n    pass\n\n\nxs = [1]\ntry:\n    print(xs[0])\nexcept Empty as e:\n    print(e)\n', 'python'), []);
  });

  it('report at import the forms a Whetstone try/catch does not keep, with why', () => {
    const js = (body: string): string[] => refusals(body, 'javascript').map((line) => line.split(' | ')[0]);
    assert.deepEqual(js('try {\n  console.log(1);\n} catch (e) {\n  console.log(e.message);\n} finally {\n  console.log(2);\n}\n'), ['1: Not carried into Whetstone: a try with finally has no Whetstone form']);
    assert.deepEqual(js('try {\n  throw new Error("x");\n} catch (e) {\n  if (e instanceof TypeError) console.log(1);\n}\n'), [
      '1: Not carried into Whetstone: a catch that uses the caught value other than as e.message, String(e) or printed has no Whetstone form',
    ]);
    assert.deepEqual(js('function f(n) {\n  if (n) throw "text";\n  throw new Error("error");\n}\ntry {\n  f(1);\n} catch (e) {\n  console.log(e.message);\n}\n'), [
      '5: Not carried into Whetstone: a catch that reads e.message in a file that also throws values that are not Errors has no Whetstone form',
    ]);
    assert.deepEqual(js('try {\n  throw new Error("x");\n} catch (e) {\n  console.log(e);\n}\n'), ['1: Not carried into Whetstone: a catch that uses e itself in a file that throws Errors has no Whetstone form']);
    assert.deepEqual(js('const problem = { code: 1 };\ntry {\n  throw problem;\n} catch (e) {\n  console.log(e);\n}\n'), [
      '2: Not carried into Whetstone: a catch that uses e itself in a file that throws values not written as texts has no Whetstone form',
    ]);
    const py = (body: string): string[] => refusals(body, 'python').map((line) => line.split(' | ')[0]);
    assert.deepEqual(py('try:\n    print(1)\nexcept ValueError:\n    print(2)\nelse:\n    print(3)\n'), ['1: Not carried into Whetstone: a try with else has no Whetstone form']);
    assert.deepEqual(py('try:\n    print(1)\nexcept ValueError:\n    print(2)\nfinally:\n    print(3)\n'), ['1: Not carried into Whetstone: a try with finally has no Whetstone form']);
    assert.deepEqual(py('try:\n    print(1)\nexcept ValueError:\n    print(2)\nexcept Exception:\n    print(3)\n'), ['1: Not carried into Whetstone: a try with several except clauses (or an except*) has no Whetstone form']);
    assert.deepEqual(py('try:\n    print(1)\nexcept (ValueError, KeyError):\n    print(2)\n'), ['1: Not carried into Whetstone: an except of (ValueError, KeyError) (several classes) has no Whetstone form']);
    assert.deepEqual(py('try:\n    print(1)\nexcept IndexError:\n    print(2)\n'), ['1: Not carried into Whetstone: an except of IndexError has no Whetstone form']);
    assert.deepEqual(py('def f():\n    raise KeyError("k")\n\n\ntry:\n    f()\nexcept ValueError:\n    print(2)\n'), ['5: Not carried into Whetstone: an except of ValueError around code that also raises KeyError has no Whetstone form']);
    assert.deepEqual(py('try:\n    raise ValueError("v")\nexcept ValueError as e:\n    print(repr(e))\n'), [
      '1: Not carried into Whetstone: a use of the exception e other than str(e), print(e) or {e} in an f-string has no Whetstone form',
    ]);
  });

  it('renames an imported name that is now a keyword', () => {
    const imported = importSource('catch = 1\ntry_count = catch + 1\nprint(catch, try_count)\n', 'python');
    assert.match(printDocument(imported.ast), /const catch_ = 1;\nconst try_count = catch_ \+ 1;/);
  });
});
