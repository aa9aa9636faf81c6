// Half of a character above U+FFFF (a lone surrogate) is what cutting a text by UTF-16 units
// gives, in Whetstone as in JavaScript, and two halves joined make the character again. Each
// operation that takes or makes a text is run on halves in the generated JavaScript (node),
// TypeScript (tsc --strict, then node) and Python (python3), which must write the same bytes: a
// half printed is U+FFFD, as Node writes it. A program that cannot hold a half is written as
// before: no joining helper, Python's own `+`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { prepareProjection, Scratch } from '../helpers/projection';

/** Before every row: a text with a character above U+FFFF in it, and its two halves. */
const PRELUDE = ['let s = "a😀b";', 'let h = s[1];', 'let l = s[2];', 'let t: any = s;'];

interface Row {
  what: string;
  source: string[];
  /** What every target prints, as Node writes it (U+FFFD for a half). */
  prints: string;
  /** The row's source stands without the prelude. */
  alone?: boolean;
}

const ROWS: readonly Row[] = [
  {
    what: 'len',
    source: ['print(len(h), len(l), len(h + l), len(slice(s, 0, 2)), len(split(s, "")), len(t[1]));'],
    prints: '1 1 2 2 4 1\n',
  },
  {
    what: 'an index',
    source: ['print(s[1] == h, (h + l)[0] == h, (h + l)[1] == l, s[0] + s[1] + s[2] == "a😀", t[2] == l, h == "😀", len(s[1] + s[2]));'],
    prints: 'true true true true true false 2\n',
  },
  {
    what: 'slice',
    source: ['print(slice(s, 0, 2) + slice(s, 2) == s, slice(s, 1, 2) == h, slice(s, -2, -1) == l, len(slice(t, 2)), slice(h + l + "x", 1), slice("😀😀", 1, 3) == l + h);'],
    prints: 'true true true 2 \uFFFDx true\n',
  },
  {
    what: 'indexOf',
    source: ['print(indexOf(s, h), indexOf(s, l), indexOf(s, l + "b"), indexOf(h + "x", "x"), indexOf(h, l), indexOf([l, h], h), indexOf(t, h + l), indexOf("😀" + l, l), indexOf("x" + h, h));'],
    prints: '1 2 2 1 -1 1 1 1 1\n',
  },
  {
    what: 'split',
    source: ['print(split(s, ""), split(s, l), split(s, h), split(h + "," + l, ","), split(s, h + l), split(s, "")[1] == h, split("😀😀", l + h));'],
    prints: '["a", "\\ud83d", "\\ude00", "b"] ["a\\ud83d", "b"] ["a", "\\ude00b"] ["\\ud83d", "\\ude00"] ["a", "b"] true ["\\ud83d", "\\ude00"]\n',
  },
  {
    what: 'includes',
    source: ['print(includes(s, h), includes(s, l + "b"), includes("ab", h), includes([h], s[1]), includes(h + l, "😀"), includes(t, l), includes(l + "x", l));'],
    prints: 'true true false true true true true\n',
  },
  {
    what: 'join',
    source: ['print(join(split(s, ""), "") == s, join([h, l], "") == "😀", len(join([h, l], "-")), join(["x", h], "") + l, join(reversed(split(s, "")), ""));'],
    prints: 'true true 3 x😀 b\uFFFD\uFFFDa\n',
  },
  {
    what: '== and order',
    source: ['print(h + l == "😀", h == l, h < l, h < "a", h < "～", "～" < h + l, l > h + l, h + l < "😀x", h <= h, t < h);'],
    prints: 'true false true false true false true true true true\n',
  },
  {
    what: 'sort',
    source: ['let xs = [l, "～", h + l, "a", h, "😀"];', 'sort(xs);', 'print(xs, sorted([l, h])[0] == h, xs[2] == "😀");'],
    prints: '["a", "\\ud83d", "😀", "😀", "\\ude00", "～"] true true\n',
  },
  {
    what: 'map keys',
    source: ['let m: map<string, number> = {};', 'm[h + l] = 1;', 'm[h] = 2;', 'm["😀"] = m["😀"] + 10;', 'print(m["😀"], len(keys(m)), keys(m)[0] == "😀", m[s[1]], includes(m, h), includes(m, l));'],
    prints: '11 2 true 2 true false\n',
  },
  {
    what: 'print',
    source: ['print(h);', 'print(h, l);', 'print("x" + h, l + "y");', 'print(h + l, t[1]);'],
    prints: '\uFFFD\n\uFFFD \uFFFD\nx\uFFFD \uFFFDy\n😀 \uFFFD\n',
  },
  {
    what: 'str',
    source: ['print([h, l], str([h + l, h]), { k: h }, str(h) == h, [[l]]);'],
    prints: '["\\ud83d", "\\ude00"] ["😀", "\\ud83d"] {k: "\\ud83d"} true [["\\ude00"]]\n',
  },
  {
    what: 'jsstr',
    source: ['let m: map<string, number> = {};', 'm[h] = 1;', 'print(jsstr([h, l, h + l, "x"]), jsstr({ k: l }), jsstr(h), jsstr(m), jsstr([h + "\'"]));'],
    prints: '[ \'\\ud83d\', \'\\ude00\', \'😀\', \'x\' ] { k: \'\\ude00\' } \uFFFD { \'\\ud83d\': 1 } [ "\\ud83d\'" ]\n',
  },
  {
    what: 'pystr',
    source: ['let m: map<string, string> = {};', 'm[l] = h;', 'print(pystr([h, l, h + l]), pystr(h), pystr(m));'],
    prints: '[\'\\ud83d\', \'\\ude00\', \'😀\'] \uFFFD {\'\\ude00\': \'\\ud83d\'}\n',
  },
  {
    what: 'reversing by units',
    source: ['let r = "";', 'for i in range(len(s)) {', '  r = s[i] + r;', '}', 'let back = "";', 'for i in range(len(r)) {', '  back = r[i] + back;', '}', 'let count = 0;', 'for c in h + l {', '  count += 1;', '}', 'let halves = 0;', 'for c in l + h {', '  halves += 1;', '}', 'print(r, len(r), back == s, count, halves, join(reversed(back), ""));'],
    prints: 'b\uFFFD\uFFFDa 4 true 1 2 b😀a\n',
  },
  {
    what: 'building a text',
    source: ['let built = "";', 'for i in range(len(s)) {', '  built += s[i];', '}', 'let rebuilt = "";', 'for i in range(len(s)) {', '  rebuilt = rebuilt + s[i];', '}', 'type Box { text: string }', 'let box: Box = { text: "" };', 'box.text += h;', 'box.text += l;', 'let parts = [h];', 'parts[0] += l;', 'print(built == s, rebuilt == s, len(built), built, box.text == "😀", parts[0] == "😀");'],
    prints: 'true true 4 a😀b true true\n',
  },
  {
    what: 'any',
    source: ['let u: any = h;', 'let v: any = l;', 'let w: any = "";', 'w += u;', 'w += v;', 'print(u + v == "😀", len(u + v), w == "😀");'],
    prints: 'true 2 true\n',
  },
  {
    what: 'num and int',
    source: ['print(num(h), int(l), num(h + l), int(h + "1"));'],
    prints: 'NaN NaN NaN NaN\n',
  },
  {
    what: 'a function',
    source: ['fn glue(a: string, b: string): string {', '  return a + b;', '}', 'print(glue(h, l) == "😀", glue(slice(s, 0, 2), slice(s, 2)));'],
    prints: 'true a😀b\n',
  },
  {
    what: 'halves written as escapes',
    alone: true,
    source: ['let hi = "\\uD83D";', 'let lo = "\\uDE00";', 'print(hi + lo == "😀", len(hi), hi + lo, lo + hi, [hi], indexOf("😀", lo), split("a😀b", hi));'],
    prints: 'true 1 😀 \uFFFD\uFFFD ["\\ud83d"] 1 ["a", "\\ude00b"]\n',
  },
];

const TARGETS = ['javascript', 'typescript', 'python'] as const;
type Target = (typeof TARGETS)[number];

describe('half of a character above U+FFFF in every target, as JavaScript has it', () => {
  let scratch: Scratch;
  /** Each row's generated program per target: the file to run, and its code. */
  const programs = new Map<Row, Record<Target, { file: string; code: string }>>();

  /** The Python generated from `source`, which checks without an error. */
  const python = (source: string): string => {
    const doc = WhetstoneDocument.create(source, 1);
    try {
      assert.deepEqual(analyze(doc.ast).diagnostics.filter((d) => d.severity === 'error'), [], source);
      return generate(doc.ast, 'python').code;
    } finally {
      doc.dispose();
    }
  };

  before(async () => {
    await prepareProjection('whetstone');
    scratch = new Scratch('halves');
    const typescript: string[] = [];
    ROWS.forEach((row, index) => {
      const source = [...(row.alone ? [] : PRELUDE), ...row.source, ''].join('\n');
      const doc = WhetstoneDocument.create(source, 1);
      try {
        assert.deepEqual([...doc.syntaxDiagnostics, ...analyze(doc.ast).diagnostics].filter((d) => d.severity === 'error'), [], source);
        const files = {} as Record<Target, { file: string; code: string }>;
        for (const target of TARGETS) {
          const generated = generate(doc.ast, target);
          assert.deepEqual(generated.diagnostics, [], `${row.what}, ${target}`);
          const extension = { javascript: 'js', typescript: 'ts', python: 'py' }[target];
          const file = scratch.write(`row${index}.${extension}`, generated.code);
          files[target] = { file: target === 'typescript' ? join(scratch.dir, 'out', `row${index}.js`) : file, code: generated.code };
          if (target === 'typescript') typescript.push(file);
        }
        programs.set(row, files);
      } finally {
        doc.dispose();
      }
    });
    // One strict compile of every row's TypeScript.
    const compiled = scratch.tsc(typescript);
    assert.equal(compiled.status, 0, compiled.stdout);
  });
  after(() => scratch.dispose());

  for (const row of ROWS) {
    it(`${row.what}: the same bytes in JavaScript, TypeScript and Python`, () => {
      const expected = Buffer.from(row.prints, 'utf8');
      for (const target of TARGETS) {
        const { file, code } = programs.get(row)![target];
        // The bytes as written: a half printed otherwise than as U+FFFD would not decode the same.
        const ran = spawnSync(target === 'python' ? 'python3' : process.execPath, [file], { cwd: scratch.dir, timeout: 120_000 });
        assert.equal(ran.status, 0, `${target}: ${String(ran.stderr)}\n${code}`);
        assert.ok(ran.stdout.equals(expected), `${target} wrote ${JSON.stringify(String(ran.stdout))}, not ${JSON.stringify(row.prints)}\n${code}`);
      }
    });
  }

  it('a program that cannot hold a half is written without the joining helpers, its texts joined by Python\'s own +', () => {
    const code = python(
      [
        'let words = split("a b😀", " ");',
        'let out = "";',
        'for w in words {',
        '  out += w + "!";',
        '}',
        'let both = words[0] + out;',
        'print(out, len(out), indexOf(out, "b"), includes(out, "a"), join(words, "-"), [both], slice(words, 1));',
      ].join('\n') + '\n',
    );
    for (const helper of ['concat', 'paired', 'halves_written', 'reconfigure', 're.sub']) assert.ok(!code.includes(helper), `${helper} in:\n${code}`);
    assert.match(code, /^ {4}out \+= w \+ "!"$/m);
    assert.match(code, /^both = words\[0\] \+ out$/m);
    assert.match(code, /return json\.dumps\(value, ensure_ascii=False\) if nested else value/);
  });

  it('a program that cuts texts joins them through concat only where halves may meet, and keeps Python\'s += (which grows a text in place) for a text a name holds', () => {
    const code = python(
      [
        'fn backwards(s: string): string {',
        '  let r = "";',
        '  for i in range(len(s)) {',
        '    r += s[len(s) - 1 - i];',
        '  }',
        '  return r;',
        '}',
        'fn counted(s: string): string {',
        '  let out = "";',
        '  for i in range(len(s)) {',
        '    out += str(i) + s[i];',
        '    out = out + "," + str(len(out));',
        '  }',
        '  return out;',
        '}',
        'let a = backwards("ab");',
        'print(a + counted(a), "<" + a + ">");',
      ].join('\n') + '\n',
    );
    assert.match(code, /^ {8}if "\\ud800" <= r\[-1:\] < "\\udc00":\n {12}r = concat\(r, item_at\(s, length_of\(s\) - 1 - i\)\)\n {8}else:\n {12}r \+= item_at\(s, length_of\(s\) - 1 - i\)$/m);
    // A text that starts with the digits of a number, or joins a literal without a half at that end, needs no concat.
    assert.match(code, /^ {8}out \+= show\(i\) \+ item_at\(s, i\)$/m);
    assert.match(code, /^ {8}out = out \+ "," \+ show\(length_of\(out\)\)$/m);
    assert.match(code, /print\(concat\(a, counted\(a\)\), "<" \+ a \+ ">"\)/);
  });
});
