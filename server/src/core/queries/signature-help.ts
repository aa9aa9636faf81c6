// Signature help: the signature of the function whose arguments the cursor is writing, and which
// parameter the cursor's argument fills. The call comes from the text (enclosing-call.ts), so a
// call being typed works too; what is called comes from the semantic model: the parsed callee's
// type, or for a call that does not parse yet, the names written before its `(` looked up in the
// scope there. A user function shows its parameters' names, types and defaults and the comment
// lines above it; a library function its description; a built-in its own signature and doc.
import type { FunctionDeclaration, Node } from '../ast/ast';
import type { SemanticModel } from '../semantics/model';
import { visibleSymbols } from '../semantics/scopes';
import type { SemanticSymbol } from '../semantics/symbols';
import { parameterTexts, stripOptional, typeToString, type FunctionType, type Type } from '../semantics/types';
import type { WhetstoneDocument } from '../syntax/document';
import { scopeAtOffset } from './completion';
import { documentationComment } from './doc-comments';
import { enclosingCall } from './enclosing-call';

export interface SignatureParameter {
  /** The parameter as the label writes it (`taxRate: number = 0.2`). */
  readonly label: string;
  /** Where it is in the signature's label: [start, end) in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
}

export interface Signature {
  /** `fn calculateTotal(order: Order, taxRate: number = 0.2): number` */
  readonly label: string;
  readonly parameters: readonly SignatureParameter[];
  /** Whether the last parameter takes every further argument (`...values: any`). */
  readonly rest: boolean;
}

export interface SignatureHelp {
  /** More than one only for a built-in whose signature has more than one form (`range`). */
  readonly signatures: readonly Signature[];
  readonly activeSignature: number;
  /** The parameter the argument at the cursor fills; undefined when it is one too many. */
  readonly activeParameter: number | undefined;
  /** Which argument the cursor is in (0 for the first). */
  readonly argumentIndex: number;
  /** Documentation: a built-in's is Markdown of ours; the file's or the library's is plain text. */
  readonly documentation?: { readonly text: string; readonly markdown: boolean };
}

/** The signature help at `offset`, or undefined when the cursor is in no call of a known function. */
export function signatureHelpAt(document: WhetstoneDocument, model: SemanticModel, offset: number): SignatureHelp | undefined {
  const call = enclosingCall(document, offset);
  if (!call) return undefined;
  const callee = parsedCallee(document, model, call.calleeEnd, call.openParen) ?? writtenCallee(document, model, call.calleeEnd);
  const type = callee && stripOptional(callee.type);
  if (!callee || type?.kind !== 'function') return undefined;

  const signatures = callee.symbol?.builtin ? builtinSignatures(callee.symbol.builtin.signature) : [signatureOfType(callee, type, model)];
  if (signatures.length === 0) return undefined;
  const index = call.argumentIndex;
  let activeSignature = signatures.findIndex((signature) => index < signature.parameters.length || signature.rest);
  if (activeSignature < 0) activeSignature = signatures.length - 1;
  const active = signatures[activeSignature];
  const activeParameter = index < active.parameters.length ? index : active.rest ? active.parameters.length - 1 : undefined;
  const documentation = documentationOf(document, model, callee);
  return { signatures, activeSignature, activeParameter, argumentIndex: index, ...(documentation ? { documentation } : {}) };
}

interface Callee {
  readonly name: string;
  readonly type: Type;
  readonly symbol?: SemanticSymbol;
  /** For a module's member (`http.get`): the module and the member's name, to find its library entry. */
  readonly member?: { readonly module: string; readonly name: string };
}

/** The callee of a call that parsed: the CallExpression whose callee ends where the call's `(` is preceded. */
function parsedCallee(document: WhetstoneDocument, model: SemanticModel, calleeEnd: number, openParen: number): Callee | undefined {
  for (let node: Node | undefined = document.nodeAt(openParen); node; node = document.parentOf(node.id)) {
    if (node.type !== 'CallExpression' || node.callee.span.endOffset !== calleeEnd) continue;
    const type = model.typeOf(node.callee.id);
    if (!type) return undefined;
    const symbol = model.symbolOf(node.callee.id);
    if (node.callee.type === 'Identifier') return { name: node.callee.name, type, ...(symbol ? { symbol } : {}) };
    if (node.callee.type === 'MemberExpression') {
      const objectType = model.typeOf(node.callee.object.id);
      const module = objectType?.kind === 'module' ? { member: { module: objectType.name, name: node.callee.property } } : {};
      return { name: node.callee.property, type, ...(symbol ? { symbol } : {}), ...module };
    }
    return { name: '', type };
  }
  return undefined;
}

/** A call that does not parse yet (`total(1, `): the names written before its `(` (`a.b.c`), looked up in scope. */
function writtenCallee(document: WhetstoneDocument, model: SemanticModel, calleeEnd: number): Callee | undefined {
  const chain = /([A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*)$/.exec(document.text.slice(Math.max(0, calleeEnd - 500), calleeEnd));
  if (!chain) return undefined;
  const names = chain[1].split('.').map((name) => name.trim());
  const first = visibleSymbols(scopeAtOffset(document, model, calleeEnd), calleeEnd).find((symbol) => symbol.name === names[0]);
  if (!first) return undefined;
  let callee: Callee = { name: first.name, type: first.type, symbol: first };
  for (const name of names.slice(1)) {
    const owner = callee.type;
    const field = model.fieldsOfType(owner).find((candidate) => candidate.name === name);
    if (!field) return undefined;
    const module = owner.kind === 'module' ? { member: { module: owner.name, name } } : {};
    callee = { name, type: field.type, ...(field.symbol ? { symbol: field.symbol } : {}), ...module };
  }
  return callee;
}

/** The label from the callee's function type: `fn name(…): R` for a function, `name(…): R` for a value holding one. */
function signatureOfType(callee: Callee, type: FunctionType, model: SemanticModel): Signature {
  const symbol = callee.symbol;
  const isFunction = !symbol || symbol.kind === 'function' || symbol.kind === 'import' || callee.member !== undefined;
  const declaration = symbol?.declNodeId ? model.nodeById(symbol.declNodeId) : undefined;
  // As hover does: a function declared without a return type shows none, rather than an inferred one.
  const returns = declaration?.type === 'FunctionDeclaration' && declaration.returnType === null ? '' : `: ${typeToString(type.returnType)}`;
  let label = `${type.async ? 'async ' : ''}${isFunction ? 'fn ' : ''}${callee.name}(`;
  const parameters: SignatureParameter[] = [];
  parameterTexts(type).forEach((text, index) => {
    if (index > 0) label += ', ';
    parameters.push({ label: text, start: label.length, end: label.length + text.length });
    label += text;
  });
  label += `)${returns}`;
  return { label, parameters, rest: type.rest !== undefined };
}

/**
 * A built-in's signatures as its own text writes them (type parameters included: `list<T>`), one
 * per form (`range` has three, joined by `  |  `).
 */
function builtinSignatures(text: string): Signature[] {
  const out: Signature[] = [];
  for (const label of text.split('  |  ')) {
    const open = label.indexOf('(');
    if (open < 0) continue;
    const parameters: SignatureParameter[] = [];
    let depth = 0;
    let start = open + 1;
    let close = -1;
    for (let at = open + 1; at < label.length && close < 0; at++) {
      const ch = label[at];
      if (ch === '(' || ch === '<') depth++;
      else if ((ch === ')' || ch === '>') && depth > 0) depth--;
      else if (ch === ')' || (ch === ',' && depth === 0)) {
        const written = label.slice(start, at).trim();
        if (written) {
          const from = label.indexOf(written, start);
          parameters.push({ label: written, start: from, end: from + written.length });
        }
        if (ch === ')') close = at;
        start = at + 1;
      }
    }
    out.push({ label, parameters, rest: parameters[parameters.length - 1]?.label.startsWith('...') === true });
  }
  return out;
}

function documentationOf(document: WhetstoneDocument, model: SemanticModel, callee: Callee): SignatureHelp['documentation'] {
  const symbol = callee.symbol;
  if (symbol?.builtin) return { text: symbol.builtin.doc, markdown: true };
  const library = symbol?.library ?? (callee.member ? model.library?.lookup(callee.member.module, callee.member.name) : undefined);
  if (library?.fn.description) return { text: library.fn.description, markdown: false };
  const declaration = symbol?.kind === 'function' && symbol.declNodeId ? model.nodeById(symbol.declNodeId) : undefined;
  if (declaration?.type !== 'FunctionDeclaration') return undefined;
  const comment = documentationComment(document, declaration as FunctionDeclaration);
  return comment ? { text: comment, markdown: false } : undefined;
}
