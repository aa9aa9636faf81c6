// Helpers for projection tests: the corpus and samples on disk, and running generated code for
// real (node for JavaScript, tsc then node for TypeScript, python3 for Python).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printDocument } from '../../server/src/core/editing';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource, prepareImport } from '../../server/src/projection/import';
import type { Language } from '../../server/src/projection/languages';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { repoRoot } from './core';

/** Whether an import diagnostic says what the run of a Python program at import did not check (python-run-gaps.ts); tests of other checks leave these out. */
export const isRunGap = (message: string): boolean => /the run of the program at import (stopped here|never reached)/.test(message);

/**
 * Whether a projection diagnostic reports a power Node and Python may round otherwise: tests of
 * other things leave it out, and the runs that follow tell whether the power printed the same.
 */
export const isRoundedPower = (message: string): boolean => /power that may not be a whole number below 2\^53/.test(message);

export const CORPUS_DIR = join(repoRoot, 'test', 'fixtures', 'projection', 'corpus');
export const ROUNDTRIP_DIR = join(repoRoot, 'test', 'fixtures', 'projection', 'roundtrip');

/**
 * Loads what projection reads `languages` with: first the Whetstone grammar, as a process does at
 * start-up (it also starts web-tree-sitter), then each language's grammar.
 */
export async function prepareProjection(...languages: Language[]): Promise<void> {
  await loadGrammar();
  for (const language of languages) await prepareImport(language);
}

export interface CorpusProgram {
  name: string;
  source: string;
  expected: string;
}

/** Every corpus program (name.wst) with its expected printed output (name.out). */
export function corpus(): CorpusProgram[] {
  return readdirSync(CORPUS_DIR)
    .filter((file) => file.endsWith('.wst'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -4);
      return { name, source: readFileSync(join(CORPUS_DIR, file), 'utf8'), expected: readFileSync(join(CORPUS_DIR, `${name}.out`), 'utf8') };
    });
}

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string): RunResult {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 120_000 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A scratch folder for generated files; ES module semantics for .js files in it. */
export class Scratch {
  readonly dir: string;
  private programs = 0;

  constructor(prefix: string) {
    this.dir = mkdtempSync(join(tmpdir(), `whetstone-${prefix}-`));
    writeFileSync(join(this.dir, 'package.json'), '{ "type": "module" }\n');
  }

  write(name: string, text: string): string {
    const path = join(this.dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    return path;
  }

  node(file: string): RunResult {
    return run(process.execPath, [file], this.dir);
  }

  python(file: string): RunResult {
    return run('python3', [file], this.dir);
  }

  /**
   * Type-checks TypeScript files with tsc (strict) and writes their JavaScript into out/; every
   * file is its own module, as generated code is.
   */
  tsc(files: string[]): RunResult {
    const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    return run(
      process.execPath,
      [
        tsc,
        '--strict',
        '--target',
        'es2022',
        '--module',
        'es2022',
        '--moduleResolution',
        'bundler',
        '--moduleDetection',
        'force',
        '--types',
        'node',
        '--typeRoots',
        join(repoRoot, 'node_modules', '@types'),
        '--outDir',
        join(this.dir, 'out'),
        ...files,
      ],
      this.dir,
    );
  }

  /** Runs `code` as a program of its own in `language`; TypeScript is type-checked strictly first (a tsc error fails). */
  runProgram(code: string, language: 'javascript' | 'typescript' | 'python'): RunResult {
    const base = `p${this.programs++}`;
    if (language === 'python') return this.python(this.write(`${base}.py`, code));
    if (language === 'javascript') return this.node(this.write(`${base}.js`, code));
    const compiled = this.tsc([this.write(`${base}.ts`, code)]);
    assert.equal(compiled.status, 0, `${compiled.stdout}\n${code}`);
    return this.node(join(this.dir, 'out', `${base}.js`));
  }

  /** What `code` prints in `language`, run as a program of its own (it must run to its end). */
  prints(code: string, language: 'javascript' | 'typescript' | 'python'): string {
    const ran = this.runProgram(code, language);
    assert.equal(ran.status, 0, ran.stderr);
    return ran.stdout;
  }

  /** Whetstone `source` checks without an error, and prints `expected` in every target. */
  printsInEveryTarget(source: string, expected: string): void {
    const doc = WhetstoneDocument.create(source, 1);
    try {
      assert.deepEqual([...doc.syntaxDiagnostics, ...analyze(doc.ast).diagnostics].filter((d) => d.severity === 'error'), [], source);
      for (const target of ['javascript', 'typescript', 'python'] as const) {
        const generated = generate(doc.ast, target);
        assert.deepEqual(generated.diagnostics.filter((d) => !isRoundedPower(d.message)), [], target);
        const ran = this.runProgram(generated.code, target);
        assert.equal(ran.status, 0, `${target}: ${ran.stderr}\n${generated.code}`);
        assert.equal(ran.stdout, expected, `${target}:\n${generated.code}`);
      }
    } finally {
      doc.dispose();
    }
  }

  /**
   * `source` imports without a diagnostic (`besidesRunGaps`: but what the run at import did not
   * check), reads as `shape`, checks, and prints what it prints as written in every target.
   */
  keepsItsMeaning(source: string, language: 'javascript' | 'typescript' | 'python', shape: RegExp, besidesRunGaps = false): void {
    const imported = importSource(source, language);
    assert.deepEqual(
      imported.diagnostics.filter((d) => !(besidesRunGaps && isRunGap(d.message))),
      [],
    );
    const printed = printDocument(imported.ast);
    assert.match(printed, shape);
    const expected = this.runProgram(source, language);
    assert.equal(expected.status, 0, expected.stderr);
    this.printsInEveryTarget(printed, expected.stdout);
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
