// What a person meets in examples/ (test/helpers/examples.ts opens them as the editor does): per
// file, the annotation suggestions standing as a CodeLens and those left to the lightbulb, the
// most CodeLenses in any 30 lines (budget ≤ 2), and the share of the diagnostics that offer a quick
// fix. Counts, not timings. `node out/bench/examples.bench.js` runs this part alone; `npm run
// bench` runs it too.
import { SCREEN_LINES } from '../server/src/editor-process/editor-suggestions';
import { examplesAsShown } from '../test/helpers/examples';
import { writeFigures } from './readme-figures';

export async function benchExamples(): Promise<{ markdown: string }> {
  const shown = await examplesAsShown();
  const rows = shown.map(({ file, lines, lensLines, lightbulbOnly, diagnostics }) => {
    const densest = Math.max(0, ...lensLines.map((line) => lensLines.filter((other) => other >= line && other < line + SCREEN_LINES).length));
    const fixed = diagnostics.filter((d) => d.fix && d.fix.length > 0).length;
    return { file, lines, lenses: lensLines.length, lightbulbOnly, densest, diagnostics: diagnostics.length, fixed };
  });
  const sum = (pick: (row: (typeof rows)[number]) => number): number => rows.reduce((total, row) => total + pick(row), 0);
  const share = (fixed: number, all: number): string => (all === 0 ? '—' : `${Math.round((fixed / all) * 100)}% (${fixed} of ${all})`);
  const table = [
    `| file | lines | CodeLens suggestions | lightbulb only | most CodeLenses in ${SCREEN_LINES} lines (budget ≤ 2) | diagnostics | with a quick fix |`,
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.file} | ${r.lines} | ${r.lenses} | ${r.lightbulbOnly} | ${r.densest} | ${r.diagnostics} | ${share(r.fixed, r.diagnostics)} |`),
    `| all | ${sum((r) => r.lines)} | ${sum((r) => r.lenses)} | ${sum((r) => r.lightbulbOnly)} | ${Math.max(...rows.map((r) => r.densest))} | ${sum((r) => r.diagnostics)} | ${share(sum((r) => r.fixed), sum((r) => r.diagnostics))} |`,
  ];
  return { markdown: `${table.join('\n')}\n` };
}

if (require.main === module) {
  void benchExamples().then(({ markdown }) => {
    console.log(markdown);
    writeFigures('examples', markdown);
  });
}
