// The modules of one program of several files, and the resolvers their analyses use
// (docs/LANGUAGE.md "Modules"). Whoever reads the files says where a module path's file is and
// gives its document (ModuleSource); this set analyses each module at most once, hands out its
// exports, and decides what an import cycle means: a module sees the other modules of its own
// cycle (its strongly connected component of imports) as they are analysed with the names they
// import from that cycle taken as any. Every file of a cycle is then analysed the same way
// whichever is asked for first, and no analysis waits on itself.
import type { AnalyzableDocument, SemanticModel } from './model';
import { analyze } from './model';
import type { LibraryContext, LibraryIndex } from './library';
import { moduleExportsOf, type ModuleExports, type ModuleResolution, type ModuleResolver } from './modules';

export type FoundModule = { readonly file: string; readonly document: AnalyzableDocument } | { readonly tried: readonly string[] };

export interface ModuleSource {
  /**
   * The file of a module path under the source roots with its document, or the files tried. The
   * file names the module for messages and identifies it: the same file, the same string.
   */
  find(modulePath: string): FoundModule;
}

export interface ModuleSetOptions {
  library?: LibraryContext | LibraryIndex;
}

/** Answers no module: within a cycle, the cycle's own modules (their names are then any). */
const NOT_SEEN: ModuleResolution = { tried: [] };

export class ModuleSet {
  private readonly found = new Map<string, FoundModule>();
  private readonly documents = new Map<string, AnalyzableDocument>();
  private readonly models = new Map<string, SemanticModel>();
  private readonly exports = new Map<string, ModuleResolution>();
  private readonly cycleExports = new Map<string, ModuleExports>();
  // Strongly connected components (Tarjan's algorithm, run lazily from the files asked about).
  private readonly component = new Map<string, number>();
  private readonly index = new Map<string, number>();
  private readonly lowlink = new Map<string, number>();
  private readonly stack: string[] = [];
  private readonly onStack = new Set<string>();
  private counter = 0;
  private components = 0;

  constructor(
    private readonly source: ModuleSource,
    private readonly options: ModuleSetOptions = {},
  ) {}

  /**
   * Gives the document of a file before anything is resolved: a file to analyse that the source
   * may not find (outside the source roots), or one already read. A module's file that the
   * source finds needs none.
   */
  addDocument(file: string, document: AnalyzableDocument): void {
    if (!this.documents.has(file)) this.documents.set(file, document);
  }

  /** The resolver to analyse `file` with (its document known: found by the source, or added). */
  resolverFor(file: string): ModuleResolver {
    return {
      resolve: (modulePath) => {
        const found = this.find(modulePath);
        if (!('file' in found)) return found;
        if (this.sameCycle(file, found.file)) return { file: found.file, exports: this.exportsSeenInCycle(found.file) };
        return this.resolve(modulePath);
      },
    };
  }

  /** A module's full answer: its file and exports, or the files tried. */
  resolve(modulePath: string): ModuleResolution {
    let answer = this.exports.get(modulePath);
    if (!answer) {
      const found = this.find(modulePath);
      answer = 'file' in found ? { file: found.file, exports: moduleExportsOf(this.modelOf(found.file)) } : found;
      this.exports.set(modulePath, answer);
    }
    return answer;
  }

  /** The analysis of a module's file (or of a file added) with its imports resolved; made once. */
  modelOf(file: string): SemanticModel {
    let model = this.models.get(file);
    if (!model) {
      const document = this.documentOf(file);
      model = analyze(document, { library: this.options.library, modules: this.resolverFor(file) });
      this.models.set(file, model);
    }
    return model;
  }

  private find(modulePath: string): FoundModule {
    let found = this.found.get(modulePath);
    if (!found) {
      found = this.source.find(modulePath);
      this.found.set(modulePath, found);
      if ('file' in found && !this.documents.has(found.file)) this.documents.set(found.file, found.document);
    }
    return found;
  }

  private documentOf(file: string): AnalyzableDocument {
    const document = this.documents.get(file);
    if (!document) throw new Error(`No document for ${file}`);
    return document;
  }

  /** A module as the other modules of its cycle see it: its imports from the cycle as any. */
  private exportsSeenInCycle(file: string): ModuleExports {
    let exports = this.cycleExports.get(file);
    if (!exports) {
      const resolver: ModuleResolver = {
        resolve: (modulePath) => {
          const found = this.find(modulePath);
          if (!('file' in found)) return found;
          return this.sameCycle(file, found.file) ? NOT_SEEN : this.resolve(modulePath);
        },
      };
      exports = moduleExportsOf(analyze(this.documentOf(file), { library: this.options.library, modules: resolver }));
      this.cycleExports.set(file, exports);
    }
    return exports;
  }

  private sameCycle(a: string, b: string): boolean {
    return a === b || this.componentOf(a) === this.componentOf(b);
  }

  private componentOf(file: string): number {
    if (!this.component.has(file)) this.connect(file);
    return this.component.get(file) ?? -1;
  }

  /** The modules a file imports that are files (its edges in the import graph). */
  private importedFiles(file: string): string[] {
    const document = this.documents.get(file);
    if (!document) return [];
    const files: string[] = [];
    for (const child of document.ast.children) {
      if (child.type !== 'ImportDeclaration' || !child.module) continue;
      const found = this.find(child.module);
      if ('file' in found) files.push(found.file);
    }
    return files;
  }

  /** Tarjan's strongly connected components from `file` (files already in a component are done). */
  private connect(file: string): void {
    this.index.set(file, this.counter);
    this.lowlink.set(file, this.counter);
    this.counter++;
    this.stack.push(file);
    this.onStack.add(file);
    for (const next of this.importedFiles(file)) {
      if (this.component.has(next)) continue;
      if (!this.index.has(next)) {
        this.connect(next);
        this.lowlink.set(file, Math.min(this.lowlink.get(file) ?? 0, this.lowlink.get(next) ?? 0));
      } else if (this.onStack.has(next)) {
        this.lowlink.set(file, Math.min(this.lowlink.get(file) ?? 0, this.index.get(next) ?? 0));
      }
    }
    if (this.lowlink.get(file) !== this.index.get(file)) return;
    const id = this.components++;
    for (;;) {
      const member = this.stack.pop();
      if (member === undefined) break;
      this.onStack.delete(member);
      this.component.set(member, id);
      if (member === file) break;
    }
  }
}
