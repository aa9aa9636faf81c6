// What both importers know of a class read as a record plus functions (docs/PROJECTION.md,
// "Classes"): its shape, the names its constructor and methods take, and what the file's calls
// of its methods and reads of its fields are waiting on. python-classes.ts and
// javascript-classes.ts read the shapes; class-method-calls.ts turns the calls into functions.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from '../../core/ast';
import { BUILTINS } from '../../core/semantics';
import type { ProjectionDiagnostic } from '../diagnostics';
import { field, type AstBuilder } from './ast-builder';

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

/** How a constructor's statements read in one language: which set a field first, which read the instance, and each value as Whetstone. */
export interface ConstructorReading {
  fieldSet: (statement: SyntaxNode) => { field: string; assignment: SyntaxNode } | undefined;
  readsSelf: (node: SyntaxNode) => boolean;
  expression: (node: SyntaxNode) => A.Expression;
}

/**
 * The record a constructor builds: `const self: C = { f: …, … }`, with the `given` fields (a
 * TypeScript class's declared ones) and then those of the statements setting each field first that
 * follow the statements not reading the instance (from `at` where given), none of whose values
 * reads it: the source runs the same values in the same order. It takes the place of those
 * statements (`at`, `count`; where there are none, it spans `where`); `unset` are the fields it does not give a value (the caller says why).
 */
export function builtRecord(b: AstBuilder, shape: ClassShape, statements: SyntaxNode[], reading: ConstructorReading, given: A.Property[] = [], from?: number, where?: SyntaxNode): { at: number; count: number; declaration: A.VariableDeclaration; unset: string[] } {
  let at = from ?? statements.findIndex((statement) => reading.readsSelf(statement));
  if (at < 0) at = statements.length;
  const properties = [...given];
  let count = 0;
  for (const statement of statements.slice(at)) {
    const set = reading.fieldSet(statement);
    const value = set && field(set.assignment, 'right');
    if (!set || !value || properties.some((property) => property.key === set.field) || reading.readsSelf(value)) break;
    properties.push(b.make<A.Property>('Property', statement, { key: set.field, value: reading.expression(value) }));
    count++;
  }
  // It stands for the statements it gathers: it spans them all.
  const first = statements[at] ?? statements[statements.length - 1];
  const span = first ? b.spanBetween(first.startIndex, (statements[at + count - 1] ?? first).endIndex) : where ? b.span(where) : b.spanBetween(0, 0);
  const built = b.make<A.ObjectLiteral>('ObjectLiteral', span, { properties });
  const declaration = b.make<A.VariableDeclaration>('VariableDeclaration', span, { name: shape.selfName, kind: 'const', varType: shape.name, annotations: [], initializer: built });
  return { at, count, declaration, unset: [...shape.fieldValues.keys()].filter((name) => !properties.some((property) => property.key === name)) };
}

/**
 * Types each field of the carried classes: its declared type where `declared` gives one, else the
 * one type its values agree on (its first value and, where one class alone has a field of that
 * name, every value `values` has for the name), `T?` where one of them is null, `any` where they
 * do not agree or are not known. Read twice, so a field set from another field is typed too.
 */
export function typeFieldsByValues(classes: FileClasses, values: ReadonlyMap<string, SyntaxNode[]>, declared: (shape: ClassShape, name: string) => string | undefined, firstValue: (set: SyntaxNode) => SyntaxNode | undefined, valueType: (value: SyntaxNode) => string): void {
  const owners = new Map<string, number>();
  for (const shape of classes.carried.values()) for (const name of shape.fields.keys()) owners.set(name, (owners.get(name) ?? 0) + 1);
  for (let round = 0; round < 2; round++) {
    for (const shape of classes.carried.values()) {
      for (const name of shape.fields.keys()) {
        const type = declared(shape, name);
        if (type) {
          shape.fields.set(name, type);
          continue;
        }
        const own = firstValue(shape.fieldValues.get(name)!);
        const given = owners.get(name) === 1 ? (values.get(name) ?? []) : own ? [own] : [];
        const types = new Set([...(own ? [own] : []), ...given].map(valueType));
        const optional = types.delete('null');
        types.delete('any');
        const agreed = types.size === 1 ? [...types][0] : 'any';
        shape.fields.set(name, optional && agreed !== 'any' && !agreed.endsWith('?') ? `${agreed}?` : agreed);
      }
    }
  }
}
