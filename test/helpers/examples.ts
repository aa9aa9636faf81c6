// The examples/ folder as the editor shows it: every file open in one workspace with the folder's
// library, each file's suggestions as the editor shows them (default settings, no feedback yet)
// and its diagnostics. The unit tests hold the examples to their budgets; bench/ reports the counts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HeadlessAgentHost } from '../../server/src/cli/headless-host';
import type { Diagnostic } from '../../server/src/core/ast';
import { readLibraryContext } from '../../server/src/core/semantics';
import { editorSuggestionSource } from '../../server/src/editor-process/editor-suggestions';
import { DEFAULT_SETTINGS } from '../../server/src/editor-process/settings';
import type { OpenBuffer } from '../../server/src/workspace/buffer';
import { loadGrammar } from '../../server/src/workspace/grammar';
import { Workspace } from '../../server/src/workspace/workspace';
import { repoRoot } from './core';

const EXAMPLES = join(repoRoot, 'examples');

function exampleFiles(folder = EXAMPLES): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? exampleFiles(join(folder, entry.name)) : entry.name.endsWith('.wst') ? [join(folder, entry.name)] : [],
  );
}

export interface ExampleAsShown {
  /** Relative to examples/. */
  file: string;
  lines: number;
  /** The 0-based first lines of the suggestions standing as a CodeLens. */
  lensLines: number[];
  /** Suggestions offered in the lightbulb only. */
  lightbulbOnly: number;
  diagnostics: Diagnostic[];
  buffer: OpenBuffer;
}

/** Every example open in one workspace as the editor has it; each file's suggestions as the editor shows them. */
export async function examplesAsShown(): Promise<ExampleAsShown[]> {
  await loadGrammar();
  const workspace = new Workspace();
  workspace.setLibrary(readLibraryContext(JSON.parse(readFileSync(join(EXAMPLES, 'host-library.json'), 'utf8'))));
  // The folder is the source root, as when the editor opens it: `use` finds the other files.
  workspace.modules.setRoots([EXAMPLES]);
  const host = new HeadlessAgentHost({ workspace, library: undefined, decidePlan: () => Promise.reject(new Error('no plans here')), info: { ideName: 'test', version: '0' }, log: () => undefined });
  const source = editorSuggestionSource(host, () => DEFAULT_SETTINGS.suggestions);
  const files = exampleFiles();
  const buffers = files.map((file) => workspace.open(pathToFileURL(file).toString(), readFileSync(file, 'utf8')));
  return buffers.map((buffer, index) => {
    const shown = source(buffer);
    return {
      file: relative(EXAMPLES, files[index]),
      lines: buffer.text.split('\n').length,
      lensLines: shown.filter((s) => s.codeLens).map((s) => s.range.start.line),
      lightbulbOnly: shown.filter((s) => !s.codeLens).length,
      diagnostics: buffer.diagnostics(),
      buffer,
    };
  });
}

