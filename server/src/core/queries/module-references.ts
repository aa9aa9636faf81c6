// What a file says about names other files can see: where it writes each of its own top-level
// declarations, and each name it imports (`use m.{x}`: the imported name, its uses, the type
// annotations naming it; `use m;`: the members `m.x`). Each token is resolved by the scope rules
// (the semantic model), so a local that shadows an imported name is not a reference to it. This is
// what references, rename and the call hierarchy across files read, from an open buffer's analysis
// or from the index's summary of a file not open.
import { walk, type FunctionDeclaration, type Node, type Program, type Span } from '../ast/ast';
import type { SemanticModel } from '../semantics/model';
import type { SemanticSymbol } from '../semantics/symbols';
import { stripOptional } from '../semantics/types';
import type { WhetstoneDocument } from '../syntax/document';
import { commentSpans, occurrenceAt, typeNameTokens, type NameOccurrence } from './name-occurrences';

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
 * name, grouped by name, in source order within each group. One walk of the AST, reading the
 * model's resolution of each identifier (no id index is built: the index asks this of every file).
 * Given `names`, every name the document writes is added to it in the same walk (writtenNames).
 */
export function moduleNameReferences(document: WhetstoneDocument, model: SemanticModel, options: { names?: Set<string> } = {}): ModuleNameReferences[] {
  const groups = new Map<string, ModuleNameReferences>();
  const add = (target: ModuleName, span: Span | undefined, token: { declaration?: boolean; call?: boolean; enclosing?: FunctionDeclaration }): void => {
    if (!span || span.endOffset <= span.startOffset) return;
    const key = `${target.module}\u0000${target.name}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { module: target.module, name: target.name, tokens: [] }));
    group.tokens.push({ span, declaration: token.declaration === true, call: token.call === true, ...(token.enclosing ? { enclosing: token.enclosing } : {}) });
  };
  const scope = model.programScope.symbols;
  const comments = commentSpans(document);
  const callees = new Set<Node>();
  for (const item of document.ast.children) {
    const enclosing = item.type === 'FunctionDeclaration' ? item : undefined;
    walk(item, (node, parent) => {
      if (options.names) addWrittenNames(node, options.names);
      switch (node.type) {
        case 'CallExpression':
          callees.add(node.callee);
          break;
        case 'Identifier': {
          const symbol = model.referredIn(item, node.id);
          if (!symbol) break;
          if (isExportedSymbol(symbol)) add({ module: '', name: symbol.name }, node.span, { call: callees.has(node), enclosing });
          else if (symbol.kind === 'import' && symbol.module !== undefined && symbol.importIndex !== undefined) add({ module: symbol.module, name: symbol.name }, node.span, { call: callees.has(node), enclosing });
          else if (symbol.kind === 'import' && symbol.module !== undefined && parent?.type === 'MemberExpression' && parent.object === node) {
            // `m.x` after `use m;`: the member names what the module declares.
            add({ module: symbol.module, name: parent.property }, document.nameSpanOfNode(parent), { call: callees.has(parent), enclosing });
          }
          break;
        }
        case 'ImportDeclaration':
          document.importNameSpansOfNode(node).forEach((span, index) => {
            const name = node.names[index];
            if (name) add({ module: node.module, name }, span, {});
          });
          break;
        default:
          break;
      }
      if (item === node && (node.type === 'FunctionDeclaration' || node.type === 'TypeDeclaration' || node.type === 'VariableDeclaration')) {
        const symbol = model.symbolsDeclaredBy(node.id)[0];
        if (symbol && isExportedSymbol(symbol)) add({ module: '', name: symbol.name }, document.nameSpanOfNode(node), { declaration: true, enclosing });
      }
      if (!writesTypeName(node, scope)) return;
      // Types are declared at the top level only: a type name means the program scope's.
      for (const token of typeNameTokens(document, node, comments)) {
        const symbol = scope.get(token.name);
        const target = symbol && typeTarget(symbol);
        if (target) add(target, document.spanAt(token.start, token.end), { enclosing });
      }
    });
  }
  for (const group of groups.values()) group.tokens.sort((a, b) => a.span.startOffset - b.span.startOffset);
  return [...groups.values()];
}

/** Whether a node's written type could name a declared or imported type of the program (a cheap look before the tokens are found). */
function writesTypeName(node: Node, scope: ReadonlyMap<string, SemanticSymbol>): boolean {
  const text = (node as { paramType?: unknown; returnType?: unknown; varType?: unknown; fieldType?: unknown }).paramType ?? (node as { returnType?: unknown }).returnType ?? (node as { varType?: unknown }).varType ?? (node as { fieldType?: unknown }).fieldType;
  if (typeof text !== 'string' || text === '') return false;
  for (const name of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
    const symbol = scope.get(name);
    if (symbol && typeTarget(symbol)) return true;
  }
  return false;
}

/** What a type name resolved in the program scope denotes: a declared type of this file, or an imported name. */
function typeTarget(symbol: SemanticSymbol): ModuleName | undefined {
  if (symbol.kind === 'type' && symbol.scope.kind === 'program') return { module: '', name: symbol.name };
  if (symbol.kind === 'import' && symbol.importIndex !== undefined && symbol.module !== undefined) return { module: symbol.module, name: symbol.name };
  return undefined;
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
  return moduleNameOf(model, occurrence);
}

/** What an occurrence denotes as a top-level name (a module binding `m` itself is none). */
function moduleNameOf(model: SemanticModel, occurrence: NameOccurrence): ModuleName | undefined {
  const symbol = occurrence.symbol;
  if (occurrence.kind === 'annotation' || occurrence.builtinType) return undefined;
  if (!symbol) return occurrence.kind === 'typeName' ? importedTypeName(model, occurrence.name) : undefined;
  if (isExportedSymbol(symbol)) return { module: '', name: symbol.name };
  if (symbol.kind === 'import' && symbol.module !== undefined && symbol.importIndex !== undefined) return { module: symbol.module, name: symbol.name };
  return undefined;
}

/**
 * A field of a type the file imports by name, at `offset`: `value.f` on a value of that type, or a
 * name the checker resolved to such a field. The model has no symbol of its own for a field
 * declared in another file, so the type is the value's.
 */
export function importedFieldAt(document: WhetstoneDocument, model: SemanticModel, offset: number): { module: string; type: string; field: string } | undefined {
  const occurrence = occurrenceAt(document, model, offset);
  const node = occurrence ? document.nodeById(occurrence.nodeId) : undefined;
  if (!occurrence || !node) return undefined;
  const symbol = occurrence.symbol;
  let owner: { type: string; field: string } | undefined;
  if (symbol?.kind === 'field' && symbol.ownerType) owner = { type: symbol.ownerType, field: symbol.name };
  else if (!symbol && node.type === 'MemberExpression') {
    const type = model.typeOf(node.object.id);
    const base = type ? stripOptional(type) : undefined;
    if (base?.kind === 'named') owner = { type: base.name, field: node.property };
  }
  const imported = owner ? importedTypeName(model, owner.type) : undefined;
  return owner && imported ? { module: imported.module, ...owner } : undefined;
}

/** The module path of the `use` whose path the offset is on. */
export function usePathAt(document: WhetstoneDocument, offset: number): string | undefined {
  const node = document.nodeAt(offset);
  if (node.type !== 'ImportDeclaration') return undefined;
  // The path is the first thing after `use`; `node.module` is it without spaces or comments, so a
  // path written across them is not found here (it is still imported).
  const start = document.text.indexOf(node.module, node.span.startOffset);
  if (start < 0 || start >= node.span.endOffset || offset < start || offset > start + node.module.length) return undefined;
  return node.module;
}

/** `use m;` binds `m` itself; `use m.{x}` binds `x`. */
function isModuleBinding(symbol: SemanticSymbol): boolean {
  return symbol.kind === 'import' && symbol.importIndex === undefined && symbol.module !== undefined;
}

/**
 * A type name inside a type annotation that no declaration of this file resolves: it names the
 * imported type of that name (types are declared at the top level only, so nothing shadows it).
 */
function importedTypeName(model: SemanticModel, name: string): ModuleName | undefined {
  const symbol = model.programScope.symbols.get(name);
  return symbol && symbol.kind === 'import' && symbol.importIndex !== undefined && symbol.module !== undefined ? { module: symbol.module, name } : undefined;
}

/**
 * Every name written in a program as a name (declared, used, imported, a member, a key, in a
 * type): a rename to a name none of them is cannot clash with anything there.
 */
export function writtenNames(program: Program): Set<string> {
  const names = new Set<string>();
  walk(program, (node) => addWrittenNames(node, names));
  return names;
}

function addWrittenNames(node: Node, names: Set<string>): void {
  switch (node.type) {
    case 'Identifier':
    case 'FunctionDeclaration':
    case 'TypeDeclaration':
    case 'VariableDeclaration':
    case 'Parameter':
    case 'Field':
      names.add(node.name);
      break;
    case 'MemberExpression':
      names.add(node.property);
      break;
    case 'Property':
      names.add(node.key);
      break;
    case 'ForStatement':
      names.add(node.iterator);
      break;
    case 'TryStatement':
      names.add(node.catchName);
      break;
    case 'ImportDeclaration':
      for (const name of node.names) names.add(name);
      for (const name of node.module.split('.')) names.add(name);
      break;
    default:
      break;
  }
  // Read one by one, not through a list: this runs on every node of every file the index reads.
  const typed = node as { paramType?: unknown; returnType?: unknown; varType?: unknown; fieldType?: unknown };
  addTypeNames(typed.paramType, names);
  addTypeNames(typed.returnType, names);
  addTypeNames(typed.varType, names);
  addTypeNames(typed.fieldType, names);
}

/** The names a written type (`map<string, Item>?`) mentions. */
function addTypeNames(text: unknown, names: Set<string>): void {
  if (typeof text === 'string' && text !== '') for (const name of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) names.add(name);
}
