// A worker thread of the floor rows (per-file-work.ts): loads the grammar, as the server's
// workers do, checks the files it was given and says so.
import { parentPort, workerData } from 'node:worker_threads';
import { loadGrammar } from '../server/src/workspace/grammar';
import { checkEachFile } from './per-file-work';

void (async () => {
  await loadGrammar();
  checkEachFile((workerData as { paths: string[] }).paths);
  parentPort?.postMessage('done');
})();
