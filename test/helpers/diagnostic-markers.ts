// Expected diagnostics written in the test program itself, under the text they mark:
//
//   fn main() {
//     print(cont);
//   //      ^^^^ E_UNDEFINED Cannot find name 'cont'
//   }
//
// A marker line is `//`, carets under the marked text of the nearest line above that is not a
// marker (so at column 2 or later: text at column 0 or 1 is checked by hand), the code, and
// optionally the message (then it must be exactly the diagnostic's). Marker
// lines are taken out before the program is analysed, so line numbers are the program's; a
// diagnostic spanning lines is marked on its first line, to that line's end. Every diagnostic must
// be marked and every marker met, so a marked program also says that nothing else is reported.
import assert from 'node:assert/strict';
import type { Diagnostic } from '../../server/src/core/ast';
import type { AnalyzeOptions } from '../../server/src/core/semantics';
import { analyzeText, type Analysed } from './semantics';

interface Marked {
  /** 1-based, in the program without its marker lines. */
  line: number;
  /** 0-based, end exclusive, UTF-16 code units. */
  start: number;
  end: number;
  code: string;
  message?: string;
}

const MARKER = /^\s*\/\/(\s*)(\^+)\s+([A-Z]_[A-Z_]+)(?:\s+(.*?))?\s*$/;

/** The program without its marker lines, and what the markers expect. */
export function readMarkers(markedText: string): { text: string; expected: Marked[] } {
  const program: string[] = [];
  const expected: Marked[] = [];
  for (const line of markedText.split('\n')) {
    const marker = MARKER.exec(line);
    if (marker === null) {
      program.push(line);
      continue;
    }
    if (program.length === 0) throw new Error(`a marker with no line above it: ${line}`);
    const start = line.indexOf('^');
    expected.push({ line: program.length, start, end: start + marker[2].length, code: marker[3], ...(marker[4] ? { message: marker[4] } : {}) });
  }
  return { text: program.join('\n'), expected };
}

function marked(diagnostic: Diagnostic, lines: readonly string[]): Marked {
  const { start, end } = diagnostic.span;
  return { line: start.line, start: start.column, end: end.line === start.line ? end.column : lines[start.line - 1].length, code: diagnostic.code, message: diagnostic.message };
}

const SEVERITY_OF_PREFIX: Record<string, Diagnostic['severity']> = { E: 'error', W: 'warning', H: 'hint' };

/** The program with each diagnostic written as a marker under its line: what a failing test shows. */
function withMarkers(lines: readonly string[], found: readonly Marked[]): string {
  return lines
    .flatMap((text, index) => [
      text,
      ...found
        .filter((diagnostic) => diagnostic.line === index + 1)
        .map((diagnostic) => `${'//'.padEnd(diagnostic.start)}${'^'.repeat(Math.max(1, diagnostic.end - diagnostic.start))} ${diagnostic.code} ${diagnostic.message}`),
    ])
    .join('\n');
}

/**
 * Analyses the marked program and asserts that its diagnostics are exactly the marked ones (code,
 * place, the severity the code's letter says, and the message where the marker gives one).
 * Resolves to the analysis, for what markers do not say (hints, fixes, node ids).
 */
export async function assertMarkedDiagnostics(markedText: string, options: Omit<AnalyzeOptions, 'names'> = {}): Promise<Analysed> {
  const { text, expected } = readMarkers(markedText);
  const analysed = await analyzeText(text, options);
  const lines = text.split('\n');
  const found = analysed.model.diagnostics.map((diagnostic) => marked(diagnostic, lines));
  const where = (diagnostic: Marked): string => `${diagnostic.line}:${diagnostic.start}-${diagnostic.end} ${diagnostic.code}`;
  const shown = `the diagnostics found, as markers:\n${withMarkers(lines, found)}`;
  assert.deepEqual(found.map(where).sort(), expected.map(where).sort(), shown);
  for (const marker of expected.filter((candidate) => candidate.message !== undefined)) {
    assert.ok(found.some((diagnostic) => where(diagnostic) === where(marker) && diagnostic.message === marker.message), `${where(marker)}: the message "${marker.message}"; ${shown}`);
  }
  for (const diagnostic of analysed.model.diagnostics) assert.equal(diagnostic.severity, SEVERITY_OF_PREFIX[diagnostic.code[0]], `${diagnostic.code}'s severity`);
  return analysed;
}
