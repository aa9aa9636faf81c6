// Finding LSP positions in fixture text by the text at them, so tests say what they point at.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Position, Range } from 'vscode-languageserver-protocol/node';
import { REPO_ROOT } from './lspClient';

export function fixturePath(name: string): string {
  return join(REPO_ROOT, 'test', 'fixtures', 'lsp', name);
}

export function readFixture(name: string): { uri: string; text: string } {
  const path = fixturePath(name);
  return { uri: pathToFileURL(path).toString(), text: readFileSync(path, 'utf8') };
}

/** The position of the `occurrence`-th (0-based) `needle` in `text`, plus `delta` characters. */
export function positionOf(text: string, needle: string, occurrence = 0, delta = 0): Position {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) {
    index = text.indexOf(needle, index + 1);
    if (index === -1) throw new Error(`"${needle}" occurs fewer than ${occurrence + 1} times`);
  }
  return positionAtOffset(text, index + delta);
}

export function rangeOf(text: string, needle: string, occurrence = 0): Range {
  const start = positionOf(text, needle, occurrence);
  return { start, end: { line: start.line, character: start.character + needle.length } };
}

export function positionAtOffset(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** Every occurrence of `needle` as a whole word, as ranges. */
export function wordRanges(text: string, needle: string): Range[] {
  const ranges: Range[] = [];
  const pattern = new RegExp(`\\b${needle}\\b`, 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = positionAtOffset(text, match.index);
    ranges.push({ start, end: { line: start.line, character: start.character + needle.length } });
  }
  return ranges;
}

export function rangeKey(range: Range): string {
  return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}

/** Applies LSP text edits to `text` (as an editor applies a formatter's or a rename's edits). */
export function applyTextEdits(text: string, edits: readonly { range: Range; newText: string }[]): string {
  const offsetAt = (position: Position): number => {
    const lines = text.split('\n');
    let offset = 0;
    for (let i = 0; i < position.line && i < lines.length; i++) offset += lines[i].length + 1;
    return offset + position.character;
  };
  const sorted = [...edits].sort((a, b) => offsetAt(b.range.start) - offsetAt(a.range.start));
  let result = text;
  for (const edit of sorted) result = result.slice(0, offsetAt(edit.range.start)) + edit.newText + result.slice(offsetAt(edit.range.end));
  return result;
}
