// What a file says about names other files can see: where it writes each of its own top-level
// declarations, and each name it imports (`use m.{x}`: the imported name, its uses, the type
// annotations naming it; `use m;`: the members `m.x`). Each token is resolved by the scope rules
// (the semantic model), so a local that shadows an imported name is not a reference to it. This is
// what references, rename and the call hierarchy across files read, from an open buffer's analysis
// or from the index's summary of a file not open.
import type { FunctionDeclaration, Span } from '../ast/ast';
import type { SemanticModel } from '../semantics/model';
import type { SemanticSymbol } from '../semantics/symbols';
import type { WhetstoneDocument } from '../syntax/document';
import { nameOccurrences, occurrenceAt, type NameOccurrence } from './name-occurrences';

/** A top-level name another file can import, named by where it is declared. */
export interface ModuleName {
  /** '' for a name this file declares; otherwise the module path it is imported from. */
  readonly module: string;
  readonly name: string;
}

export interface ModuleNameToken {
  /** The name token (for `m.x`, the `x`). */
  readonly span: Span;
  /** Whether it is the declaration itself (only for this file's own top-level names). */
  readonly declaration: boolean;
  /** Whether it is the callee of a call (`x(…)`, `m.x(…)`). */
  readonly call: boolean;
  /** The top-level function it is written in, if any. */
  readonly enclosing?: FunctionDeclaration;
}

export interface ModuleNameReferences extends ModuleName {
  readonly tokens: ModuleNameToken[];
}

const EXPORTED_KINDS = new Set(['function', 'type', 'constant', 'variable']);

/** Whether a symbol is a top-level declaration other files can import. */
export function isExportedSymbol(symbol: SemanticSymbol): boolean {
  return symbol.scope.kind === 'program' && EXPORTED_KINDS.has(symbol.kind);
}

/**
 * Every token of the document that denotes one of its own top-level declarations or an imported
 * name, grouped by name, in source order.
 */
export function moduleNameReferences(document: WhetstoneDocument, model: SemanticModel): ModuleNameReferences[] {
  const groups = new Map<string, ModuleNameReferences>();
  const functions = document.ast.children.filter((child): child is FunctionDeclaration => child.type === 'FunctionDeclaration');
  const add = (target: ModuleName, occurrence: NameOccurrence, span: Span, callee: string): void => {
    const key = `${target.module}\u0000${target.name}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { module: target.module, name: target.name, tokens: [] }));
    const enclosing = enclosingFunction(functions, span.startOffset);
    group.tokens.push({ span, declaration: occurrence.declaration && target.module === '', call: isCallee(document, callee), ...(enclosing ? { enclosing } : {}) });
  };
  for (const occurrence of nameOccurrences(document, model)) {
    const target = moduleNameOf(document, model, occurrence);
    if (!target) continue;
    const member = memberOf(document, occurrence);
    add(target, occurrence, member ? member.span : occurrence.span, member ? member.nodeId : occurrence.nodeId);
  }
  return [...groups.values()];
}

/** The top-level name the token at `offset` denotes (its own declaration, an import, `m.x`), if any. */
export function moduleNameAt(document: WhetstoneDocument, model: SemanticModel, offset: number): ModuleName | undefined {
  const occurrence = occurrenceAt(document, model, offset);
  if (!occurrence) return undefined;
  if (occurrence.kind === 'name' && document.nodeById(occurrence.nodeId)?.type === 'MemberExpression') {
    // `m.x`: the member is named by the object, the module's own binding.
    const member = document.nodeById(occurrence.nodeId);
    if (member?.type !== 'MemberExpression' || member.object.type !== 'Identifier') return undefined;
    const binding = model.symbolOf(member.object.id);
    return binding && isModuleBinding(binding) ? { module: binding.module ?? '', name: member.property } : undefined;
  }
  return moduleNameOf(document, model, occurrence);
}

/** What an occurrence denotes as a top-level name (a module binding's own token is none). */
function moduleNameOf(document: WhetstoneDocument, model: SemanticModel, occurrence: NameOccurrence): ModuleName | undefined {
  const symbol = occurrence.symbol;
  if (occurrence.kind === 'annotation' || occurrence.builtinType) return undefined;
  if (!symbol) return occurrence.kind === 'typeName' ? importedTypeName(model, occurrence.name) : undefined;
  if (isExportedSymbol(symbol)) return { module: '', name: symbol.name };
  if (symbol.kind !== 'import' || symbol.module === undefined) return undefined;
  if (symbol.importIndex !== undefined) return { module: symbol.module, name: symbol.name };
  const member = memberOf(document, occurrence);
  return member ? { module: symbol.module, name: member.name } : undefined;
}

/** `use m;` binds `m` itself; `use m.{x}` binds `x`. */
function isModuleBinding(symbol: SemanticSymbol): boolean {
  return symbol.kind === 'import' && symbol.importIndex === undefined && symbol.module !== undefined;
}

/** For a module binding's use as the object of `m.x`: the member's node, name and name token. */
function memberOf(document: WhetstoneDocument, occurrence: NameOccurrence): { nodeId: string; name: string; span: Span } | undefined {
  if (!occurrence.symbol || !isModuleBinding(occurrence.symbol) || occurrence.declaration) return undefined;
  const member = document.parentOf(occurrence.nodeId);
  if (member?.type !== 'MemberExpression' || member.object.id !== occurrence.nodeId) return undefined;
  const span = document.nameSpan(member.id);
  return span ? { nodeId: member.id, name: member.property, span } : undefined;
}

/**
 * A type name inside a type annotation that no declaration of this file resolves: it names the
 * imported type of that name (types are declared at the top level only, so nothing shadows it).
 */
function importedTypeName(model: SemanticModel, name: string): ModuleName | undefined {
  const symbol = model.programScope.symbols.get(name);
  return symbol && symbol.kind === 'import' && symbol.importIndex !== undefined && symbol.module !== undefined ? { module: symbol.module, name } : undefined;
}

function isCallee(document: WhetstoneDocument, nodeId: string): boolean {
  const parent = document.parentOf(nodeId);
  return parent?.type === 'CallExpression' && parent.callee.id === nodeId;
}

/** The top-level function whose span holds `offset` (functions in source order). */
function enclosingFunction(functions: readonly FunctionDeclaration[], offset: number): FunctionDeclaration | undefined {
  let low = 0;
  let high = functions.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const span = functions[mid].span;
    if (span.endOffset <= offset) low = mid + 1;
    else if (span.startOffset > offset) high = mid - 1;
    else return functions[mid];
  }
  return undefined;
}
