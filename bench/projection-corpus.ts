// The projection corpus table (docs/PROJECTION.md, bench/README.md): how many of the programs in
// test/fixtures/projection-corpus import cleanly, check, and print the same in each target.
// Run: npx tsc -p . && node out/bench/projection-corpus.js
import { corpusTable, runCorpus } from '../test/helpers/projection-corpus';
import { prepareProjection, Scratch } from '../test/helpers/projection';

async function main(): Promise<void> {
  await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
  const scratch = new Scratch('corpus-table');
  try {
    const outcomes = runCorpus(scratch);
    console.log(corpusTable(outcomes));
    if (process.argv.includes('--details')) {
      for (const outcome of outcomes) {
        console.log(`\n${outcome.file}: ${outcome.targets.map((target) => `${target.target} ${target.same ? 'same' : target.silent ? 'SILENT' : 'reported'}`).join(', ')}`);
        for (const error of [...outcome.importErrors, ...outcome.checkErrors].slice(0, 4)) console.log(`  ${error}`);
      }
    }
  } finally {
    scratch.dispose();
  }
}

void main();
