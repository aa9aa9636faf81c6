// The build's work on each file with nothing around it: the floor rows of the workspace-index
// bench. Each file is read, parsed once, summarised (its reference summary too) and checked by the
// same function the language server's workers run (indexAndCheckFile), with no index, no ordering,
// no messages and no publication. Every module a file imports is taken as no file (its names are
// `any`), so the check does no more than the build's, which knows the imports' exports: the rows
// are a lower bound of what the build can take.
import { readFileSync } from 'node:fs';
import { indexAndCheckFile, UNRESOLVED } from '../server/src/workspace/file-check';
import { importsNamedIn } from '../server/src/workspace/index-and-check';

/** Reads, parses, summarises and checks every file of `paths`; throws if one is not checked. */
export function checkEachFile(paths: readonly string[]): void {
  for (const path of paths) {
    const imported = importsNamedIn(readFileSync(path, 'utf8'));
    const outcome = indexAndCheckFile({ path, followLinks: false, resolutions: imported.map((name) => [name, UNRESOLVED]) });
    if (!('check' in outcome) || outcome.check === undefined) throw new Error(`${path} was not checked`);
  }
}
