// A rename as mutations of the AST, for agents (renameSymbol, and `rename` in applyBatch): the same
// rules and the same name tokens as the editor's rename (rename.ts), each token turned into the
// setProperty of the field that holds it (a declaration's name, an identifier, a member, an object
// key, an imported name, a type name inside a type string). The mutation engine then prints them
// as one-token edits and gives the buffer the AST with every id kept.
//
// Across buffers: `use orders.{total};` imports `total` from the buffer whose path ends in
// `orders.wst` (`use lib.orders` from `lib/orders.wst`). Renaming a top-level declaration renames
// the imported name and its uses in every such buffer, by the same rules, and after `use orders;`
// the members `orders.total` that reach it. Renaming a field of a declared type renames, in every
// buffer importing the declaring one, the keys and members its values have there (rename-fields.ts).
import type { Node } from '../ast/ast';
import { KEYWORDS, isIdentifier } from '../ast/lexical';
import type { SetPropertyMutation } from '../ast/mutation';
import { occurrencesOf, occurrenceAt, type NameOccurrence } from '../queries/name-occurrences';
import { BUILTINS } from '../semantics/builtins';
import type { SemanticModel } from '../semantics/model';
import { BUILTIN_TYPE_NAMES } from '../semantics/types';
import type { WhetstoneDocument } from '../syntax/document';
import { isPlainName } from './preflight';
import { fieldRefusal, leftAloneNotes, planRename } from './rename';
import { importedFieldTokens, type FieldToken } from './rename-fields';
import { bindingChange, bindingChangeReason } from './rename-bindings';

export type RenameMutations =
  | {
      ok: true;
      oldName: string;
      mutations: SetPropertyMutation[];
      /** Whether other buffers can import the name (a top-level declaration). */
      exported: boolean;
      /** For a field: the declared type it belongs to (importing buffers build and read its values). */
      fieldOf?: string;
      /** What the rename left alone, where and why. */
      notes: string[];
    }
  | { ok: false; reason: string };

/** The mutations renaming the name at `offset` (its declaration and every use in this document). */
export function renameMutations(document: WhetstoneDocument, model: SemanticModel, offset: number, newName: string): RenameMutations {
  const plan = planRename(document, model, offset, newName);
  if (!plan.ok) return plan;
  const symbol = occurrenceAt(document, model, offset)?.symbol;
  if (!symbol) return { ok: false, reason: 'There is no name here to rename' };
  const mutations = [...mutationsFor(document, occurrencesOf(document, model, symbol), symbol.name, newName), ...tokenMutations(plan.fieldTokens, newName)];
  const exported = symbol.scope.kind === 'program' && (symbol.kind === 'function' || symbol.kind === 'type' || symbol.kind === 'constant' || symbol.kind === 'variable');
  return { ok: true, oldName: symbol.name, mutations, exported, notes: plan.notes, ...(symbol.kind === 'field' && symbol.ownerType ? { fieldOf: symbol.ownerType } : {}) };
}

/** The offset of the name a node stands for: a declaration's name, an identifier, a member… */
export function nameOffsetOf(document: WhetstoneDocument, nodeId: string): number | undefined {
  const span = document.nameSpan(nodeId);
  if (span) return span.startOffset;
  return document.nodeById(nodeId)?.span.startOffset;
}

/** Whether `use <module>` names the file at `path` ("a.b" names a path ending in "a/b.wst"). */
export function moduleNamesPath(module: string, path: string): boolean {
  if (module === '') return false;
  const file = `${module.split('.').join('/')}.wst`;
  const normalized = path.replace(/\\/g, '/');
  return normalized === file || normalized.endsWith(`/${file}`);
}

/**
 * In a document that imports `oldName` from a module `importsFrom` accepts, the mutations renaming
 * the imported name and its uses; an empty list when it imports no such name.
 */
export function importRenameMutations(
  document: WhetstoneDocument,
  model: SemanticModel,
  importsFrom: (module: string) => boolean,
  oldName: string,
  newName: string,
): { ok: true; mutations: SetPropertyMutation[] } | { ok: false; reason: string } {
  if (KEYWORDS.has(newName)) return { ok: false, reason: `'${newName}' is a keyword and cannot be a name` };
  if (!isIdentifier(newName)) return { ok: false, reason: `'${newName}' is not a valid identifier: use letters, digits and _, not starting with a digit` };
  const occurrences: NameOccurrence[] = [];
  const members: SetPropertyMutation[] = [];
  for (const child of document.ast.children) {
    if (child.type !== 'ImportDeclaration' || !importsFrom(child.module)) continue;
    if (child.names.length === 0) {
      members.push(...moduleMemberRenames(document, model, child.id, oldName, newName));
      continue;
    }
    if (!child.names.includes(oldName)) continue;
    const symbols = model.symbolsDeclaredBy(child.id).filter((symbol) => symbol.name === oldName);
    for (const symbol of symbols) {
      if (newName !== oldName && symbol.scope.symbols.has(newName)) {
        return { ok: false, reason: `'${newName}' is already declared at the top level of this buffer, which imports '${oldName}'` };
      }
      occurrences.push(...occurrencesOf(document, model, symbol));
    }
  }
  if (newName === oldName) return { ok: true, mutations: [] };
  if (occurrences.length === 0) return { ok: true, mutations: members };
  if (mayChangeBindings(document, newName)) {
    const changed = bindingChange(document, model, occurrences.map((o) => ({ span: o.span, newText: newName })), newName);
    if (changed) return { ok: false, reason: bindingChangeReason(`the imported '${oldName}'`, newName, changed) };
  }
  return { ok: true, mutations: [...mutationsFor(document, occurrences, oldName, newName), ...members] };
}

/**
 * Whether renaming an imported name to `newName` could change what some name of `document` means
 * (rename-bindings.ts, which reparses and analyses the renamed text to tell). It cannot when
 * `newName` is written nowhere in the text and is a plain name to the parser: the text then parses to
 * the same tree, the renamed uses find the import (at the top level, where nothing else is called
 * `newName`; nor is a built-in function or type), no other name is `newName` to be captured or shadowed, and
 * no local is called `newName` for the projections to confuse.
 */
function mayChangeBindings(document: WhetstoneDocument, newName: string): boolean {
  // A built-in's name may mean it where a type or a call is read, whatever the text says.
  return document.text.includes(newName) || BUILTINS.has(newName) || BUILTIN_TYPE_NAMES.has(newName) || !isPlainName(newName);
}

/**
 * After `use orders;`, the module's members are reached as `orders.total`: each member access on
 * the module's own binding whose member is `oldName`. A member is not a binding of this buffer,
 * so renaming it cannot capture or shadow anything here.
 */
function moduleMemberRenames(document: WhetstoneDocument, model: SemanticModel, importId: string, oldName: string, newName: string): SetPropertyMutation[] {
  const renames: SetPropertyMutation[] = [];
  for (const binding of model.symbolsDeclaredBy(importId)) {
    for (const occurrence of occurrencesOf(document, model, binding)) {
      if (occurrence.declaration) continue;
      const member = document.parentOf(occurrence.nodeId);
      if (member?.type !== 'MemberExpression' || member.object.id !== occurrence.nodeId || member.property !== oldName) continue;
      renames.push({ type: 'setProperty', nodeId: member.id, property: 'property', value: newName });
    }
  }
  return renames;
}

/**
 * In a buffer that imports from the buffer declaring `owner` (`declaring`), the mutations renaming
 * the field `owner.oldName`: keys of the literals passed to its functions, fields read on what they
 * return; refused when a use there cannot be told apart (rename-fields.ts).
 */
export function importedFieldRenameMutations(
  declaring: { document: WhetstoneDocument; model: SemanticModel },
  importer: { document: WhetstoneDocument; model: SemanticModel },
  importsFrom: (module: string) => boolean,
  owner: string,
  oldName: string,
  newName: string,
): { ok: true; mutations: SetPropertyMutation[]; notes: string[] } | { ok: false; reason: string } {
  if (newName === oldName) return { ok: true, mutations: [], notes: [] };
  const found = importedFieldTokens(declaring, importer, importsFrom, owner, oldName);
  if (!found.ok) return { ok: false, reason: fieldRefusal(oldName, owner, newName, found.reason) };
  return { ok: true, mutations: tokenMutations(found.tokens, newName), notes: leftAloneNotes(found.leftAlone) };
}

function tokenMutations(tokens: readonly FieldToken[], newName: string): SetPropertyMutation[] {
  return tokens.map((token) => ({ type: 'setProperty', nodeId: token.nodeId, property: token.property, value: newName }));
}

/** One setProperty per field holding the name, in source order. */
function mutationsFor(document: WhetstoneDocument, occurrences: readonly NameOccurrence[], oldName: string, newName: string): SetPropertyMutation[] {
  const byField = new Map<string, SetPropertyMutation>();
  for (const occurrence of occurrences) {
    const node = document.nodeById(occurrence.nodeId);
    if (!node) continue;
    const property = occurrence.kind === 'typeName' ? occurrence.property : NAME_FIELD[node.type];
    if (property === undefined) continue;
    const key = `${node.id}\u0000${property}`;
    if (byField.has(key)) continue;
    byField.set(key, { type: 'setProperty', nodeId: node.id, property, value: renamedValue(node, property, oldName, newName) });
  }
  return [...byField.values()];
}

/** The field that holds a node's own name. */
const NAME_FIELD: Partial<Record<Node['type'], string>> = {
  Identifier: 'name',
  FunctionDeclaration: 'name',
  Parameter: 'name',
  VariableDeclaration: 'name',
  TypeDeclaration: 'name',
  Field: 'name',
  MemberExpression: 'property',
  Property: 'key',
  ForStatement: 'iterator',
  TryStatement: 'catchName',
  ImportDeclaration: 'names',
};

function renamedValue(node: Node, property: string, oldName: string, newName: string): unknown {
  const value = (node as unknown as Record<string, unknown>)[property];
  if (Array.isArray(value)) return value.map((item) => (item === oldName ? newName : item));
  // A type string names types by whole words: list<Item>, map<string, Item>?
  if (typeof value === 'string' && value !== oldName) return value.replace(new RegExp(`\\b${oldName}\\b`, 'g'), newName);
  return newName;
}
