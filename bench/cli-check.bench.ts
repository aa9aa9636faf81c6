// `whetstone-agent check` of the generated 1,000-file workspace (bench/generate-workspace.ts), as
// a person runs it on a project (`check --root DIR DIR`, the shipped dist/cli.js), beside a raw
// web-tree-sitter parse of the same texts in this process, in turn; and the check's peak RSS,
// workers included (they are threads of its process), read from /proc while it runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createParser } from '../server/src/core/syntax';
import { loadGrammar } from '../server/src/workspace/grammar';
import { generateWorkspace, writeWorkspace } from './generate-workspace';
import { summarize, table, type Row } from './measure';
import { writeFigures } from './readme-figures';

const FILES = 1000;
const LINES = 500;
const ROUNDS = 3;
const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

/** Runs the check to its exit: its wall time, and the highest RSS /proc showed for it (0 where there is no /proc). */
function runCheck(folder: string): Promise<{ ms: number; peakMb: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [CLI, 'check', '--root', folder, folder], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let peakKb = 0;
    const poll = setInterval(() => {
      try {
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
      } catch {
        // Gone already, or no /proc.
      }
    }, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      const ms = performance.now() - start;
      // The generated workspace checks clean.
      if (code !== 0) reject(new Error(`check exited ${code}: ${stderr}`));
      else resolve({ ms, peakMb: peakKb / 1024 });
    });
  });
}

export async function benchCliCheck(): Promise<{ rows: Row[]; peakMb: number }> {
  const modules = generateWorkspace(FILES, LINES);
  await loadGrammar();
  const folder = mkdtempSync(join(tmpdir(), 'whetstone-bench-check-'));
  try {
    writeWorkspace(folder, modules);
    const parser = createParser();
    const raw: number[] = [];
    const checks: number[] = [];
    let peakMb = 0;
    for (let round = -1; round < ROUNDS; round++) {
      const rawStart = performance.now();
      for (const module of modules) parser.parse(module.text)?.delete();
      const rawMs = performance.now() - rawStart;
      const check = await runCheck(folder);
      if (round < 0) continue;
      raw.push(rawMs);
      checks.push(check.ms);
      peakMb = Math.max(peakMb, check.peakMb);
    }
    parser.delete();
    const rows: Row[] = [
      {
        what: `\`whetstone-agent check --root DIR DIR\` of the generated workspace (${FILES.toLocaleString('en-US')} files × ${LINES} lines; dist/cli.js, from start to exit; every file checked across files, clean)`,
        budget: '—',
        measured: summarize(checks),
        floorName: 'raw web-tree-sitter parse of every file, in turn',
        floor: summarize(raw),
      },
    ];
    const markdown = `${table(rows)}\n\nPeak RSS of the check, its worker threads included: ${peakMb.toFixed(0)} MB.\n`;
    console.log(markdown);
    writeFigures('cli-check', markdown);
    return { rows, peakMb };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchCliCheck().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
