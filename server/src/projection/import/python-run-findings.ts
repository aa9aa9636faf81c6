// What the import's run of a Python program (python-float-run.ts) met that Whetstone would hold
// otherwise, as errors at import: an int beyond 2^53 (Python's ints are exact, a Whetstone number
// is a double and rounds it), int(…) of an infinity or NaN (Python raises, Whetstone's int keeps
// it), a division by zero (Python raises, Whetstone gives an infinity or NaN), a text holding a
// character above U+FFFF measured or cut (one character in Python, two UTF-16 units in
// Whetstone), two texts ordered by such a character (code points in Python, UTF-16 units in
// Whetstone), 1 to the power NaN (1 in Python, NaN in Whetstone), a text cased that holds a
// character Python's Unicode tables may not know the case of, and a text stripped at a character
// only one of Python's and JavaScript's whitespace holds, and -0.0 made a key of a dict or set
// (Python keeps -0.0, a Whetstone map 0), and a float given to math.gcd, math.isqrt or
// math.factorial (Python raises TypeError, Whetstone computes). The run stops at the first; what it did
// not check is python-run-gaps.ts's. And each place where the run computed a power that may be
// rounded (its exact value is not a double), which the run goes on past: Python's pow (the C
// library's) and Whetstone's (JavaScript's Math.pow) round about one in ten otherwise in the last
// digit.
import type { Program } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import { pythonRun } from './python-floats';
import type { RoundedPower, RunFinding } from './python-float-run';

/** Each finding's message and hint; the run's other kinds are read by the checks that asked for them. */
const REPORTED: Partial<Record<RunFinding['kind'], { message: string; hint: string }>> = {
  inexact: {
    message: 'a run of the program at import computes a whole number here beyond 2^53 (9007199254740991), which Python holds exactly and a Whetstone number (a double) rounds',
    hint: 'Keep whole numbers within 2^53 (reduce them modulo a smaller number as you go), or compute with floats if rounding is meant.',
  },
  'non-finite int': {
    message: "a run of the program at import gives int(…) here an infinity or NaN: Python's int raises (OverflowError, ValueError), Whetstone's int keeps it",
    hint: 'Test the value first (x == x for NaN, abs(x) < 1e308 for the infinities).',
  },
  'division by zero': {
    message: 'a run of the program at import divides by zero here: Python raises ZeroDivisionError, Whetstone gives an infinity or NaN and goes on',
    hint: 'Test the divisor first.',
  },
  'text order': {
    message: 'a run of the program at import orders two texts here that differ at a character in U+E000–U+FFFF and one above U+FFFF (an emoji, say): Python compares code points, Whetstone UTF-16 units, so their order differs',
    hint: 'Keep characters above U+FFFF out of texts that are compared or sorted, or compare them by a key you compute.',
  },
  'power of one': {
    message: 'a run of the program at import raises 1 to the power NaN or an infinity, or -1 to an infinity, here: Python gives 1.0, Whetstone NaN',
    hint: 'Test the exponent first (y == y for NaN, abs(y) < 1e308 for the infinities).',
  },
  'text case': {
    message: "a run of the program at import changes the case of a text here that holds a character whose case (or part in a final Σ) Unicode gave after version 14.0: Python's tables may predate it, Whetstone's (JavaScript's) follow Node's",
    hint: 'Keep such characters out of texts whose case is changed, or map them with a table of your own.',
  },
  'text kind': {
    message: "a run of the program at import tests a text here (isalpha, isdigit, islower…) that holds a character Unicode gave or changed after version 14.0: Python 3.11's tables may not know it, Whetstone's (JavaScript's) follow Node's",
    hint: 'Keep such characters out of the texts tested, or test them against a list of your own.',
  },
  'text whitespace': {
    message: "a run of the program at import strips a text here whose ends hold a character one of Python's strip and Whetstone's trim takes off and the other keeps (U+001C–U+001F and U+0085 Python only, U+FEFF Whetstone only)",
    hint: 'Name the characters to strip (s.strip(" \\t\\n")), or keep such characters out of the text.',
  },
  'unordered key': {
    message: "a run of the program at import sorts or takes the largest or smallest here by a tuple key that holds NaN: Python's tuples take the same NaN as equal and a different one as not, which Whetstone cannot tell apart, so the order may differ",
    hint: 'Leave NaN out of the keys (test x == x first), or sort by a key of one number.',
  },
  'float sum': {
    message: "a run of the program at import adds floats here with sum(…): from Python 3.12 on, sum corrects the rounding of each addition and gives another last digit than adding in order, as Whetstone's sum and earlier Pythons do",
    hint: 'Add them in a loop (total += x), which every Python and Whetstone do in order, or math.fsum if the exact sum is meant.',
  },
  'negative zero key': {
    message: 'a run of the program at import makes -0.0 a key of a dict or an element of a set here: Python keeps it as -0.0 (sorted(s) shows [-0.0]), a Whetstone map keys it as 0',
    hint: 'Add 0.0 to the value first (x + 0.0 turns -0.0 into 0.0), or keep -0.0 out of the keys.',
  },
  'float argument': {
    message: 'a run of the program at import passes a float here to math.gcd, math.isqrt or math.factorial: Python raises TypeError, Whetstone computes with the number',
    hint: 'Pass an int (int(x), or // instead of /).',
  },
  'text above U+FFFF': {
    message: 'a run of the program at import measures or cuts a text here that holds a character above U+FFFF (an emoji, say): Python counts it as one character, Whetstone as two UTF-16 units, so lengths and positions differ',
    hint: 'Walk the text with a for loop (both count such a character once), or keep such characters out of texts that are measured or indexed.',
  },
};

const POWER_HINT =
  "Compute with whole numbers where you can (an int to a whole power from 0 is exact up to 2^53), or round the result to fewer digits (round(x, 12)) before printing or comparing it, so the last digit does not show; the power stays reported, as the import cannot tell what is done with it.";

export function reportRunFindings(program: Program, builder: AstBuilder): ProjectionDiagnostic[] {
  const { finding, roundedPowers, morePowers } = pythonRun(program, builder.libraryCallees, builder.source);
  const diagnostics = roundedPowers.map((power, index) => roundedPowerDiagnostic(power, morePowers && index === roundedPowers.length - 1));
  const reported = finding && REPORTED[finding.kind];
  if (finding && reported) diagnostics.push(projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: ${reported.message}`, finding.at.id, finding.at.span, { hint: reported.hint }));
  return diagnostics;
}

/** A power the run computed whose exact value is not a double; `more`: the run met more such places than are reported. */
function roundedPowerDiagnostic(power: RoundedPower, more: boolean): ProjectionDiagnostic {
  const message =
    `Not carried into Whetstone: a run of the program at import computes a power here whose exact value is not a double, so it is rounded (${power.base} ** ${power.exponent} the first time), ` +
    "and Python's pow (the C library's) and Whetstone's (JavaScript's Math.pow) round about one such power in ten otherwise in the last digit, which a printed or compared value shows" +
    (more ? '; the run computed more such powers elsewhere in the program, not listed' : '');
  return projectionDiagnostic('W_UNSUPPORTED', 'error', message, power.at.id, power.at.span, { hint: POWER_HINT });
}
