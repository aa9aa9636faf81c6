// Benchmarks of projection (the budget: runPipeline of a 1,000-line program, per stage, ≤ 5× a
// raw tree-sitter parse of the input): each stage of runPipeline (Whetstone → JavaScript and →
// Python), and the import of a 1,000-line JavaScript file, beside a raw web-tree-sitter parse of
// the same text with the same grammar, in the same run.
import { createParser } from '../server/src/core/syntax';
import { generate } from '../server/src/projection/generate';
import { loadGrammar, parserFor } from '../server/src/projection/grammars';
import { importSource, prepareImport } from '../server/src/projection/import';
import { runPipeline, type StageTimings } from '../server/src/projection/pipeline';
import { loadGrammar as loadWhetstoneGrammar } from '../server/src/workspace/grammar';
import { generateProgram } from './generate';
import { measure, summarize, type Row } from './measure';

const RUNS = 15;
const WARMUP = 3;

export async function benchProjection(): Promise<Row[]> {
  await loadWhetstoneGrammar();
  await prepareImport('javascript');
  await loadGrammar('javascript');
  const whetstone = generateProgram(1_000);
  const lines = whetstone.split('\n').length;
  const rawWhetstone = measure(RUNS, () => createParser().parse(whetstone)?.delete());
  const rows: Row[] = [];

  for (const target of ['javascript', 'python'] as const) {
    const timings: StageTimings[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const result = await runPipeline({ source: whetstone, sourceLanguage: 'whetstone', targetLanguage: target });
      if (i >= WARMUP) timings.push(result.timings);
    }
    const stages: [keyof StageTimings, string][] = [
      ['parseMs', 'parse (AST with ids)'],
      ['validateMs', 'validate (checker, library policy, suggestions)'],
      ['optimizeMs', 'optimise (folding, dead code)'],
      ['generateMs', `generate ${target}`],
      ['totalMs', 'all four stages'],
    ];
    for (const [key, label] of stages) {
      if (target === 'python' && key !== 'generateMs' && key !== 'totalMs') continue;
      rows.push({
        what: `runPipeline whetstone → ${target}, ${lines}-line program: ${label}`,
        budget: key === 'totalMs' ? '—' : '≤ 5× raw parse',
        measured: summarize(timings.map((t) => t[key])),
        floorName: 'raw web-tree-sitter parse of the input',
        floor: rawWhetstone,
      });
    }
  }

  // A 1,000-line JavaScript file: the same program, generated as JavaScript.
  const parsed = importSource(whetstone, 'whetstone');
  const javascript = generate(parsed.ast, 'javascript').code;
  const jsParser = parserFor('javascript');
  const rawJavaScript = measure(RUNS, () => jsParser.parse(javascript)?.delete());
  const imported = measure(RUNS, () => {
    importSource(javascript, 'javascript');
  });
  rows.push({
    what: `import a ${javascript.split('\n').length}-line JavaScript file into the Whetstone AST`,
    budget: '—',
    measured: imported,
    floorName: 'raw web-tree-sitter parse (JavaScript grammar)',
    floor: rawJavaScript,
  });
  return rows;
}
