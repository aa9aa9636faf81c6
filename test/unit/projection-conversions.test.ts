// The source languages' conversions to a number (JavaScript's Number, parseFloat, parseInt;
// Python's float, int) read some texts otherwise than Whetstone's num and int. On a literal the
// import decides them with the source's own meaning; on a number they keep it; on a text the
// import cannot see they are an error naming the construct and its line. Each kept conversion is
// run in the source and in the generated JavaScript, TypeScript (tsc --strict) and Python.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { isRunGap, prepareProjection, Scratch } from '../helpers/projection';

describe('projection: conversions to a number', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('conversions');
  });
  after(() => scratch.dispose());

  // What the run of a Python program at import did not check is tested in projection-python-run-gaps.
  const importErrors = (source: string, language: 'javascript' | 'python'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error' && !isRunGap(d.message))
      .map((d) => `${d.line}: ${d.message}`);

  it("JavaScript's Number, parseFloat and parseInt of awkward literal texts are decided at import with JavaScript's meaning", () => {
    scratch.keepsItsMeaning(
      'console.log(Number(""), Number("0x10"), Number("0b101"), Number("  7 "), Number("1e3"), Number("12px"), Number(null), Number(true));\n' +
        'console.log(parseFloat("12px"), parseFloat("  .5e1x"), parseFloat("0x10"), parseFloat(""), parseFloat("-Infinityx"));\n' +
        'console.log(parseInt("08"), parseInt("0x10"), parseInt(" -42abc", 10), parseInt("ff", 16), parseInt("12.9"), parseInt(""), parseInt(1e21), parseInt(0.0000005));\n' +
        'console.log(Number("Infinity") > 1e308, Number("x") !== Number("x"), parseInt("9007199254740993") === 9007199254740992);\n',
      'javascript',
      /print\(0, 16, 5, 7, 1000, num\("NaN"\), 0, 1\);\nprint\(12, 5, 0, num\("NaN"\), num\("-Infinity"\)\);\nprint\(8, 16, -42, 255, 12, num\("NaN"\), 1, 5\);/,
    );
  });

  it("Python's float and int of awkward literal texts are decided at import with Python's meaning", () => {
    scratch.keepsItsMeaning(
      'print(int(" 7 "), int("-1_000"), int("+0"), int(3.9), int(-3.9), int(True))\n' +
        'print(int(float("1_000")), int(float(" 2.5e1 ")), int(float(".5e1")), int(float("1.")))\n' +
        'print(float("inf") > 1e308, float("-Infinity") < -1e308, float("nan") != float("NaN"))\n',
      'python',
      /print\(7, -1000, 0, 3, -3, 1\);\nprint\(int\(num\("1000"\)\), int\(num\("25"\)\), int\(num\("5"\)\), int\(num\("1"\)\)\);/,
    );
  });

  it('a conversion of a number keeps its meaning: Number(n), parseFloat(n) and float(n) are n, int(n) is int', () => {
    scratch.keepsItsMeaning('function half(n) {\n  return Number(Math.abs(n)) / 2 + parseFloat(n * 2);\n}\nconsole.log(half(3), half(-8));\n', 'javascript', /return abs\(n\) \/ 2 \+ n \* 2;/);
    scratch.keepsItsMeaning('def whole(x: float) -> int:\n    return int(float(x) * 2)\n\n\nprint(whole(2.75), whole(-1.3))\n', 'python', /return int\(x \* 2\);/);
  });

  it('a conversion of a text not known at import is an error naming it, its line and why', () => {
    const js = importErrors('function read(text) {\n  return Number(text);\n}\nconst s = "12px";\nconsole.log(read(s), parseFloat(s));\nconsole.log(parseInt(s), parseInt(read("1"), 1));\nconsole.log(parseInt("7", s.length));\n', 'javascript');
    assert.deepEqual(js, [
      `2: Not carried into Whetstone: Number(…) of a value not known at import to be a number: JavaScript's Number reads "" as 0 and "0x10" as 16, where Whetstone's num gives NaN`,
      `5: Not carried into Whetstone: parseFloat(…) of a value not known at import to be a number: JavaScript's parseFloat reads the number at the start of a text ("12px" is 12), where Whetstone's num gives NaN`,
      `6: Not carried into Whetstone: parseInt(…) of a value not known at import (JavaScript's parseInt reads the digits at the start of a text ("12px" is 12, "0x10" 16) and a number through its text (1e21 is 1), where Whetstone's int gives NaN or the number) has no Whetstone form`,
      '6: Not carried into Whetstone: parseInt(…) with a radix other than a whole number from 2 to 36 (JavaScript reads 0 as 10, others as NaN) has no Whetstone form',
      '7: Not carried into Whetstone: parseInt(…) with a radix that is not a number literal (it is read as a number when the program runs) has no Whetstone form',
    ]);
    const py = importErrors('def read(text):\n    return float(text)\n\n\ns = "1_000"\nprint(read(s), int(s))\nprint(int(float("x")))\nprint(int("１"), int("99999999999999999999"))\n', 'python');
    assert.deepEqual(py, [
      `2: Not carried into Whetstone: float(…) of a value not known at import to be a number: Python's float reads "1_000", "inf" and "nan" and raises ValueError for other texts, where Whetstone's num gives NaN`,
      // read(s) is a float (1000.0 in Python) shown by print.
      '6: Not carried into Whetstone: a value shown by print here would print differently: it may be a float, which Python shows with its decimal point (4 / 2 is 2.0) and Whetstone as a whole number (2)',
      // int(s) of a text is pyInt(s), Python's reading.
      '7: Not carried into Whetstone: float("x") (it raises ValueError in Python) has no Whetstone form',
      '8: Not carried into Whetstone: int("１") (a text with characters outside ASCII, which Python reads by Unicode rules) has no Whetstone form',
      "8: Not carried into Whetstone: int(\"99999999999999999999\") (a whole number from 2^53, which Python keeps exact and Whetstone's numbers cannot) has no Whetstone form",
    ]);
  });
});
