// The parsed files a check worker keeps between checks (summary-worker.ts): a change to a module's
// exports checks its importers again, and a run of such changes (a signature typed letter by
// letter, changed back) checks the same files with the same texts each time. Parsing a file into
// its document is most of a check; its analysis, which depends on what its imports answer, is
// made afresh each time. A document is kept by its path and used again only for the very same
// text; its syntax tree is let go at once (an analysis reads the AST alone). Bounded in number
// and in text, least recently used first out; the worker's memory goes with the worker.
import { WhetstoneDocument } from '../core/syntax';

/** At most this many documents are kept. */
export const MAX_KEPT_DOCUMENTS = 160;
/** At most this much text (UTF-16 units) in all; a larger file is parsed for its check alone. */
export const MAX_KEPT_TEXT = 8 * 1024 * 1024;
const MAX_KEPT_FILE_TEXT = 256 * 1024;

export class KeptDocuments {
  private readonly kept = new Map<string, { text: string; document: WhetstoneDocument }>();
  private keptText = 0;

  /** The document of `text`, the file at `path`: the kept one when it was made from the same text. */
  documentOf(path: string, text: string): WhetstoneDocument {
    const found = this.kept.get(path);
    if (found) {
      this.drop(path, found.text);
      if (found.text === text) {
        this.keep(path, text, found.document);
        return found.document;
      }
    }
    const document = WhetstoneDocument.create(text);
    document.dispose();
    if (text.length <= MAX_KEPT_FILE_TEXT) this.keep(path, text, document);
    return document;
  }

  get size(): number {
    return this.kept.size;
  }

  private keep(path: string, text: string, document: WhetstoneDocument): void {
    this.kept.set(path, { text, document });
    this.keptText += text.length;
    // Least recently used first: a Map keeps the order things were set in.
    for (const [oldest, entry] of this.kept) {
      if (this.kept.size <= MAX_KEPT_DOCUMENTS && this.keptText <= MAX_KEPT_TEXT) break;
      this.drop(oldest, entry.text);
    }
  }

  private drop(path: string, text: string): void {
    if (this.kept.delete(path)) this.keptText -= text.length;
  }
}
