// What both importers know of a class read as a record plus functions (docs/PROJECTION.md,
// "Classes"): its shape, the names its constructor and methods take, and what the file's calls
// of its methods and reads of its fields are waiting on. python-classes.ts and
// javascript-classes.ts read the shapes; class-method-calls.ts turns the calls into functions.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from '../../core/ast';
import { BUILTINS } from '../../core/semantics';
import type { ProjectionDiagnostic } from '../diagnostics';

export interface ClassShape {
  name: string;
  /** The name the record being built has in the constructor and the methods (`self`). */
  selfName: string;
  /** The constructor (`__init__`, `constructor`), where the class has one. */
  init?: SyntaxNode;
  /** Field names in the order the record first sets them, with their Whetstone types. */
  fields: Map<string, string>;
  /** What sets each field first: an assignment whose `right` is the value (in `fields`' order), a field declaration or a parameter property. */
  fieldValues: Map<string, SyntaxNode>;
  methods: Map<string, SyntaxNode>;
}

export interface FileClasses {
  /** The classes carried as records, by name, and those that are not (each reason reported). */
  carried: Map<string, ClassShape>;
  refused: Set<string>;
  /** The method names of every class of the file (carried or not): a call of one is never read as a library method. */
  methodNames: Set<string>;
  /** The field names of the carried classes: `obj.f` of one is a field read. */
  fieldNames: Set<string>;
  /** The CallExpression ids of `obj.m(…)` calls of a method name, and the MemberExpression ids of field reads, for class-method-calls.ts. */
  methodCalls: Set<string>;
  fieldReads: Set<string>;
  /** Reads `obj.m` of a method name not called (their ids, with the name): a method used as a value where obj is an instance. */
  methodValues: Map<string, string>;
  /** The library reading of each such call (`xs.pop()` of a list), where its receiver is not an instance. */
  libraryReadings: Map<string, { expression: A.Expression; diagnostics: ProjectionDiagnostic[]; statements?: A.Statement[] }>;
}

export const constructorName = (name: string): string => `${name}_new`;
export const methodName = (name: string, method: string): string => `${name}_${method}`;

export function noClasses(): FileClasses {
  return { carried: new Map(), refused: new Set(), methodNames: new Set(), fieldNames: new Set(), methodCalls: new Set(), fieldReads: new Set(), methodValues: new Map(), libraryReadings: new Map() };
}

/**
 * Files each shape as carried, or as refused where a function it would make (`C_new`, `C_m`) is
 * already a name of the file, a built-in, or another class's: `report` names both.
 */
export function fileShapes(found: FileClasses, shapes: { shape: ClassShape; at: SyntaxNode }[], taken: ReadonlySet<string>, report: (at: SyntaxNode, what: string) => void): void {
  const generated = new Map<string, string>();
  for (const { shape, at } of shapes) {
    let clash = false;
    for (const name of [constructorName(shape.name), ...[...shape.methods.keys()].map((method) => methodName(shape.name, method))]) {
      const other = generated.get(name) ?? (taken.has(name) ? 'a name of the file' : BUILTINS.has(name) ? 'a built-in' : undefined);
      if (other) {
        report(at, `the class ${shape.name}, whose function ${name} would clash with ${other}`);
        clash = true;
      }
      generated.set(name, `the class ${shape.name}'s ${name}`);
    }
    if (clash) found.refused.add(shape.name);
    else found.carried.set(shape.name, shape);
  }
  for (const shape of found.carried.values()) for (const name of shape.fields.keys()) found.fieldNames.add(name);
}
