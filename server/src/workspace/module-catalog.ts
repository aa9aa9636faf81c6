// The modules of the workspace as one file sees them, from the index (file-index.ts): the module
// path of every indexed file a `use` can name (the first source root that has a path wins, as
// imports resolve: module-exports.ts), what each declares at its top level (open buffers speak for
// their files), and which modules declare a name. Completion and the quick fix "Import 'name'
// from module" ask it; the file itself is not among its modules. Made per request: it holds
// nothing once answered.
import { modulePathOf, moduleFilePath } from '../core/semantics';
import type { CatalogDeclaration, FoundInModule, ModuleCatalog } from '../core/queries';
import { pathOfBufferUri } from './buffer-path';
import type { FileIndex, IndexedFile } from './file-index';
import type { DeclarationSummary } from './file-summary';
import { isInside } from './source-files';

export class WorkspaceModules implements ModuleCatalog {
  private files: Map<string, IndexedFile> | undefined;
  private readonly self: string;

  constructor(
    private readonly index: FileIndex,
    fromUri: string,
  ) {
    this.self = pathOfBufferUri(fromUri);
  }

  modulePaths(): readonly string[] {
    return [...this.byModule().keys()];
  }

  declarationsOf(module: string): readonly CatalogDeclaration[] | undefined {
    const file = this.byModule().get(module);
    if (!file) return undefined;
    // A name declared twice is exported once (the first declaration, as the analysis takes it).
    const seen = new Set<string>();
    return file.summary.declarations.filter((declaration) => !seen.has(declaration.name) && seen.add(declaration.name)).map(catalogDeclaration);
  }

  search(word: string, limit: number): readonly FoundInModule[] {
    const modules = this.byModule();
    return this.index
      .search(word, limit)
      .filter((found) => modules.get(found.module)?.path === pathOfBufferUri(found.uri))
      .map((found) => ({ module: found.module, declaration: catalogDeclaration(found.declaration) }));
  }

  /** The modules that declare `name` at their top level as a value (function, constant, variable) or a type, sorted. */
  modulesDeclaring(name: string, kind: 'value' | 'type'): string[] {
    const modules: string[] = [];
    for (const [module, file] of this.byModule()) {
      if (file.summary.declarations.some((declaration) => declaration.name === name && (declaration.kind === 'type') === (kind === 'type'))) modules.push(module);
    }
    return modules.sort();
  }

  /** Each module path a `use` can name, with the file it resolves to (not this file). */
  private byModule(): Map<string, IndexedFile> {
    if (this.files) return this.files;
    const roots = this.index.sourceRoots;
    const rank = (path: string): number => roots.findIndex((root) => isInside(path, root.path));
    const files = new Map<string, IndexedFile>();
    const ranks = new Map<string, number>();
    for (const file of this.index.currentFiles()) {
      // A file whose path no `use` can name (a dash in it, say) is no module.
      if (modulePathOf(moduleFilePath(file.module)) !== file.module) continue;
      const at = rank(file.path);
      const before = ranks.get(file.module);
      if (before !== undefined && before <= at) continue;
      files.set(file.module, file);
      ranks.set(file.module, at);
    }
    // This file is not a module it can import; a file of the same path in a later root is hidden by it.
    for (const [module, file] of files) if (file.path === this.self) files.delete(module);
    this.files = files;
    return files;
  }
}

function catalogDeclaration(declaration: DeclarationSummary): CatalogDeclaration {
  return { name: declaration.name, kind: declaration.kind, ...(declaration.detail !== undefined ? { detail: declaration.detail } : {}) };
}
