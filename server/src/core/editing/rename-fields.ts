// Renaming a field of a declared type reaches past the names the checker resolved: a field is also
// written as an object literal's key, read as `.field` and as `value["field"]`, in the buffer that
// declares the type and in the buffers that import from it. Where the type of the value is known,
// the token is renamed when that type is the field's type and left alone when it is another one.
// Where it is not known (`any`: an untyped parameter, a value imported from another buffer, which
// the checker does not type across buffers, JSON from a library): an object literal written with
// exactly the type's fields may be one of its values, and would then lack the renamed field, so the
// rename is refused, naming it; a field read from such a value (often data from outside the
// program, whose keys the rename must not change) is left alone and reported with its place.
//
// In an importing buffer, the calls of the declaring buffer's functions (`make({…})`,
// `lib.make({…})`, `make(1).field`, `let p = make(1); p.field`) are typed from that buffer's
// signatures, so an object literal passed to a parameter of the type, and a field read on a result
// of the type, are renamed.
import type { Expression, ImportDeclaration, Node, ObjectLiteral, Span } from '../ast/ast';
import { walk } from '../ast/ast';
import type { SemanticModel } from '../semantics/model';
import type { SemanticSymbol } from '../semantics/symbols';
import { ANY, stripOptional, type FunctionType, type Type } from '../semantics/types';
import type { WhetstoneDocument } from '../syntax/document';

/** How many reads left alone are listed one by one (the rest are counted). */
const MAX_LISTED = 20;

/** One token naming the field: an object key, a member, or the text inside a string index. */
export interface FieldToken {
  readonly nodeId: string;
  readonly property: 'key' | 'property' | 'value';
  /** The name's characters (for a string index the whole string literal, written again: fieldTokenText). */
  readonly span: Span;
}

/** The text that replaces a token's span. */
export function fieldTokenText(token: FieldToken, newName: string): string {
  return token.property === 'value' ? JSON.stringify(newName) : newName;
}

export type FieldTokens = { ok: true; tokens: FieldToken[]; /** Reads of the name from values of unknown type, left alone: where and why. */ leftAlone: string[] } | { ok: false; reason: string };

interface Buffer {
  readonly document: WhetstoneDocument;
  readonly model: SemanticModel;
}

/**
 * In the buffer that declares the field's type, the tokens naming the field that the model did not
 * resolve to it (string indexes; keys of literals of the type it did not tie to the field), or why
 * the rename cannot tell.
 */
export function fieldTokens(document: WhetstoneDocument, model: SemanticModel, field: SemanticSymbol): FieldTokens {
  if (!field.ownerType) return { ok: true, tokens: [], leftAlone: [] };
  return collect({ document, model }, field.ownerType, field.name, model, { known: new Map(), ownTypesAreDeclaring: true }, (id) => model.symbolOf(id) === field);
}

/**
 * In a buffer that imports from the declaring buffer (`importsFrom` accepts the module path), every
 * token naming the field `owner.name`, or why the rename cannot tell. A buffer that imports
 * nothing from it gives no tokens.
 */
export function importedFieldTokens(declaring: Buffer, importer: Buffer, importsFrom: (module: string) => boolean, owner: string, name: string): FieldTokens {
  const imports = importer.document.ast.children.filter((child): child is ImportDeclaration => child.type === 'ImportDeclaration' && importsFrom(child.module));
  if (imports.length === 0) return { ok: true, tokens: [], leftAlone: [] };
  const bindings = new Set(imports.flatMap((decl) => importer.model.symbolsDeclaredBy(decl.id)));
  const known = typesFromSignatures(declaring.model, importer, bindings);
  // A type imported from the declaring buffer (`use m.{Order}`) is its type there too.
  const importedTypes = new Set([...bindings].map((binding) => binding.name));
  return collect(importer, owner, name, declaring.model, { known, ownTypesAreDeclaring: false, importedTypes }, () => false);
}

/**
 * The types an importing buffer's checker cannot see: each argument of a call of the declaring
 * buffer's function gets its parameter's type, each such call its return type (and an untyped
 * variable it initialises, that type), and inside object and list literals of those types the
 * fields and elements get theirs.
 */
function typesFromSignatures(declaring: SemanticModel, importer: Buffer, bindings: ReadonlySet<SemanticSymbol>): Map<string, Type> {
  const known = new Map<string, Type>();
  const signatureOf = (callee: Expression): FunctionType | undefined => {
    let name: string | undefined;
    if (callee.type === 'Identifier') {
      const symbol = importer.model.symbolOf(callee.id);
      if (symbol && bindings.has(symbol) && symbol.importIndex !== undefined) name = symbol.name;
    } else if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier') {
      const symbol = importer.model.symbolOf(callee.object.id);
      if (symbol && bindings.has(symbol) && symbol.importIndex === undefined) name = callee.property;
    }
    const type = name === undefined ? undefined : declaring.programScope.symbols.get(name)?.type;
    return type?.kind === 'function' ? type : undefined;
  };
  const expect = (expression: Expression, type: Type): void => {
    known.set(expression.id, type);
    const base = stripOptional(type);
    if (expression.type === 'ObjectLiteral') {
      const fields = base.kind === 'named' ? declaring.types.fieldsOf(base.name) : undefined;
      for (const property of expression.properties) {
        const fieldType = base.kind === 'map' ? base.value : fields?.get(property.key);
        if (property.value && fieldType) expect(property.value, fieldType);
      }
    } else if (expression.type === 'ArrayLiteral' && base.kind === 'list') {
      for (const element of expression.elements) expect(element, base.element);
    }
  };
  walk(importer.document.ast, (node) => {
    if (node.type !== 'CallExpression') return;
    const signature = signatureOf(node.callee);
    if (!signature) return;
    known.set(node.id, signature.returnType);
    node.arguments.forEach((argument, index) => {
      const parameter = signature.params[index]?.type ?? signature.rest?.type;
      if (parameter) expect(argument, parameter);
    });
  });
  // A variable without a written type has its initializer's type, as the checker gives it.
  const variables = new Map<SemanticSymbol, Type>();
  walk(importer.document.ast, (node) => {
    if (node.type === 'VariableDeclaration' && node.varType === null && node.initializer) {
      const initializer = node.initializer;
      const from = initializer.type === 'Identifier' ? importer.model.symbolOf(initializer.id) : undefined;
      const type = known.get(initializer.id) ?? (from ? variables.get(from) : undefined);
      const symbol = importer.model.symbolsDeclaredBy(node.id)[0];
      if (type && symbol) variables.set(symbol, type);
    } else if (node.type === 'Identifier') {
      const symbol = importer.model.symbolOf(node.id);
      const type = symbol ? variables.get(symbol) : undefined;
      if (type) known.set(node.id, type);
    }
  });
  return known;
}

/** Stands for a declared type of an importing buffer (never the renamed field's type). */
const ANOTHER_TYPE: Type = { kind: 'named', name: '(a type of this buffer)' };

interface Typing {
  /** Types from the declaring buffer's signatures, by node id (in an importing buffer). */
  readonly known: ReadonlyMap<string, Type>;
  /** Whether the buffer's own declared types are the declaring buffer's (in an importing buffer a type of the same name is another type). */
  readonly ownTypesAreDeclaring: boolean;
  /** In an importing buffer, the names it imports from the declaring buffer: a value of such a type is of the declaring buffer's type. */
  readonly importedTypes?: ReadonlySet<string>;
}

/**
 * The field's tokens in one buffer. `resolved` says which the model already tied to the field (they
 * are renamed as its references); `declaring` has the owner type's fields.
 */
function collect(buffer: Buffer, owner: string, name: string, declaring: SemanticModel, typing: Typing, resolved: (nodeId: string) => boolean): FieldTokens {
  const { document, model } = buffer;
  const ownerFields = [...(declaring.types.fieldsOf(owner)?.keys() ?? [])].sort().join(',');
  /** The value's type; a type the buffer declares itself is not the declaring buffer's, whatever its name. */
  const typeOf = (node: Node): Type => {
    const fromDeclaring = typing.known.get(node.id);
    if (fromDeclaring) return stripOptional(fromDeclaring);
    const own = stripOptional(model.typeOf(node.id) ?? ANY);
    return own.kind === 'named' && !typing.ownTypesAreDeclaring && !typing.importedTypes?.has(own.name) ? ANOTHER_TYPE : own;
  };
  const tokens: FieldToken[] = [];
  const unknown: string[] = [];
  const leftAlone: string[] = [];

  walk(document.ast, (node) => {
    if (node.type === 'ObjectLiteral') {
      const property = node.properties.find((candidate) => candidate.key === name);
      if (!property || resolved(property.id)) return;
      const type = typeOf(node);
      if (type.kind === 'named' && type.name === owner) {
        const span = document.nameSpan(property.id);
        if (span) tokens.push({ nodeId: property.id, property: 'key', span });
      } else if ((type.kind === 'object' || type.kind === 'any') && keysOf(node) === ownerFields && unknown.length < 3) {
        unknown.push(`the object literal at line ${node.span.start.line} has its fields, but its type is not known there`);
      }
    } else if (node.type === 'MemberExpression') {
      if (node.property !== name || resolved(node.id)) return;
      const type = typeOf(node.object);
      if (type.kind === 'named' && type.name === owner) {
        const span = document.nameSpan(node.id);
        if (span) tokens.push({ nodeId: node.id, property: 'property', span });
      } else if (type.kind === 'any') {
        leftAlone.push(`'.${name}' at line ${node.span.start.line}`);
      }
    } else if (node.type === 'IndexExpression') {
      const index = node.index;
      if (index?.type !== 'Literal' || index.value !== name || !node.object) return;
      const type = typeOf(node.object);
      if (type.kind === 'named' && type.name === owner) {
        tokens.push({ nodeId: index.id, property: 'value', span: index.span });
      } else if (type.kind === 'any') {
        leftAlone.push(`'["${name}"]' at line ${node.span.start.line}`);
      }
    }
  });
  if (leftAlone.length > MAX_LISTED) leftAlone.splice(MAX_LISTED, leftAlone.length - MAX_LISTED, `${leftAlone.length - MAX_LISTED} more reads of '${name}'`);
  if (unknown.length > 0) {
    return {
      ok: false,
      reason: `the rename cannot tell whether these are values of ${owner}: ${unknown.join('; ')} (give the literal its type, e.g. a typed let or parameter, or rename its key by hand)`,
    };
  }
  return { ok: true, tokens, leftAlone };
}

function keysOf(literal: ObjectLiteral): string {
  return literal.properties
    .map((property) => property.key)
    .sort()
    .join(',');
}
