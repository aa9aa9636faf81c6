// Copies the Whetstone source of every tree-sitter corpus example into test/fixtures/corpus/, one
// file per example, so the core's unit tests can round-trip them (parse, convert, print).
//
//   node scripts/extract-corpus.mjs           (re)writes the fixtures
//   node scripts/extract-corpus.mjs --check   exits 1 if the fixtures are not what it would write
//
// Example n (1-based) of syntaxes/tree-sitter-whetstone/test/corpus/<file>.txt becomes
// <file>-<n>.wst. An example whose expected tree has an ERROR, MISSING or UNEXPECTED node is an
// error-recovery example and goes to test/fixtures/corpus/errors/ instead.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpusDir = join(root, 'syntaxes', 'tree-sitter-whetstone', 'test', 'corpus');
const outDir = join(root, 'test', 'fixtures', 'corpus');
const errorsDir = join(outDir, 'errors');

/**
 * Splits a corpus file into its examples. The format is tree-sitter's: a header of a line of
 * `=`, the name, optional `:attribute` lines and another line of `=`; the source; a line of at
 * least three `-`; the expected tree. A header line may end in a suffix, which the divider then
 * repeats (`===|||` ... `---|||`).
 */
export function parseCorpus(text) {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const examples = [];
  let i = 0;
  while (i < lines.length) {
    const open = /^={3,}(.*)$/.exec(lines[i]);
    if (!open) {
      i++;
      continue;
    }
    const suffix = open[1];
    const close = lines.findIndex((line, k) => k > i + 1 && line === lines[i]);
    if (close < 0) throw new Error(`line ${i + 1}: header is not closed`);
    const name = lines[i + 1].trim();
    const attributes = lines.slice(i + 2, close).map((l) => l.trim()).filter(Boolean);
    const isDivider = (line) => line.startsWith('---') && /^-+$/.test(line.slice(0, line.length - suffix.length)) && line.endsWith(suffix);
    const divider = lines.findIndex((line, k) => k > close && isDivider(line));
    if (divider < 0) throw new Error(`line ${i + 1}: "${name}" has no --- divider`);
    // An expected tree never has a line that starts with `===`, so the next one is a header.
    const next = lines.findIndex((line, k) => k > divider && /^={3,}/.test(line));
    const end = next < 0 ? lines.length : next;
    examples.push({
      name,
      attributes,
      source: sourceOf(lines.slice(close + 1, divider)),
      expected: lines.slice(divider + 1, end).join('\n').trim(),
    });
    i = end;
  }
  return examples;
}

/** The source lines without the blank lines around them; a final newline if a blank line followed. */
function sourceOf(lines) {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start].trim() === '') start++;
  const hadBlankAfter = end > start && lines[end - 1].trim() === '';
  while (end > start && lines[end - 1].trim() === '') end--;
  if (start === end) return '';
  return lines.slice(start, end).join('\n') + (hadBlankAfter ? '\n' : '');
}

export function isErrorExample(example) {
  return /\b(ERROR|MISSING|UNEXPECTED)\b/.test(example.expected);
}

/** Every fixture file to write: path relative to test/fixtures/corpus/ and contents. */
export function fixtures() {
  const files = new Map();
  const corpusFiles = readdirSync(corpusDir).filter((f) => f.endsWith('.txt')).sort();
  for (const file of corpusFiles) {
    const stem = basename(file, '.txt');
    parseCorpus(readFileSync(join(corpusDir, file), 'utf8')).forEach((example, index) => {
      const name = `${stem}-${index + 1}.wst`;
      files.set(isErrorExample(example) ? join('errors', name) : name, example.source);
    });
  }
  return files;
}

function existing() {
  const files = new Map();
  for (const [dir, prefix] of [[outDir, ''], [errorsDir, 'errors']]) {
    let entries = [];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    for (const f of entries.filter((e) => e.endsWith('.wst'))) files.set(join(prefix, f), readFileSync(join(dir, f), 'utf8'));
  }
  return files;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const wanted = fixtures();
  if (process.argv.includes('--check')) {
    const have = existing();
    const stale = [...new Set([...wanted.keys(), ...have.keys()])].filter((f) => wanted.get(f) !== have.get(f));
    if (stale.length > 0) {
      console.error(`extract-corpus: ${stale.length} fixture(s) out of date (${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ', …' : ''}); run node scripts/extract-corpus.mjs`);
      process.exit(1);
    }
    console.log(`extract-corpus: ${wanted.size} fixtures up to date`);
  } else {
    for (const f of existing().keys()) rmSync(join(outDir, f));
    mkdirSync(errorsDir, { recursive: true });
    for (const [f, source] of wanted) writeFileSync(join(outDir, f), source);
    const errors = [...wanted.keys()].filter((f) => f.startsWith('errors')).length;
    console.log(`extract-corpus: wrote ${wanted.size - errors} examples to ${relative(root, outDir)}/ and ${errors} to ${relative(root, errorsDir)}/`);
  }
}
