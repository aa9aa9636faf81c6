// The projection corpus (test/fixtures/projection-corpus): small programs in the style of published
// algorithm collections, each run as written, imported into Whetstone, printed and read back as a
// person's .wst would be, checked, generated into JavaScript, TypeScript and Python and run. A run
// either prints what the original prints, or some stage reported an error saying why; anything
// else is "silently different". Used by the corpus test and by bench/projection-corpus.ts.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printDocument } from '../../server/src/core/editing';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { languageOfFile } from '../../server/src/projection/languages';
import { repoRoot } from './core';
import { Scratch, type RunResult } from './projection';

export const PROJECTION_CORPUS_DIR = join(repoRoot, 'test', 'fixtures', 'projection-corpus');

type Target = 'javascript' | 'typescript' | 'python';
const TARGETS: Target[] = ['javascript', 'typescript', 'python'];
const EXTENSION: Record<Target, string> = { javascript: 'js', typescript: 'ts', python: 'py' };

export interface TargetOutcome {
  target: Target;
  /** An error some stage reported (import, check, generation), or undefined. */
  reported: string | undefined;
  same: boolean;
  /** Printed something different (or failed) with no error reported. */
  silent: boolean;
  output: string;
}

export interface CorpusOutcome {
  file: string;
  language: Target;
  expected: RunResult;
  importedClean: boolean;
  checksClean: boolean;
  importErrors: string[];
  checkErrors: string[];
  targets: TargetOutcome[];
}

/** Whether python3 is there to run the Python programs (the corpus needs it). */
export function hasPython(): boolean {
  return spawnSync('python3', ['--version']).status === 0;
}

export function corpusFiles(): string[] {
  return readdirSync(PROJECTION_CORPUS_DIR).filter((file) => /\.(py|js|ts)$/.test(file)).sort();
}

/** Runs every corpus program and its three projections in `scratch`. Grammars must be loaded. */
export function runCorpus(scratch: Scratch): CorpusOutcome[] {
  const files = corpusFiles();
  // TypeScript is compiled in one tsc run (originals and generated code alike), then run with node.
  const pending: { file: string; outcome?: CorpusOutcome; generated: Map<Target, { path: string; reported: string | undefined }> }[] = [];
  const tsFiles: string[] = [];
  const originals = new Map<string, string>();
  for (const file of files) {
    const language = languageOfFile(file) as Target;
    const source = readFileSync(join(PROJECTION_CORPUS_DIR, file), 'utf8');
    const base = file.replace(/\.\w+$/, '');
    // A CommonJS file (module.exports) runs as one; everything else as an ES module.
    const folder = /\bmodule\.exports\b/.test(source) ? 'original-cjs' : 'original';
    if (folder === 'original-cjs') scratch.write('original-cjs/package.json', '{ "type": "commonjs" }\n');
    const originalPath = scratch.write(`${folder}/${base}.${EXTENSION[language]}`, source);
    if (language === 'typescript') tsFiles.push(originalPath);
    originals.set(file, originalPath);
    const imported = importSource(source, language);
    const importErrors = imported.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.line}: ${d.message}`);
    const printed = printDocument(imported.ast, []);
    const doc = WhetstoneDocument.create(printed, 1);
    const checkErrors = [...doc.syntaxDiagnostics, ...analyze(doc.ast).diagnostics].filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.line}: ${d.message}`);
    const generated = new Map<Target, { path: string; reported: string | undefined }>();
    for (const target of TARGETS) {
      const result = generate(doc.ast, target);
      const unfaithful = result.diagnostics.find((d) => d.severity === 'error' || d.code === 'W_UNFAITHFUL');
      const path = scratch.write(`${target}/${base}.${EXTENSION[target]}`, result.code);
      if (target === 'typescript') tsFiles.push(path);
      generated.set(target, { path, reported: importErrors[0] ?? checkErrors[0] ?? (unfaithful ? `${unfaithful.code}: ${unfaithful.message}` : undefined) });
    }
    doc.dispose();
    pending.push({
      file,
      generated,
      outcome: {
        file,
        language,
        expected: { status: null, stdout: '', stderr: '' },
        importedClean: imported.diagnostics.length === 0,
        checksClean: checkErrors.length === 0,
        importErrors,
        checkErrors,
        targets: [],
      },
    });
  }
  const compiled = scratch.tsc(tsFiles);
  const compileErrors = compiled.status === 0 ? '' : compiled.stdout;
  const runFile = (language: Target, path: string): RunResult => {
    if (language === 'python') return runBounded('python3', path, scratch.dir);
    if (language === 'javascript') return runBounded(process.execPath, path, scratch.dir);
    const relative = path.slice(scratch.dir.length + 1).replace(/\.ts$/, '.js');
    if (compileErrors.includes(path.slice(scratch.dir.length + 1))) return { status: 2, stdout: '', stderr: 'tsc reported errors' };
    return runBounded(process.execPath, join(scratch.dir, 'out', relative), scratch.dir);
  };
  return pending.map(({ file, outcome, generated }) => {
    const result = outcome!;
    result.expected = runFile(result.language, originals.get(file)!);
    for (const target of TARGETS) {
      const { path, reported } = generated.get(target)!;
      const ran = runFile(target, path);
      const same = ran.status === 0 && ran.stdout === result.expected.stdout;
      result.targets.push({ target, reported, same, silent: !same && reported === undefined, output: ran.stdout + ran.stderr });
    }
    return result;
  });
}

/** Runs a program for at most a few seconds: a projection that lost a loop's step may never end. */
function runBounded(command: string, file: string, cwd: string): RunResult {
  const result = spawnSync(command, [file], { cwd, encoding: 'utf8', timeout: 10_000 });
  if (result.error) return { status: null, stdout: result.stdout ?? '', stderr: String(result.error) };
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The table rows: per source language, counts over its programs. */
export function corpusTable(outcomes: CorpusOutcome[]): string {
  const languages: Target[] = ['python', 'javascript', 'typescript'];
  const label: Record<Target, string> = { python: 'Python', javascript: 'JavaScript', typescript: 'TypeScript' };
  const of = (language: Target): CorpusOutcome[] => outcomes.filter((outcome) => outcome.language === language);
  const row = (title: string, count: (list: CorpusOutcome[]) => string): string => `| ${title} | ${languages.map((language) => count(of(language))).join(' | ')} |`;
  const fraction = (list: CorpusOutcome[], test: (outcome: CorpusOutcome) => boolean): string => `${list.filter(test).length}/${list.length}`;
  const targets = (list: CorpusOutcome[], cross: boolean, test: (target: TargetOutcome) => boolean): string => {
    const chosen = list.flatMap((outcome) => outcome.targets.filter((target) => (target.target === outcome.language) !== cross));
    return `${chosen.filter(test).length}/${chosen.length}`;
  };
  return [
    `| | ${languages.map((language) => label[language]).join(' | ')} |`,
    '|---|---|---|---|',
    row('imported with no diagnostic', (list) => fraction(list, (outcome) => outcome.importedClean)),
    row('the `.wst` checks without an error', (list) => fraction(list, (outcome) => outcome.checksClean)),
    row('same-language round trip prints the same', (list) => targets(list, false, (target) => target.same)),
    row('into the other two languages, prints the same', (list) => targets(list, true, (target) => target.same)),
    row('prints something different with no error reported', (list) => `${list.flatMap((outcome) => outcome.targets).filter((target) => target.silent).length}`),
  ].join('\n');
}
