// The declared types of one program (`type Item { … }`): their fields, and type strings read
// against them. Built before name resolution, because functions may name types declared below.
// A type string's meaning depends only on which names are declared types, so a table built after
// an edit that declared or removed no type name takes over the previous table's resolved strings
// (and so the very same Type objects), and the fields of each declaration the document kept.
import type { Program, TypeDeclaration } from '../ast/ast';
import { recordAllTypeNames, recordTypeName, typeKeyOf } from './dependencies';
import type { ResolvedImports } from './modules';
import { BUILTIN_TYPE_NAMES, resolveTypeString, type DeclaredFields, type ResolvedTypeString, type Type } from './types';

export class TypeTable implements DeclaredFields {
  /** The first declaration of each type name (later duplicates are reported and ignored). */
  readonly declarations = new Map<string, TypeDeclaration>();
  private readonly fields = new Map<string, Map<string, Type>>();
  private readonly cache = new Map<string, ResolvedTypeString>();
  private readonly fingerprints = new Map<string, string>();
  /** Types imported by name (a declaration here of the same name wins), and the fields of those reachable through imports. */
  private readonly imported: ReadonlyMap<string, ReadonlyMap<string, Type>>;
  private readonly across: ReadonlyMap<string, ReadonlyMap<string, Type>>;
  private readonly isDeclared = (name: string): boolean => this.declarations.has(name) || this.imported.has(name);
  /** Whether the declared type names differ from the previous table's (true without one). */
  readonly namesChanged: boolean;
  /** The names declared in exactly one of this table and the previous one. */
  readonly declaredOrRemoved: ReadonlySet<string>;
  /**
   * The type names whose fingerprint differs from the previous table's (declared, removed, or with
   * other fields); undefined without a previous table.
   */
  readonly changed: ReadonlySet<string> | undefined;

  /**
   * @param previous the table of the same document before its latest edits, if any (given only
   *   when the imports mean the same as then: see analyze).
   */
  constructor(program: Program, previous?: TypeTable, imports?: ResolvedImports) {
    this.imported = imports?.types ?? NO_TYPES;
    this.across = imports?.fieldsAcross ?? NO_TYPES;
    for (const child of program.children) {
      if (child.type === 'TypeDeclaration' && child.name && !BUILTIN_TYPE_NAMES.has(child.name) && !this.declarations.has(child.name)) {
        this.declarations.set(child.name, child);
      }
    }
    const sameNames = previous !== undefined && sameKeys(previous.declarations, this.declarations);
    this.namesChanged = !sameNames;
    const declaredOrRemoved = new Set<string>();
    if (previous && !sameNames) {
      for (const name of previous.declarations.keys()) if (!this.declarations.has(name)) declaredOrRemoved.add(name);
      for (const name of this.declarations.keys()) if (!previous.declarations.has(name)) declaredOrRemoved.add(name);
    }
    this.declaredOrRemoved = declaredOrRemoved;
    if (previous && sameNames) for (const [text, resolved] of previous.cache) this.cache.set(text, resolved);
    for (const [name, declaration] of this.declarations) {
      const kept = sameNames ? previous?.fields.get(name) : undefined;
      if (kept && previous?.declarations.get(name) === declaration) {
        this.fields.set(name, kept);
        continue;
      }
      const fields = new Map<string, Type>();
      for (const field of declaration.fields) {
        if (!fields.has(field.name)) fields.set(field.name, this.resolve(field.fieldType).type);
      }
      this.fields.set(name, fields);
    }
    this.changed = previous ? this.changedSince(previous, sameNames) : undefined;
  }

  private changedSince(previous: TypeTable, sameNames: boolean): Set<string> {
    const changed = new Set<string>();
    for (const name of previous.declarations.keys()) if (!this.declarations.has(name)) changed.add(name);
    for (const [name, declaration] of this.declarations) {
      // The same declaration with the same declared names around it kept its fields.
      if (sameNames && previous.declarations.get(name) === declaration) continue;
      if (!previous.declarations.has(name) || previous.fingerprintOf(name) !== this.fingerprintOf(name)) changed.add(name);
    }
    return changed;
  }

  /** A type string read against this program's declared types (cached: strings repeat a lot). */
  resolve(text: string): ResolvedTypeString {
    let resolved = this.cache.get(text);
    if (!resolved) {
      resolved = resolveTypeString(text, this.isDeclared);
      this.cache.set(text, resolved);
    }
    for (const name of resolved.declaredNames) recordTypeName(name);
    for (const name of resolved.unknownNames) recordTypeName(name);
    return resolved;
  }

  fieldsOf(typeName: string): ReadonlyMap<string, Type> | undefined {
    recordTypeName(typeName);
    return this.fields.get(typeName) ?? this.imported.get(typeName) ?? this.across.get(typeName);
  }

  /** The type names a type string may use: declared here, then imported. */
  typeNames(): IterableIterator<string> {
    recordAllTypeNames();
    return this.imported.size === 0 ? this.declarations.keys() : new Set([...this.declarations.keys(), ...this.imported.keys()]).values();
  }

  /**
   * What a function's facts may depend on about a type name: whether it is declared, by which
   * node, and its fields' nodes, names and type strings (incremental analysis compares these).
   */
  fingerprintOf(typeName: string): string {
    let found = this.fingerprints.get(typeName);
    if (found === undefined) {
      const declaration = this.declarations.get(typeName);
      const fields = this.fields.get(typeName);
      found = declaration
        ? [declaration.id, ...declaration.fields.map((field) => `${field.id}:${field.name}:${typeKeyOf(fields?.get(field.name))}`)].join('\u0000')
        : '';
      this.fingerprints.set(typeName, found);
    }
    return found;
  }
}

const NO_TYPES: ReadonlyMap<string, ReadonlyMap<string, Type>> = new Map();

function sameKeys(a: ReadonlyMap<string, unknown>, b: ReadonlyMap<string, unknown>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a.keys()) if (!b.has(key)) return false;
  return true;
}
