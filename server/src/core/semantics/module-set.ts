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
import { ImportGraph } from './import-graph';
import { moduleExportsOf } from './module-exports';
import type { ModuleExports, ModuleResolution, ModuleResolver } from './modules';

/** A module's file with its document, or the files tried (and a known module path close to it, for "did you mean"). */
export type FoundModule = { readonly file: string; readonly document: AnalyzableDocument } | { readonly tried: readonly string[]; readonly near?: string };

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
  private readonly exports = new Map<string, ModuleExports>();
  private readonly cycleExports = new Map<string, ModuleExports>();
  /** Which files share an import cycle, and the order to analyse them in (those imported first). */
  private readonly graph = new ImportGraph((file) => this.importedFiles(file));

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
    const found = this.find(modulePath);
    return 'file' in found ? { file: found.file, exports: this.exportsOfFile(found.file) } : found;
  }

  /** The analysis of a module's file (or of a file added) with its imports resolved; made once. */
  modelOf(file: string): SemanticModel {
    let model = this.models.get(file);
    if (!model) {
      // The modules it imports first, cycle by cycle, those imported first: no analysis waits on another.
      for (const member of this.graph.dependenciesFirst(file, (analysed) => this.models.has(analysed))) {
        this.models.set(member, analyze(this.documentOf(member), { library: this.options.library, modules: this.resolverFor(member) }));
      }
      model = this.models.get(file);
      if (!model) throw new Error(`No analysis for ${file}`);
    }
    return model;
  }

  private exportsOfFile(file: string): ModuleExports {
    let exports = this.exports.get(file);
    if (!exports) {
      exports = moduleExportsOf(this.modelOf(file));
      this.exports.set(file, exports);
    }
    return exports;
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
    return a === b || this.graph.sameCycle(a, b);
  }

  /** The modules a file imports that are files (its edges in the import graph, which keeps them). */
  private importedFiles(file: string): readonly string[] {
    const found: string[] = [];
    for (const child of this.documents.get(file)?.ast.children ?? []) {
      if (child.type !== 'ImportDeclaration' || !child.module) continue;
      const answer = this.find(child.module);
      if ('file' in answer) found.push(answer.file);
    }
    return found;
  }
}
