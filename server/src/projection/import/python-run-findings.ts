// What the import's run of a Python program (python-float-run.ts) met that Whetstone would hold
// otherwise, as errors at import: an int beyond 2^53 (Python's ints are exact, a Whetstone number
// is a double and rounds it), int(…) of an infinity or NaN (Python raises, Whetstone's int keeps
// it), a division by zero (Python raises, Whetstone gives an infinity or NaN), a text holding a
// character above U+FFFF measured or cut (one character in Python, two UTF-16 units in
// Whetstone) and two texts ordered by such a character (code points in Python, UTF-16 units in
// Whetstone). The run stops at the first; what it did not check is python-run-gaps.ts's.
import type { Program } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import { pythonRun } from './python-floats';
import type { RunFinding } from './python-float-run';

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
  'float sum': {
    message: "a run of the program at import adds floats here with sum(…): from Python 3.12 on, sum corrects the rounding of each addition and gives another last digit than adding in order, as Whetstone's sum and earlier Pythons do",
    hint: 'Add them in a loop (total += x), which every Python and Whetstone do in order, or math.fsum if the exact sum is meant.',
  },
  'text above U+FFFF': {
    message: 'a run of the program at import measures or cuts a text here that holds a character above U+FFFF (an emoji, say): Python counts it as one character, Whetstone as two UTF-16 units, so lengths and positions differ',
    hint: 'Walk the text with a for loop (both count such a character once), or keep such characters out of texts that are measured or indexed.',
  },
};

export function reportRunFindings(program: Program, builder: AstBuilder): ProjectionDiagnostic[] {
  const { finding } = pythonRun(program, builder.libraryCallees, builder.source);
  const reported = finding && REPORTED[finding.kind];
  if (!finding || !reported) return [];
  return [projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: ${reported.message}`, finding.at.id, finding.at.span, { hint: reported.hint })];
}
