// What completion may know of the other modules of the workspace: their paths and what each
// declares at its top level (its exports, docs/LANGUAGE.md "Modules"). Core reads no files: whoever
// keeps the workspace's files (workspace/module-catalog.ts, from the index) answers.

export interface CatalogDeclaration {
  readonly name: string;
  readonly kind: 'function' | 'type' | 'constant' | 'variable';
  /** As written: a function's signature, a type's fields (`{ a: number }`), a variable's declared type. */
  readonly detail?: string;
}

export interface FoundInModule {
  readonly module: string;
  readonly declaration: CatalogDeclaration;
}

/** The modules a file may import (not itself). */
export interface ModuleCatalog {
  /** Every module path a `use` can name. */
  modulePaths(): readonly string[];
  /** What the module declares at its top level, each name once; undefined when no file is that module. */
  declarationsOf(module: string): readonly CatalogDeclaration[] | undefined;
  /** Declarations whose names contain `word`'s characters in order, best match first, at most `limit`. */
  search(word: string, limit: number): readonly FoundInModule[];
}
