// The printer (docs/LANGUAGE.md "Text from the AST"): canonical text that parses back to
// the same AST, idempotent, every comment kept.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Expression, Node, Program, Span, Statement } from '../../server/src/core/ast';
import { printDocument, printNode, printType } from '../../server/src/core/editing';
import { parse, readRepoFile, repoRoot, shape } from '../helpers/core';

/** The corpus generated from the grammar's tests, the examples and the end-to-end fixtures. */
function sampleFiles(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const dir of ['test/fixtures/corpus', 'examples', 'test/fixtures/e2e-workspace']) {
    const full = join(repoRoot, dir);
    if (!existsSync(full)) continue;
    for (const file of readdirSync(full).sort()) {
      if (file.endsWith('.wst')) out.push({ name: `${dir}/${file}`, text: readRepoFile(dir, file) });
    }
  }
  return out;
}

const commentTexts = (comments: readonly { text: string }[]): string[] => comments.map((c) => c.text.trimEnd()).sort();

async function format(text: string): Promise<string> {
  const doc = await parse(text);
  assert.deepEqual(doc.syntaxDiagnostics, [], `the sample does not parse:\n${text}`);
  return printDocument(doc.ast, doc.comments, doc.text);
}

describe('printer: round trip over the corpus', () => {
  it('finds the corpus', () => {
    assert.ok(sampleFiles().length >= 5);
  });

  for (const { name, text } of sampleFiles()) {
    it(`${name}: reparses to the same AST, keeps every comment, and is idempotent`, async (t) => {
      const doc = await parse(text);
      if (doc.syntaxDiagnostics.length > 0) {
        t.skip('the sample has syntax errors');
        return;
      }
      const printed = printDocument(doc.ast, doc.comments, doc.text);
      const again = await parse(printed);
      assert.deepEqual(again.syntaxDiagnostics, [], printed);
      assert.deepEqual(shape(again.ast), shape(doc.ast));
      assert.deepEqual(commentTexts(again.comments), commentTexts(doc.comments));
      assert.equal(printDocument(again.ast, again.comments, again.text), printed);
    });
  }
});

describe('printer: canonical form', () => {
  it('leaves canonical text (the example of the spec) unchanged', async () => {
    const text = readRepoFile('examples', 'orders.wst');
    assert.equal(await format(text), text);
  });

  it('normalises spacing, operators, types, else and blank lines', async () => {
    const messy = [
      'use  math . { round ,clamp } ;',
      'type  Pair{a:map< string,list< number > >,b : string ?,}',
      'fn   f( x:number,y = 2 ) :number{',
      '  let   a:number=x+y*2;',
      '',
      '',
      '',
      '  if a>1 and not (x==y) or false{ return a;}',
      '  else if a<0 {a-=1;} else {',
      '  while x<10{x=x+1;}}',
      '  for i in range(3){print(i,"s");}',
      '  let o={k:1,l:[1,2,],};',
      '  const g=fn(v)=>v%2;',
      '  return;}',
      '@performance( cache,reason:"r" ,confidence:0.5)',
      'async fn h(){await f(1);}',
      'print(null,true,1.50,"\\u0041");',
    ].join('\n');
    const expected = [
      'use math.{round, clamp};',
      '',
      'type Pair { a: map<string, list<number>>, b: string? }',
      '',
      'fn f(x: number, y = 2): number {',
      '  let a: number = x + y * 2;',
      '',
      '  if a > 1 && !(x == y) || false {',
      '    return a;',
      '  } else if a < 0 {',
      '    a -= 1;',
      '  } else {',
      '    while x < 10 {',
      '      x = x + 1;',
      '    }',
      '  }',
      '  for i in range(3) {',
      '    print(i, "s");',
      '  }',
      '  let o = { k: 1, l: [1, 2] };',
      '  const g = fn(v) => v % 2;',
      '  return;',
      '}',
      '',
      '@performance(cache, reason: "r", confidence: 0.5)',
      'async fn h() {',
      '  await f(1);',
      '}',
      '',
      'print(null, true, 1.50, "\\u0041");',
      '',
    ].join('\n');
    assert.equal(await format(messy), expected);
  });

  it('keeps exactly the parentheses the tree needs', async () => {
    const cases: [string, string][] = [
      ['x = (a - (b - c));', 'x = a - (b - c);'],
      ['x = ((a - b) - c);', 'x = a - b - c;'],
      ['x = (a + b) * c;', 'x = (a + b) * c;'],
      ['x = (a * b) + c;', 'x = a * b + c;'],
      ['x = a + (b * c);', 'x = a + b * c;'],
      ['x = a || (b && c);', 'x = a || b && c;'],
      ['x = (a || b) && c;', 'x = (a || b) && c;'],
      ['x = a < (b < c);', 'x = a < (b < c);'],
      ['x = -(a + b);', 'x = -(a + b);'],
      ['x = - (-a);', 'x = -(-a);'],
      ['x = not (a == b);', 'x = !(a == b);'],
      ['x = (-a).b;', 'x = (-a).b;'],
      ['x = (await f)();', 'x = (await f)();'],
      ['x = await (f());', 'x = await f();'],
      ['x = (fn(y) => y)(1);', 'x = (fn(y) => y)(1);'],
      ['x = (a + b)[0];', 'x = (a + b)[0];'],
      ['x = f(a)(b).c[d];', 'x = f(a)(b).c[d];'],
      ['x = a - -b;', 'x = a - -b;'],
      ['x = (a) == (b != c);', 'x = a == (b != c);'],
    ];
    for (const [source, expected] of cases) assert.equal(await format(source), `${expected}\n`, source);
  });

  it('prints hand-built trees: escapes strings, spells numbers as JavaScript does, parenthesises by precedence', () => {
    const at: Span = { start: { line: 0, column: 0 }, end: { line: 0, column: 0 }, startOffset: 0, endOffset: 0 };
    let next = 1;
    const base = () => ({ id: `node_${next++}`, span: at });
    const id = (name: string): Expression => ({ type: 'Identifier', name, ...base() });
    const lit = (value: number | string | boolean | null, raw = ''): Expression => ({ type: 'Literal', value, raw, ...base() });
    const bin = (operator: '-' | '*', left: Expression, right: Expression): Expression => ({ type: 'BinaryExpression', operator, left, right, ...base() });
    const statement = (expression: Expression): Statement => ({ type: 'ExpressionStatement', expression, annotations: [], ...base() });
    const program: Program = {
      type: 'Program',
      ...base(),
      children: [
        statement(bin('-', id('a'), bin('-', id('b'), id('c')))),
        statement(bin('*', bin('-', id('a'), id('b')), lit(-2))),
        statement(lit('say "hi"\n\\')),
        statement(lit(1e21)),
        statement(lit(0.5, '1.50')), // raw that no longer spells the value is not used
        statement(lit(1.5, '1.50')),
        { type: 'ErrorNode', text: 'let = ;', ...base() },
      ],
    };
    assert.equal(
      printDocument(program),
      ['a - (b - c);', '(a - b) * -2;', '"say \\"hi\\"\\n\\\\";', '1e+21;', '0.5;', '1.50;', 'let = ;', ''].join('\n'),
    );
  });

  it('keeps a document’s \\r\\n line breaks', async () => {
    const doc = await parse('fn f() {\r\n  /* a\r\n     b */\r\n  a();\r\n}\r\n');
    assert.equal(printDocument(doc.ast, doc.comments, doc.text), 'fn f() {\r\n  /* a\r\n     b */\r\n  a();\r\n}\r\n');
  });

  it('spells types canonically', () => {
    assert.equal(printType('map< string ,list< number > >?'), 'map<string, list<number>>?');
    assert.equal(printType(' ( Item ) ? '), '(Item)?');
    assert.equal(printType('list<'), 'list<', 'not a type: left as written');
  });

  it('prints one node at a given indentation (first line unindented)', async () => {
    const doc = await parse('fn f() {\n  if a {\n    b();\n  }\n}\n');
    const body = doc.ast.children[0] as Extract<Node, { type: 'FunctionDeclaration' }>;
    const printed = printNode(body.body.statements[0], { indent: '    ', comments: doc.comments, source: doc.text });
    assert.equal(printed, 'if a {\n      b();\n    }');
  });
});

describe('printer: comments', () => {
  it('keeps leading, trailing, closing-brace and end-of-file comments in their places', async () => {
    const text = [
      '// file header',
      'fn f() {',
      '  // leads a',
      '  let a = 1;  // after a',
      '  /* before the brace */',
      '}   // after f',
      '// end of file',
      '',
    ].join('\n');
    assert.equal(
      await format(text),
      ['// file header', 'fn f() {', '  // leads a', '  let a = 1; // after a', '  /* before the brace */', '} // after f', '// end of file', ''].join('\n'),
    );
  });

  it('keeps a comment between the annotations and the declaration there', async () => {
    const text = '@semantic(pure) // pure\n// the doc\nfn f() {}\n';
    assert.equal(await format(text), text);
  });

  it('lays a list out one item per line when a comment is inside it, and stays stable', async () => {
    const printed = await format('fn f(a: number, // the first\n  b: number) {}\nf(1, /* two */ 2);\n');
    assert.equal(printed, 'fn f(\n  a: number, // the first\n  b: number,\n) {}\n\nf(\n  1, /* two */\n  2,\n);\n');
    assert.equal(await format(printed), printed);
  });

  it('moves a comment from inside an expression to the line above its statement', async () => {
    const printed = await format('fn f() {\n  x = a /* why */ + b;\n}\n');
    assert.equal(printed, 'fn f() {\n  /* why */\n  x = a + b;\n}\n');
  });

  it('keeps at most one blank line inside a block, none after the opening brace', async () => {
    const printed = await format('fn f() {\n\n  a();\n\n\n  // b next\n  b();\n}\n');
    assert.equal(printed, 'fn f() {\n  a();\n\n  // b next\n  b();\n}\n');
  });
});
