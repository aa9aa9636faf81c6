// Python's str.isalpha, isdecimal, isdigit, isalnum, isspace, islower and isupper, which are
// Whetstone's isAlpha … isUpper: per character a Unicode category or property JavaScript's regular
// expressions name (\p{L}, \p{Nd}, \p{Lowercase}, …), the digits that are not decimal (², ①:
// Numeric_Type=Digit, which JavaScript does not name) and Python's whitespace. Measured over every
// code point, Python 3.11 (Unicode 14.0) and Node (20.20.2: Unicode 17.0) take each character alike
// but those of LATE_RUNS, which Unicode gave or changed after 14.0. Generated Python takes these as
// the Node generating it does; the import of a Python program reports a text holding one that its
// run tests.

/** Whetstone's name of each test and Python's str method. */
export const TEXT_KINDS: ReadonlyMap<string, string> = new Map([
  ['isAlpha', 'isalpha'],
  ['isDecimal', 'isdecimal'],
  ['isDigit', 'isdigit'],
  ['isAlnum', 'isalnum'],
  ['isSpace', 'isspace'],
  ['isLower', 'islower'],
  ['isUpper', 'isupper'],
]);

/** The digits that are not decimal digits (Numeric_Type=Digit), first and last code point of each run. */
const DIGIT_RUNS: readonly (readonly [number, number])[] = [
  [0xb2, 0xb3], [0xb9, 0xb9], [0x1369, 0x1371], [0x19da, 0x19da],
  [0x2070, 0x2070], [0x2074, 0x2079], [0x2080, 0x2089], [0x2460, 0x2468],
  [0x2474, 0x247c], [0x2488, 0x2490], [0x24ea, 0x24ea], [0x24f5, 0x24fd],
  [0x24ff, 0x24ff], [0x2776, 0x277e], [0x2780, 0x2788], [0x278a, 0x2792],
  [0x10a40, 0x10a43], [0x10e60, 0x10e68], [0x11052, 0x1105a], [0x1f100, 0x1f10a],
];

/** The characters whose part in one of these tests Unicode gave or changed after 14.0 (some runs hold a few that did not change). */
const LATE_RUNS: readonly (readonly [number, number])[] = [
  [0x295, 0x295], [0x88f, 0x88f], [0xc5c, 0xc5c], [0xcdc, 0xcdc],
  [0x10fc, 0x10fc], [0x1c89, 0x1c8a], [0xa7cb, 0xa7cf], [0xa7d2, 0xa7d2],
  [0xa7d4, 0xa7d4], [0xa7da, 0xa7dc], [0xa7f1, 0xa7f4], [0xab69, 0xab69],
  [0x105c0, 0x105f3], [0x10940, 0x10959], [0x10d40, 0x10d65], [0x10d6f, 0x10d85],
  [0x10ec2, 0x10ec7], [0x1123f, 0x11240], [0x11380, 0x11389], [0x1138b, 0x1138b],
  [0x1138e, 0x1138e], [0x11390, 0x113b5], [0x113b7, 0x113b7], [0x113d1, 0x113d1],
  [0x113d3, 0x113d3], [0x116d0, 0x116e3], [0x11bc0, 0x11be0], [0x11bf0, 0x11bf9],
  [0x11db0, 0x11ddb], [0x11de0, 0x11de9], [0x11f02, 0x11f02], [0x11f04, 0x11f10],
  [0x11f12, 0x11f33], [0x11f50, 0x11f59], [0x1342f, 0x1342f], [0x13441, 0x13446],
  [0x13460, 0x143fa], [0x16100, 0x1611d], [0x16130, 0x16139], [0x16d40, 0x16d6c],
  [0x16d70, 0x16d79], [0x16ea0, 0x16eb8], [0x16ebb, 0x16ed3], [0x16ff2, 0x16ff6],
  [0x187f8, 0x187ff], [0x18cff, 0x18cff], [0x18d09, 0x18d1e], [0x18d80, 0x18df2],
  [0x1b132, 0x1b132], [0x1b155, 0x1b155], [0x1ccf0, 0x1ccf9], [0x1d2c0, 0x1d2d3],
  [0x1df25, 0x1df2a], [0x1e030, 0x1e06d], [0x1e4d0, 0x1e4eb], [0x1e4f0, 0x1e4f9],
  [0x1e5d0, 0x1e5ed], [0x1e5f0, 0x1e5fa], [0x1e6c0, 0x1e6de], [0x1e6e0, 0x1e6e2],
  [0x1e6e4, 0x1e6e5], [0x1e6e7, 0x1e6ed], [0x1e6f0, 0x1e6f4], [0x1e6fe, 0x1e6ff],
  [0x2b739, 0x2b73f], [0x2cea2, 0x2cead], [0x2ebf0, 0x2ee5d], [0x31350, 0x33479],
];

const jsClass = (runs: readonly (readonly [number, number])[]): string => runs.map(([first, last]) => `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`).join('');
const pyClass = (runs: readonly (readonly [number, number])[]): string =>
  runs.length === 0 ? '(?!)' : `[${runs.map(([first, last]) => `\\U${first.toString(16).padStart(8, '0')}-\\U${last.toString(16).padStart(8, '0')}`).join('')}]`;

/** Python's whitespace (str.isspace), as a class of a JavaScript regular expression. */
const SPACE = '\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

/** Per test of every character of a non-empty text, the class of a JavaScript regular expression (u flag) its characters are in. */
export const KIND_CLASSES: ReadonlyMap<string, string> = new Map([
  ['isAlpha', '\\p{L}'],
  ['isDecimal', '\\p{Nd}'],
  ['isDigit', `\\p{Nd}${jsClass(DIGIT_RUNS)}`],
  ['isAlnum', '\\p{L}\\p{N}'],
  ['isSpace', SPACE],
]);

/** The tests as JavaScript of the text `text` (an expression of postfix precedence or tighter). */
export function kindTest(name: string, text: string): string {
  const each = KIND_CLASSES.get(name);
  if (each) return `/^[${each}]+$/u.test(${text})`;
  const [cased, other] = name === 'isLower' ? ['Lowercase', 'Uppercase'] : ['Uppercase', 'Lowercase'];
  // Python's islower: at least one small letter, and no capital or title-case letter (isupper the other way).
  return `/^(?=[^]*\\p{${cased}})(?![^]*[\\p{${other}}\\p{Lt}])/u.test(${text})`;
}

const LATE = new RegExp(`[${jsClass(LATE_RUNS)}]`, 'u');

/** Whether `text` holds a character one of these tests may take otherwise in Python 3.11 and this Node. */
export function holdsLateKind(text: string): boolean {
  return LATE.test(text);
}

/** The late characters as a Python regular expression's class. */
export const LATE_KIND_CLASS = pyClass(LATE_RUNS);

/** Per flag a character has (alpha, decimal, digit, alnum, space, lower, upper, title), the late characters this Node gives it, as a Python class. */
export function lateKindClasses(): Record<string, string> {
  const flags: Record<string, RegExp> = {
    alpha: /\p{L}/u,
    decimal: /\p{Nd}/u,
    digit: new RegExp(`[${KIND_CLASSES.get('isDigit')}]`, 'u'),
    alnum: /[\p{L}\p{N}]/u,
    space: new RegExp(`[${SPACE}]`, 'u'),
    lower: /^(?=\p{Lowercase})(?![\p{Uppercase}\p{Lt}])/u,
    upper: /^(?=\p{Uppercase})(?![\p{Lowercase}\p{Lt}])/u,
    title: /\p{Lt}/u,
  };
  const classes: Record<string, string> = {};
  for (const [flag, test] of Object.entries(flags)) {
    const runs: [number, number][] = [];
    for (const [first, last] of LATE_RUNS) {
      for (let code = first; code <= last; code++) {
        if (!test.test(String.fromCodePoint(code))) continue;
        const run = runs[runs.length - 1];
        if (run && run[1] === code - 1) run[1] = code;
        else runs.push([code, code]);
      }
    }
    classes[flag] = pyClass(runs);
  }
  return classes;
}
