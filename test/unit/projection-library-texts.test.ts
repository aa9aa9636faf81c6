// The text built-ins (upper, lower, trim, trimStart, trimEnd, startsWith, endsWith, replace,
// countOf, substring, padStart, padEnd, charCodeAt, charAt, fromCharCode), imported from JavaScript's and Python's string methods, checked, generated
// into JavaScript, TypeScript (tsc --strict) and Python and run: each prints what the source
// prints, at the edges where the languages differ (ß and a final Σ, characters Unicode cased after
// Python's tables, the two whitespace sets, an empty text replaced or counted beside a character
// above U+FFFF, substring's swapped, negative, fractional and NaN bounds), or the import is an
// error naming the construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection library: texts', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library-texts');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string, language: 'javascript' | 'python'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it("JavaScript's case, trim, startsWith, endsWith, replaceAll and substring keep their meaning in every target", () => {
    scratch.keepsItsMeaning(
      'const words = ["Straße", "ΟΔΟΣ ΣΑΣ", "ǅemal", "\\u019b\\u0264 \\u{10D50}", "İ"];\nfor (const w of words) console.log(w.toUpperCase(), w.toLowerCase());\n' +
        'const blanks = ["\\uFEFF a \\u3000", "\\u0085b\\u001c", "\\t\\n c\\u2028\\u00a0", ""];\nfor (const b of blanks) console.log("[" + [b.trim(), b.trimStart(), b.trimEnd(), b.trimLeft(), b.trimRight()].join("|") + "]");\n' +
        'const url = "https://example.org/a😀b";\nconsole.log(url.startsWith("https:"), url.startsWith(""), url.endsWith("😀b"), url.endsWith("a"), "".endsWith(""));\n' +
        'console.log("a-b--c".replaceAll("-", "+"), "aaaa".replaceAll("aa", "b"), "x😀y😀".replaceAll("😀", "_"), "nothing".replaceAll("z", "q"));\n' +
        'const count = 42;\nconsole.log(count.toString().trim() + "!");\n' +
        'const s = "hello😀";\nconsole.log(s.substring(3, 1), s.substring(-2, 2), s.substring(2), s.substring(1.7, 100), s.substring(0 / 0, 2), s.substring(5, 1 / 0), s.substring(7, 5).length);\n',
      'javascript',
      /print\(upper\(w\), lower\(w\)\);[^]*trim\(b\), trimStart\(b\), trimEnd\(b\), trimStart\(b\), trimEnd\(b\)[^]*startsWith\(url, "https:"\)[^]*endsWith\(url, "😀b"\)[^]*replace\("a-b--c", "-", "\+"\)[^]*substring\(s, 3, 1\)/,
    );
  });

  it("JavaScript's replace and replaceAll of other than text literals (a non-empty old one for replaceAll) by a text literal without $ are errors at import", () => {
    const errors = importErrors('const s = "a-b";\nconst t = "-";\nconsole.log(s.replace(t, "+"));\nconsole.log(s.replaceAll("-", "$&"));\nconsole.log(s.replaceAll("", "+"));\nconsole.log(s.replaceAll(t, "+"));\nconsole.log(s.replace(/-/g, "+"));\n', 'javascript');
    assert.deepEqual(
      errors.filter((error) => /replace/.test(error)).map((error) => error.replace(/ \(.*$/, '')),
      ['3: Not carried into Whetstone: replace(…) of other than a text literal by a text literal without $', '4: Not carried into Whetstone: replaceAll(…) of other than a non-empty text literal by a text literal without $ has no Whetstone form', '5: Not carried into Whetstone: replaceAll(…) of other than a non-empty text literal by a text literal without $ has no Whetstone form', '6: Not carried into Whetstone: replaceAll(…) of other than a non-empty text literal by a text literal without $ has no Whetstone form', '7: Not carried into Whetstone: replace(…) of other than a text literal by a text literal without $'],
      errors.join('\n'),
    );
  });

  it("Python's upper, lower, strip, lstrip, rstrip, startswith, endswith, replace and count keep their meaning in every target", () => {
    scratch.keepsItsMeaning(
      'def normalise(word):\n    return word.strip().lower()\n\n\nwords = ["  Straße ", "ΟΔΟΣ ΣΑΣ", "\\tǅemal\\n", "\\u3000x\\u2028"]\nfor w in words:\n    print(normalise(w), w.upper(), "[" + w.lstrip() + "]", "[" + w.rstrip() + "]")\n' +
        'text = "a😀b😀"\nprint(text.replace("", "|"), text.replace("😀", "-"), "aaaa".replace("aa", "b"), "".replace("", "x"))\n' +
        'print(text.count(""), text.count("😀"), "aaaa".count("aa"), "".count(""), "abc".count("d"))\n' +
        'print(text.startswith("a😀"), text.endswith("b"), "".startswith(""), "ab".endswith("abc"))\n',
      'python',
      /return lower\(trim\(word\)\);[^]*upper\(w\), "\[" \+ trimStart\(w\)[^]*trimEnd\(w\)[^]*replace\(text, "", "\|"\)[^]*countOf\(text, ""\)[^]*startsWith\(text, "a😀"\) \? "True" : "False", endsWith\(text, "b"\)/,
    );
  });

  it('Python strip or case of a text its run at import meets a character the two languages take otherwise is an error there; unreached, it is one too', () => {
    const stripped = importErrors('t = "x\\x85"\nprint(t.strip())\n', 'python');
    assert.ok(stripped.some((error) => /^2: .*strips a text here whose ends hold a character one of Python's strip and Whetstone's trim takes off/.test(error)), stripped.join('\n'));
    const bom = importErrors('t = "\\ufeffx"\nprint(t.lstrip())\n', 'python');
    assert.ok(bom.some((error) => /^2: .*strips a text here/.test(error)), bom.join('\n'));
    const cased = importErrors('t = "\\u019b"\nprint(t.upper())\n', 'python');
    assert.ok(cased.some((error) => /^2: .*changes the case of a text here that holds a character whose case .* Unicode gave after version 14\.0/.test(error)), cased.join('\n'));
    const unreached = importErrors('def shout(t):\n    return t.upper()\n\n\nprint("x")\n', 'python');
    assert.ok(unreached.some((error) => /never reached the function shout.*a text's case changed or blanks stripped/.test(error)), unreached.join('\n'));
    const tuple = importErrors('print("ab".startswith(("a", "b")))\n', 'python');
    assert.ok(tuple.some((error) => /the method '\.startswith' is outside the projection's library tables/.test(error)), tuple.join('\n'));
  });

  it('the text built-ins mean the same in every target over every whitespace character, an empty old text and late-cased characters', () => {
    const spaces = [0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x180e, 0x2000, 0x200a, 0x200b, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff].map((code) => String.fromCharCode(code));
    const cased = ['ƛ ɤ ꟋꟌ 𐵐 ß ŉ ǅ', 'Ƛ Ꞔ ꟋꟌ 𐵐 ǅ İ', 'ΑΣ Σ ΣΑ', 'ÀÉÎ'];
    const source =
      `let spaces = [${spaces.map((space) => JSON.stringify(space)).join(', ')}];\nlet kept = [];\nfor s in spaces {\n  push(kept, len(trim(s + "x" + s)));\n  push(kept, len(trimStart(s + "x" + s)) * 10 + len(trimEnd(s + "x" + s)));\n}\nprint(kept);\n` +
      'let e = "";\nprint(replace("a😀b", e, "|"), replace("", e, "-"), replace("a$b", "$", "$$"), countOf("a😀b", e), countOf("😀😀😀", "😀"));\n' +
      `let cased = [${cased.map((text) => JSON.stringify(text)).join(', ')}];\nfor c in cased {\n  print(upper(c), lower(c));\n}\n` +
      'let zero = 0;\nprint(substring("abc", zero / zero), substring("abc", 2, -1), substring("abc", 1 / zero, 0), substring("😀", 2, 0) == "😀");\n';
    // What JavaScript's own string methods give.
    const kept = spaces.flatMap((space) => {
      const text = `${space}x${space}`;
      return [text.trim().length, text.trimStart().length * 10 + text.trimEnd().length];
    });
    const expected = `[${kept.join(', ')}]\n|a|😀|b| - a$$b 4 3\n${cased.map((text) => `${text.toUpperCase()} ${text.toLowerCase()}\n`).join('')}abc ab abc true\n`;
    assert.equal(kept.filter((length) => length === 1).length, 16, 'the 16 of these that are JavaScript whitespace');
    scratch.printsInEveryTarget(source, expected);
  });

  it("JavaScript's padStart, padEnd, charCodeAt and String.fromCharCode keep their meaning in every target, at their edges", () => {
    scratch.keepsItsMeaning(
      'const n = "42";\nconsole.log(n.padStart(5, "0"), n.padEnd(5, "*"), n.padStart(7, "ab"), n.padStart(1, "x"), "[" + n.padStart(5.9) + "]", "[" + n.padEnd(4) + "]", n.padStart(5, ""), n.padStart(0 / 0, "z"), "😀".padStart(4, "ab"));\n' +
        'const word = "a😀";\nconsole.log(word.charCodeAt(0), word.charCodeAt(1), word.charCodeAt(2), word.charCodeAt(3), word.charCodeAt(), word.charCodeAt(-0.5), word.charCodeAt(-1), word.charCodeAt(1.9), word.charCodeAt(0 / 0), word.charCodeAt(1 / 0));\n' +
        'console.log(String.fromCharCode(65), String.fromCharCode(65 + 65536), String.fromCharCode(-65439), String.fromCharCode(66.7), String.fromCharCode(0 / 0).charCodeAt(0), String.fromCharCode(233));\n',
      'javascript',
      /padStart\(n, 5, "0"\), padEnd\(n, 5, "\*"\)[^]*charCodeAt\(word, 0\)[^]*charCodeAt\(word\)[^]*fromCharCode\(65\)/,
    );
  });

  it("JavaScript's charAt is charAt: a UTF-16 unit, \"\" outside the text (negative too), a fraction truncated, NaN as 0, in every target", () => {
    scratch.keepsItsMeaning(
      [
        'function titleCase(sentence) {',
        '  return sentence',
        '    .split(" ")',
        '    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())',
        '    .join(" ");',
        '}',
        'function around(s, i) {',
        '  return "[" + s.charAt(i - 1) + s.charAt(i) + s.charAt(i + 1) + "]";',
        '}',
        'const word = "héllo";',
        'console.log(titleCase("the QUICK brown fOX"), titleCase(""), titleCase("a  b"));',
        'console.log(around(word, 0), around(word, 4), around(word, -1), around(word, 99));',
        'console.log(word.charAt(), word.charAt(1.9), word.charAt(-0.5), word.charAt(NaN), word.charAt(-1), word.charAt(Infinity), "".charAt(0) === "");',
        'console.log("x😀y".charAt(1) === "\\ud83d", "x😀y".charAt(3), "x😀y".charAt(1).length);',
        'console.log("x😀y".charAt(2), ["a😀".charAt(1)]);',
        '',
      ].join('\n'),
      'javascript',
      /upper\(charAt\(w, 0\)\) \+ lower\(slice\(w, 1\)\)[^]*charAt\(s, i - 1\)[^]*charAt\(word\)/,
    );
  });

  it("Python's rjust, ljust, ord and chr keep their meaning in every target below U+10000; above it, or where Python raises, the run at import reports it", () => {
    scratch.keepsItsMeaning(
      'def code_table(word: str) -> str:\n    line = ""\n    for ch in word:\n        line += str(ord(ch)).rjust(5, "0") + " "\n    return line.rstrip()\n\n\nfor n in [7, 42, 12345]:\n    print(str(n).rjust(4), str(n).rjust(4, "0"), str(n).ljust(6, ".") + "|")\n' +
        'print(code_table("aé€"), chr(65), chr(233), chr(ord("a") + 1), "é".rjust(3, "ü"))\n',
      'python',
      /padStart\(str\(charCodeAt\(ch, 0\)\), 5, "0"\)[^]*padStart\(str\(n\), 4\)[^]*padEnd\(str\(n\), 6, "\."\)[^]*fromCharCode\(65\)/,
    );
    for (const [source, line] of [
      ['print(ord("😀"))\n', 1],
      ['print(chr(128512))\n', 1],
      ['print("x".rjust(3, "😀"))\n', 1],
      ['t = "😀"\nprint(t.ljust(4) + "|")\n', 2],
    ] as const) {
      const errors = importErrors(source, 'python');
      assert.ok(errors.some((error) => new RegExp(`^${line}: .*holds a character above U\\+FFFF`).test(error)), `${source}${errors.join('\n')}`);
    }
    const raises = importErrors('print(ord("ab"))\n', 'python');
    assert.ok(raises.some((error) => /^1: .*the run of the program at import stopped here \(Python raises an error here/.test(error)), raises.join('\n'));
  });

  it('the text built-ins check their arguments', () => {
    const doc = WhetstoneDocument.create('let n = 5;\nprint(upper(n));\nprint(startsWith("a", 1));\nprint(substring("ab", "1"));\n', 1);
    try {
      assert.deepEqual(
        analyze(doc.ast)
          .diagnostics.filter((d) => d.severity === 'error')
          .map((d) => `${d.line}: ${d.message}`),
        [
          "2: Argument of type number is not assignable to parameter 'text' of type string",
          "3: Argument of type number is not assignable to parameter 'prefix' of type string",
          "4: Argument of type string is not assignable to parameter 'start' of type number",
        ],
      );
    } finally {
      doc.dispose();
    }
  });
});
