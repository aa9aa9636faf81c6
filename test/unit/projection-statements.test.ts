// Statements real code uses: chained assignment (`a = b = 0`), JavaScript for loops that are not
// counted ranges (continue, two counters, no test, a counter the body changes), do … while with
// continue, switch without fallthrough, an increment inside a statement (`arr[n++] = v`),
// Python's else on loops and match on literals. Each is imported, checked, and run in every target against the source;
// where the lowering would change the meaning, the import is an error naming why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

/** The import errors of `source`, as `line: message`. */
function importErrors(source: string, language: 'javascript' | 'python'): string[] {
  return importSource(source, language)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.line}: ${d.message}`);
}

describe('statements real code uses', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('statements');
  });
  after(() => scratch.dispose());

  it('JavaScript chained assignment: the innermost target first, each other one from the target on its right', () => {
    const source = `function sieve(n) {
  const isPrime = new Array(n + 1).fill(true);
  isPrime[0] = isPrime[1] = false;
  for (let i = 2; i * i <= n; i++) {
    if (!isPrime[i]) continue;
    for (let j = i * i; j <= n; j += i) isPrime[j] = false;
  }
  const out = [];
  for (let i = 0; i <= n; i++) if (isPrime[i]) out.push(i);
  return out;
}
let a = 1;
let b = 2;
a = b = a + 10;
let c;
let d = c = -0.5;
const grid = [[0, 0], [0, 0]];
grid[0][1] = grid[1][0] = Math.max(a, 3);
console.log(sieve(30).join(" "), sieve(1).length, sieve(2).join(" "));
console.log(a, b, c, d, grid[0][1], grid[1][0], grid[0][0]);
`;
    scratch.keepsItsMeaning(source, 'javascript', /isPrime\[1\] = false;\n\s*isPrime\[0\] = isPrime\[1\];[^]*b = a \+ 10;\n\s*a = b;[^]*c = -0\.5;\n\s*let d = c;/);
  });

  it('a JavaScript chained assignment whose lowering would change the order is an error saying why', () => {
    const errors = importErrors('let i = 0;\nconst xs = [1, 2, 3];\nxs[i] = i = 2;\nfunction f() { return 1; }\nconst ys = [0, 0];\nys[0] = ys[1] = f();\nys[f()] = i = 1;\nlet k = xs[0] = f();\n', 'javascript');
    assert.equal(errors.length, 4, errors.join('\n'));
    assert.match(errors[0], /^3: .*chained assignment where i is assigned in it and read by another of its targets/);
    assert.match(errors[1], /^6: .*chained assignment where its value calls a function/);
    assert.match(errors[2], /^7: .*chained assignment where its targets call a function/);
    assert.match(errors[3], /^8: .*a declaration whose value is an assignment where its value calls a function/);
  });

  it('JavaScript for loops that are not counted ranges: continue, two counters, no test, a counter the body changes', () => {
    const source = `function reverse(xs) {
  const a = xs.slice();
  for (let i = 0, j = a.length - 1; i < j; i++, j--) {
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
}
function isPalindrome(s) {
  for (let i = 0, j = s.length - 1; i < j; i++, j--) {
    if (s[i] === s[j]) continue;
    return false;
  }
  return true;
}
function firstOver(xs, limit) {
  let k = 0;
  for (;;) {
    if (k >= xs.length) return -1;
    if (xs[k] > limit) return k;
    k++;
  }
}
function skipPairs(n) {
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (i % 3 === 0) {
      i++;
      continue;
    }
    for (let m = 0; m < 2; m++) {
      if (m === 1) continue;
      total += i;
    }
  }
  return total;
}
function powersBelow(limit) {
  const out = [];
  let p;
  for (p = 1; p < limit; p *= 2) {
    if (p === 4) continue;
    out.push(p);
  }
  return out.join(",") + " " + p;
}
console.log(reverse([1, 2, 3, 4, 5]).join(","), reverse([]).length, reverse([-0]).length);
console.log(isPalindrome("racecar"), isPalindrome("abca"), isPalindrome(""));
console.log(firstOver([1, 5, 9], 4), firstOver([], 4), firstOver([-1], -2));
console.log(skipPairs(10), skipPairs(0), skipPairs(-3));
console.log(powersBelow(40), powersBelow(1));
`;
    scratch.keepsItsMeaning(source, 'javascript', /if s\[i\] == s\[j\] \{\n\s*i \+= 1;\n\s*j -= 1;\n\s*continue;[^]*while true \{/);
  });

  it('a for loop whose let counter a function made in it reads is an error: JavaScript gives each turn its own', () => {
    const errors = importErrors('const fs = [];\nfor (let i = 0, j = 3; i < j; i++, j--) {\n  fs.push(() => i + j);\n}\nconsole.log(fs.length);\n', 'javascript');
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /^2: .*a for loop whose i is read by a function made in it/);
  });

  it('do … while with continue: the test runs before each continue, as JavaScript goes to it', () => {
    const source = `function collatz(n) {
  let steps = 0;
  do {
    if (n <= 1) break;
    if (n % 2 === 0) {
      n = n / 2;
      steps++;
      continue;
    }
    n = 3 * n + 1;
    steps++;
  } while (steps < 1000);
  return steps;
}
function skip(limit) {
  let i = 0;
  let seen = 0;
  do {
    i++;
    if (i % 2 === 0) continue;
    seen += i;
  } while (i < limit);
  return seen;
}
console.log(collatz(27), collatz(1), collatz(-4));
console.log(skip(0), skip(7), skip(8));
`;
    scratch.keepsItsMeaning(source, 'javascript', /if i % 2 == 0 \{\n\s*if !\(i < limit\) \{\n\s*break;\n\s*\}\n\s*continue;/);
  });

  it('a switch whose clauses do not fall through is an if / else if chain on ==', () => {
    const source = `function describe(d) {
  switch (d) {
    case 0:
      return "zero";
    case 1:
    case 2:
      return "small";
    case -1:
      return "minus one";
    default:
      return "other";
  }
}
function apply(a, op, b) {
  let r = 0;
  switch (op) {
    case "+":
      r = a + b;
      break;
    case "-": {
      r = a - b;
      break;
    }
    default:
      r = NaN;
  }
  return r;
}
function kind(c) {
  switch (c.toLowerCase()) {
    case "a": case "e": case "i": case "o": case "u":
      return "vowel";
    case " ":
      return "space";
  }
  return "other";
}
function vowels(s) {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    switch (kind(s[i])) {
      case "vowel":
        count++;
        continue;
      default:
        break;
    }
    count += 100;
  }
  return count;
}
function sign(n) {
  switch (true) {
    case n < 0:
      return "negative";
    case n > 0:
      return "positive";
  }
  return "zero";
}
console.log(describe(0), describe(2), describe(-1), describe(7), describe(NaN));
console.log(sign(-2), sign(0), sign(-0), sign(3), sign(NaN));
console.log(apply(3, "+", 4), apply(3, "-", 4.5), apply(1, "*", 2));
console.log(kind("A"), kind(" "), kind("z"), vowels("Hello World"), vowels(""));
`;
    scratch.keepsItsMeaning(source, 'javascript', /if d == 0 \{[^]*\} else if d == 1 \|\| d == 2 \{[^]*const switched\d+ = lower\(c\);[^]*if true == n < 0 \{/);
  });

  it('a switch that falls through, or breaks before a clause ends, is an error saying so', () => {
    const errors = importErrors(
      'function f(n) {\n  switch (n) {\n    case 1:\n      n += 1;\n    case 2:\n      n += 2;\n      break;\n  }\n  switch (n) {\n    case 3:\n      if (n > 0) break;\n      n = 0;\n      break;\n  }\n  return n;\n}\nconsole.log(f(1));\n',
      'javascript',
    );
    assert.equal(errors.length, 2, errors.join('\n'));
    assert.match(errors[0], /^2: .*a switch where the clause case 1: falls through into the next one/);
    assert.match(errors[1], /^9: .*a switch where a clause has a break before its end/);
  });

  it('an increment inside a statement runs as a statement after it (before it for ++n), or is an error saying why', () => {
    const source = `const arr = new Array(3).fill(0);
let n = 0;
arr[n++] = 5;
arr[n++] = -6;
const xs = [10, 20, 30];
let i = 0;
const first = xs[i++];
const third = xs[++i];
let k = 2;
let total = 0;
total += xs[k--];
console.log(arr.join(","), n, first, third, i, total, k);
`;
    scratch.keepsItsMeaning(source, 'javascript', /arr\[n\] = 5;\n\s*n \+= 1;[^]*i \+= 1;\n\s*const third = xs\[i\];/);
    const errors = importErrors('let i = 0;\nfunction f(v) {\n  return v + i;\n}\nconst xs = [1, 2, 3];\nconst s = xs[i++] + xs[i++];\nxs[i++] = i;\nconst u = f(xs[i++]);\nconst t = i > 0 && xs[i--] > 0;\nconsole.log(xs[i++]);\n', 'javascript');
    assert.equal(errors.length, 4, errors.join('\n'));
    assert.match(errors[0], /^6: .*changes i more than once/);
    assert.match(errors[1], /^7: .*i is read elsewhere in it/);
    assert.match(errors[2], /^8: .*calls a function or assigns/);
    assert.match(errors[3], /^9: .*runs only on some paths/);
  });

  it('the merge idiom: a push of a[i++], several counters in one statement, and a conditional argument whose branches count become if/else', () => {
    const source = `function merge(left, right) {
  const result = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    result.push(left[i] < right[j] ? left[i++] : right[j++]);
  }
  while (i < left.length) result.push(left[i++]);
  while (j < right.length) result.push(right[j++]);
  return result;
}
function mergeSort(xs) {
  if (xs.length <= 1) return xs;
  const mid = Math.floor(xs.length / 2);
  return merge(mergeSort(xs.slice(0, mid)), mergeSort(xs.slice(mid)));
}
function mergeInto(arr, a, b) {
  let i = 0, j = 0, k = 0;
  while (i < a.length && j < b.length) {
    if (a[i] <= b[j]) arr[k++] = a[i++];
    else arr[k++] = b[j++];
  }
  while (j < b.length) arr[k++] = b[j++];
  return arr;
}
function zigzag(xs, marks) {
  const out = [];
  let i = 0, j = xs.length - 1;
  while (i <= j) {
    out.push(xs[i] + xs[j] > 0 ? xs[i++] * 2 : xs[j--] - 1);
    out.push(i % 2 === 0 ? marks[++i % marks.length] : (j < 0 ? -0 : marks[0]));
  }
  return out;
}
console.log(mergeSort([5, -2, 9, 0, 5, 3.5, -7, -0.5]));
console.log(merge([], [2]), merge([], []), mergeSort([]));
console.log(mergeInto([0, 0, 0, 0, 0], [-3, 1.5, 7], [-4, 2]));
console.log(zigzag([3, -1, 4, -1, -5, 9], ["a", "é", "😀"]));
`;
    scratch.keepsItsMeaning(source, 'javascript', /if left\[i\] < right\[j\] \{\n\s*push\(result, left\[i\]\);\n\s*i \+= 1;\n\s*\} else \{\n\s*push\(result, right\[j\]\);\n\s*j \+= 1;/);
    const errors = importErrors('const a = [1, 2];\nconst out = [];\nlet i = 0;\nout.push(a[0] > 0 ? a[i++] + i : 0);\nout.push(a[0] > 0 ? String(a[i++]) : "");\nout.push(a[0] > 0 ? a[i++] + a[i++] : 0);\ni.push(a[i++]);\nconsole.log(out, i);\n', 'javascript');
    assert.equal(errors.length, 4, errors.join('\n'));
    assert.match(errors[0], /^4: .*inside a branch of a conditional where i is read elsewhere in it/);
    assert.match(errors[1], /^5: .*calls a function or assigns/);
    assert.match(errors[2], /^6: .*changes i more than once/);
    assert.match(errors[3], /^7: .*i is read elsewhere in it/);
  });

  it('JavaScript compound assignment to an element by names and literals reads it twice; >>> stays an error saying why', () => {
    const source = `const xs = [3, -7, 2, 5, 9];
let i = 1;
xs[0] **= 2;
xs[i] %= 4;
xs[2] <<= 4;
xs[3] >>= 1;
xs[4] ^= 12;
const grid = [[1, 2], [3, 4]];
grid[1][i] |= 8;
console.log(xs.join(","), grid[1].join(","));
`;
    scratch.keepsItsMeaning(source, 'javascript', /xs\[0\] = xs\[0\] \*\* 2;\n\s*xs\[i\] = xs\[i\] % 4;/);
    const importResult = importSource('let n = -16;\nn >>>= 2;\nconsole.log(n >>> 28);\nconst ys = [1, 2];\nys[n + 1] %= 2;\n', 'javascript');
    const errors = importResult.diagnostics.filter((d) => d.severity === 'error');
    assert.equal(errors.length, 3);
    for (const error of errors.slice(0, 2)) {
      assert.match(error.message, /the >>>=? operator has no Whetstone form/);
      assert.match(String(error.hint), /unsigned 32-bit shift/);
    }
    assert.match(errors[2].message, /the %= operator has no Whetstone form/);
    assert.match(String(errors[2].hint), /read twice/);
  });

  it('Python chained assignment: the value once, then each target from the one on its left', () => {
    const source = `def f(n: int) -> list[int]:
    a = b = 0
    xs = [1, 2, 3]
    xs[0] = xs[2] = -n
    for i in range(n):
        a += i
        b -= i
    return [a, b] + xs


i = j = k = 2
ys = [7, 8, 9]
i = ys[i] = 1
grid = [[0, 0], [0, 0]]
grid[0][1] = grid[1][0] = i + j
word = other = "ab"
print(f(4), f(0), i, j, k, ys, grid, word + other)
`;
    scratch.keepsItsMeaning(source, 'python', /let a = 0;\n\s*let b = a;[^]*i = 1;\n\s*ys\[i\] = i;/, true);
    const errors = importErrors('def f() -> int:\n    return 0\n\n\nxs = [1, 2]\nxs[f()] = y = 3\nxs[xs[0]] = z = 1\n', 'python').filter((e) => !/the run of the program at import/.test(e));
    assert.equal(errors.length, 2, errors.join('\n'));
    assert.match(errors[0], /^6: .*chained assignment where a target calls a function/);
    assert.match(errors[1], /^7: .*chained assignment where an index in a target reads an element/);
  });

  it('Python else on for and while runs when the loop ends without a break (a zip loop that reaches the end of the shorter list included)', () => {
    const source = `def find(xs: list[int], t: int) -> None:
    for x in xs:
        for y in xs:
            if y > x:
                break
        if x == t:
            print("found", x)
            break
    else:
        print("missing", t)


def countdown(n: int) -> None:
    while n > 0:
        n -= 1
        if n == 2:
            break
    else:
        print("done", n)
    print("after", n)


def total(xs: list[int]) -> int:
    s = 0
    for x in xs:
        s += x
    else:
        s = s * 2
    return s


def pairs(xs: list[int], ys: list[int]) -> None:
    for a, b in zip(xs, ys):
        if a == b:
            print("same", a)
            break
    else:
        print("none same")


def gcd(a: int, b: int) -> int:
    while True:
        if b == 0:
            break
        a, b = b, a % b
    return a


find([3, 4, 5], 4)
find([3, 4, 5], 9)
find([], 0)
countdown(5)
countdown(1)
countdown(-1)
pairs([1, 2, 3], [3, 2])
pairs([1, 2, 3], [4, 5])
pairs([1], [])
print(total([1, 2, -3]), total([]), gcd(48, 18), gcd(7, 0))
`;
    scratch.keepsItsMeaning(source, 'python', /let broke\d+ = false;[^]*broke\d+ = true;\n\s*break;[^]*if !broke\d+ \{\n\s*print\("missing", t\);/, true);
  });
  it('Python match on literals, alternatives, guards and _ is an if / else if chain on ==; a capture pattern is an error', () => {
    const source = `def kind(x: int) -> str:
    match x:
        case 0:
            return "zero"
        case 1 | 2 | -3:
            return "small"
        case 5 if x > 4:
            return "five"
        case _:
            return "big"


def label(word: str) -> str:
    result = "?"
    match word.lower():
        case "yes" | "y":
            result = "agree"
        case "no":
            result = "refuse"
        case _ if len(word) > 3:
            result = "long"
    return result


print(kind(0), kind(2), kind(-3), kind(5), kind(9), kind(-0))
print(label("Y"), label("no"), label("maybe"), label("ok"), label(""))
`;
    scratch.keepsItsMeaning(source, 'python', /else if x == 1 \|\| x == 2 \|\| x == -3 \{[^]*else if x == 5 && x > 4 \{[^]*const matched\d+ = lower\(word\);/, true);
    const errors = importErrors('x = 3\nmatch x:\n    case 1:\n        print(1)\n    case other:\n        print(other)\n', 'python').filter((e) => !/the run of the program at import/.test(e));
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /^2: .*a match statement where the pattern other binds a name/);
  });
  it('a function made in a loop that reads a name of its turn: Whetstone gives each turn its own, a Python closure the last value', () => {
    const errors = importErrors('fs = []\nfor i in range(3):\n    fs.append(lambda: i * 10)\nprint(fs[0](), fs[2]())\n', 'python');
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /^3: .*a function made in a loop that reads i has no Whetstone form; Python's closure sees the variable's last value/);
    // From JavaScript: Whetstone's meaning is JavaScript's, and the Python generator says it cannot keep it.
    const imported = importSource('const fs = [];\nfor (let i = 0; i < 3; i++) {\n  const j = i * 10;\n  fs.push(() => j);\n}\nconst ys = [];\nfor (const k of [1, 2]) {\n  ys.push([3, 1].map((x) => x + k).join("-"));\n}\nconsole.log(fs.length, ys.join(" "));\n', 'javascript');
    assert.deepEqual(imported.diagnostics.filter((d) => d.severity === 'error'), []);
    const python = generate(imported.ast, 'python').diagnostics;
    assert.equal(python.length, 1, python.map((d) => d.message).join('\n'));
    assert.match(python[0].message, /Not carried into Python: a function made in a loop that reads j/);
    assert.equal(python[0].line, 4);
    assert.deepEqual(generate(imported.ast, 'javascript').diagnostics, []);
  });
});
