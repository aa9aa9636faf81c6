// A file's full analysis for one question (a rename that could clash there, a field's uses): its
// open buffer's, or the file read, analysed for the call and let go.
import type { SemanticModel } from '../core/semantics';
import type { WhetstoneDocument } from '../core/syntax';
import type { ReferencedFile } from './file-index';
import type { ModuleExportsCache } from './module-exports';

export interface Analysed {
  document: WhetstoneDocument;
  model: SemanticModel;
}

/** `use` of the file's full analysis; undefined when it cannot be read. */
export function withAnalysis<T>(modules: ModuleExportsCache, file: ReferencedFile, use: (analysed: Analysed) => T): T | undefined {
  if (file.buffer) return use({ document: file.buffer.document, model: file.buffer.analysis() });
  const analysed = modules.analyzeFile(file.path);
  if (!analysed) return undefined;
  try {
    return use(analysed);
  } finally {
    analysed.document.dispose();
  }
}
