// The characters whose case, or whose part in the rule for a final Σ (cased, or ignored between
// letters), Unicode gave or changed after version 14.0, the tables of Python 3.11's str.upper and
// str.lower; Node's ICU is newer (Node 20.20.2: Unicode 17.0). Measured over every code point, alone
// and beside letters and Σ: each other character is cased the same in both. Generated Python maps
// these as the Node generating it does (and stops at a final Σ beside one); the import of a Python
// program reports a text holding one that its run changes the case of.

/** First and last code point of each run (some runs hold a few characters that did not change). */
const RUNS: readonly (readonly [number, number])[] = [
  [0x019b, 0x019b],
  [0x0264, 0x0264],
  [0x0295, 0x0295],
  [0x0897, 0x0897],
  [0x0ece, 0x0ece],
  [0x1acf, 0x1aeb],
  [0x1c89, 0x1c8a],
  [0xa7cb, 0xa7d5],
  [0xa7da, 0xa7dc],
  [0xa7f1, 0xa7f1],
  [0x10d4e, 0x10d85],
  [0x10ec5, 0x10ec5],
  [0x10efa, 0x10eff],
  [0x11241, 0x11241],
  [0x113bb, 0x113c0],
  [0x113ce, 0x113d2],
  [0x113e1, 0x113e2],
  [0x1171e, 0x1171e],
  [0x11b60, 0x11b66],
  [0x11dd9, 0x11dd9],
  [0x11f00, 0x11f01],
  [0x11f36, 0x11f3a],
  [0x11f40, 0x11f42],
  [0x11f5a, 0x11f5a],
  [0x13439, 0x13440],
  [0x13447, 0x13455],
  [0x1611e, 0x1612f],
  [0x16d40, 0x16d42],
  [0x16d6b, 0x16d6c],
  [0x16ea0, 0x16ed3],
  [0x16ff2, 0x16ff3],
  [0x1df25, 0x1df2a],
  [0x1e030, 0x1e06d],
  [0x1e08f, 0x1e08f],
  [0x1e4eb, 0x1e4ef],
  [0x1e5ee, 0x1e5ef],
  [0x1e6e3, 0x1e6e6],
  [0x1e6ee, 0x1e6ef],
  [0x1e6f5, 0x1e6f5],
  [0x1e6ff, 0x1e6ff],
];

const CASED_LATE = new RegExp(`[${RUNS.map(([first, last]) => `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`).join('')}]`, 'u');

/** The same characters as a Python regular expression's class. */
export const LATE_CASE_CLASS = `[${RUNS.map(([first, last]) => `\\U${first.toString(16).padStart(8, '0')}-\\U${last.toString(16).padStart(8, '0')}`).join('')}]`;

/** Whether `text` holds a character whose case Python 3.11 and this Node may map otherwise. */
export function holdsLateCase(text: string): boolean {
  return CASED_LATE.test(text);
}

/** This Node's capitals (or small letters) of those characters, where they differ from the character: code point to text. */
export function lateCaseTable(which: 'upper' | 'lower'): [number, string][] {
  const table: [number, string][] = [];
  for (const [first, last] of RUNS) {
    for (let code = first; code <= last; code++) {
      const character = String.fromCodePoint(code);
      const mapped = which === 'upper' ? character.toUpperCase() : character.toLowerCase();
      if (mapped !== character) table.push([code, mapped]);
    }
  }
  return table;
}
