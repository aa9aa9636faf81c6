// The parsed files a check worker keeps between checks (summary-worker.ts): a change to a module's
// exports checks its importers again, and a run of such changes (a signature typed letter by
// letter, changed back) checks the same files with the same texts each time. Parsing a file into
// its document is most of a check. Its analysis depends on what its imports answer: it is made
// again from the previous one, kept with the document, so where only what some imported functions,
// constants or variables are changed, the functions that read none of them keep their facts (the
// incremental analysis an open buffer has). A document is kept by its path and used again only for
// the very same text; its syntax tree is let go at once (an analysis reads the AST alone). Bounded
// in number and in text, least recently used first out; the worker's memory goes with the worker.
// The module cache keeps a few the same way on the server's thread: the members of import cycles,
// which it analyses itself (module-exports.ts).
import type { SemanticModel } from '../core/semantics';
import { WhetstoneDocument } from '../core/syntax';

/** At most this many documents are kept. */
export const MAX_KEPT_DOCUMENTS = 160;
/** At most this much text (UTF-16 units) in all; a larger file is parsed for its check alone. */
export const MAX_KEPT_TEXT = 8 * 1024 * 1024;
const MAX_KEPT_FILE_TEXT = 256 * 1024;

export class KeptDocuments {
  private readonly kept = new Map<string, { text: string; document: WhetstoneDocument; model?: SemanticModel }>();
  private keptText = 0;

  /** @param maxDocuments how many documents are kept at most (MAX_KEPT_DOCUMENTS on a worker). */
  constructor(private readonly maxDocuments = MAX_KEPT_DOCUMENTS) {}

  /**
   * The document of `text`, the file at `path`, and its analysis by `analyse`, which is given the
   * document's previous analysis when the document is the kept one, made from the same text.
   */
  analysed(path: string, text: string, analyse: (document: WhetstoneDocument, previous: SemanticModel | undefined) => SemanticModel): { document: WhetstoneDocument; model: SemanticModel } {
    const found = this.kept.get(path);
    if (found) this.drop(path, found.text);
    const reused = found?.text === text;
    const document = reused ? found.document : WhetstoneDocument.create(text);
    if (!reused) document.dispose();
    const model = analyse(document, reused ? found.model : undefined);
    if (text.length <= MAX_KEPT_FILE_TEXT) this.keep(path, text, document, model);
    return { document, model };
  }

  /** Lets every kept document go. */
  clear(): void {
    this.kept.clear();
    this.keptText = 0;
  }

  get size(): number {
    return this.kept.size;
  }

  private keep(path: string, text: string, document: WhetstoneDocument, model: SemanticModel): void {
    this.kept.set(path, { text, document, model });
    this.keptText += text.length;
    // Least recently used first: a Map keeps the order things were set in.
    for (const [oldest, entry] of this.kept) {
      if (this.kept.size <= this.maxDocuments && this.keptText <= MAX_KEPT_TEXT) break;
      this.drop(oldest, entry.text);
    }
  }

  private drop(path: string, text: string): void {
    if (this.kept.delete(path)) this.keptText -= text.length;
  }
}
