// Where each name is written in a buffer and what it denotes: every identifier, declared name,
// field access, object key, imported name, type name inside a type annotation and annotation type,
// with the symbol the semantic model resolved it to. Hover, go to definition, references, rename
// and semantic highlighting all ask this one table, so they agree with each other and with the
// checker (the model does the resolving; this file only finds the tokens).
import { walk, type Node, type Span } from '../ast/ast';
import { KEYWORDS } from '../ast/lexical';
import type { SemanticModel } from '../semantics/model';
import type { SemanticSymbol } from '../semantics/symbols';
import { BUILTIN_TYPE_NAMES } from '../semantics/types';
import type { WhetstoneDocument } from '../syntax/document';

export type OccurrenceKind =
  /** A name in code or a declaration: identifiers, declared names, fields, keys, imported names. */
  | 'name'
  /** A name inside a type annotation (`list<Item>`): a declared type or a built-in type name. */
  | 'typeName'
  /** The `@type` of an annotation; the span includes the `@`. */
  | 'annotation';

export interface NameOccurrence {
  readonly kind: OccurrenceKind;
  readonly name: string;
  /** The name token (UTF-16 offsets, 1-based lines). */
  readonly span: Span;
  /** The node the name belongs to (the declaring node for a declaration, the Annotation…). */
  readonly nodeId: string;
  /** What the name denotes, when the model resolved it. */
  readonly symbol?: SemanticSymbol;
  /** Whether this occurrence declares the symbol. */
  readonly declaration: boolean;
  /** A built-in type name (number, list…) inside a type annotation. */
  readonly builtinType?: boolean;
  /** For a typeName: the property holding the type string (paramType, varType, fieldType, returnType). */
  readonly property?: string;
}

/** The properties that hold type strings, per node type. */
const TYPE_PROPERTIES: Partial<Record<Node['type'], string>> = {
  Parameter: 'paramType',
  Field: 'fieldType',
  VariableDeclaration: 'varType',
  FunctionDeclaration: 'returnType',
  Lambda: 'returnType',
};

const cache = new WeakMap<SemanticModel, { document: WhetstoneDocument; revision: number; occurrences: NameOccurrence[] }>();

/** Every name occurrence of the document, in source order (computed once per model). */
export function nameOccurrences(document: WhetstoneDocument, model: SemanticModel): readonly NameOccurrence[] {
  const cached = cache.get(model);
  if (cached && cached.document === document && cached.revision === document.revision) return cached.occurrences;
  const occurrences = collect(document, model);
  cache.set(model, { document, revision: document.revision, occurrences });
  return occurrences;
}

/**
 * The occurrence under an offset. A cursor right after a name (`count|)`) is on it, as editors
 * treat it. Names never overlap, so the candidate is the last one starting at or before the offset.
 */
export function occurrenceAt(document: WhetstoneDocument, model: SemanticModel, offset: number): NameOccurrence | undefined {
  const occurrences = nameOccurrences(document, model);
  let low = 0;
  let high = occurrences.length - 1;
  let found: NameOccurrence | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (occurrences[mid].span.startOffset <= offset) {
      found = occurrences[mid];
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found && offset <= found.span.endOffset ? found : undefined;
}

/** Where a symbol is written: its declaration and every use, type annotations included, in source order. */
export function occurrencesOf(document: WhetstoneDocument, model: SemanticModel, symbol: SemanticSymbol): NameOccurrence[] {
  return nameOccurrences(document, model).filter((occurrence) => occurrence.symbol === symbol);
}

function collect(document: WhetstoneDocument, model: SemanticModel): NameOccurrence[] {
  const out: NameOccurrence[] = [];
  const typeSymbolsByNode = typeAnnotationSymbols(model);
  const comments = document.comments.map((comment) => comment.span).sort((a, b) => a.startOffset - b.startOffset);

  const add = (occurrence: NameOccurrence): void => {
    if (occurrence.name && occurrence.span.endOffset > occurrence.span.startOffset) out.push(occurrence);
  };
  const named = (node: Node, name: string, declaration: boolean, symbol: SemanticSymbol | undefined): void => {
    const span = document.nameSpanOfNode(node);
    if (span) add({ kind: 'name', name, span, nodeId: node.id, declaration, ...(symbol ? { symbol } : {}) });
  };

  walk(document.ast, (node) => {
    switch (node.type) {
      case 'Identifier':
        add({ kind: 'name', name: node.name, span: document.nameSpanOfNode(node) ?? node.span, nodeId: node.id, declaration: false, ...symbolField(model.symbolOf(node.id)) });
        break;
      case 'MemberExpression':
        named(node, node.property, false, model.symbolOf(node.id));
        break;
      case 'Property':
        named(node, node.key, false, model.symbolOf(node.id));
        break;
      case 'FunctionDeclaration':
      case 'Parameter':
      case 'VariableDeclaration':
      case 'TypeDeclaration':
      case 'Field':
        named(node, node.name, true, model.symbolsDeclaredBy(node.id)[0]);
        break;
      case 'ForStatement':
        named(node, node.iterator, true, model.symbolsDeclaredBy(node.id)[0]);
        break;
      case 'TryStatement':
        named(node, node.catchName, true, model.symbolsDeclaredBy(node.id)[0]);
        break;
      case 'ImportDeclaration': {
        const symbols = model.symbolsDeclaredBy(node.id);
        document.importNameSpansOfNode(node).forEach((span, index) => {
          const symbol = symbols.find((candidate) => candidate.importIndex === index);
          add({ kind: 'name', name: node.names[index] ?? '', span, nodeId: node.id, declaration: true, ...symbolField(symbol) });
        });
        break;
      }
      case 'TypeTest':
        // `x is number`: the type is the test's last token. Only built-in type names can be
        // tested, so it names no declared type (and a rename never reaches it).
        if (BUILTIN_TYPE_NAMES.has(node.testedType) && document.text.endsWith(node.testedType, node.span.endOffset)) {
          const start = node.span.endOffset - node.testedType.length;
          add({ kind: 'typeName', name: node.testedType, span: document.spanAt(start, node.span.endOffset), nodeId: node.id, declaration: false, builtinType: true });
        }
        break;
      case 'Annotation': {
        const span = document.nameSpanOfNode(node);
        if (span) add({ kind: 'annotation', name: node.annotationType, span: document.spanAt(node.span.startOffset, span.endOffset), nodeId: node.id, declaration: false });
        break;
      }
      default:
        break;
    }
    const property = TYPE_PROPERTIES[node.type];
    if (property) {
      const region = typeRegion(document, node);
      if (region) {
        const declared = typeSymbolsByNode.get(`${node.id}\u0000${property}`) ?? [];
        for (const token of identifiersIn(document.text, region.start, region.end, comments)) {
          const symbol = declared.find((candidate) => candidate.name === token.name);
          add({
            kind: 'typeName',
            name: token.name,
            span: document.spanAt(token.start, token.end),
            nodeId: node.id,
            declaration: false,
            property,
            ...symbolField(symbol),
            ...(!symbol && BUILTIN_TYPE_NAMES.has(token.name) ? { builtinType: true } : {}),
          });
        }
      }
    }
  });
  return out.sort((a, b) => a.span.startOffset - b.span.startOffset);
}

function symbolField(symbol: SemanticSymbol | undefined): { symbol?: SemanticSymbol } {
  return symbol ? { symbol } : {};
}

/** For each node and type property, the declared types its type string names (from the model's references). */
function typeAnnotationSymbols(model: SemanticModel): Map<string, SemanticSymbol[]> {
  const byNode = new Map<string, SemanticSymbol[]>();
  for (const symbol of model.symbols) {
    if (symbol.kind !== 'type') continue;
    for (const reference of model.referenceDetailsOf(symbol)) {
      if (reference.kind !== 'typeAnnotation' || !reference.property) continue;
      const key = `${reference.nodeId}\u0000${reference.property}`;
      const list = byNode.get(key);
      if (list) list.push(symbol);
      else byNode.set(key, [symbol]);
    }
  }
  return byNode;
}

/**
 * The source range a node's written type lies in: after the name (or the parameter list) and
 * before the default value, initializer or body. It also holds punctuation (`:`, `)`, `;`) and,
 * for a lambda, the `fn` keyword, none of which reads as a type name.
 */
function typeRegion(document: WhetstoneDocument, node: Node): { start: number; end: number } | undefined {
  switch (node.type) {
    case 'Parameter': {
      if (node.paramType === null) return undefined;
      const name = document.nameSpanOfNode(node);
      return name ? { start: name.endOffset, end: node.defaultValue ? node.defaultValue.span.startOffset : node.span.endOffset } : undefined;
    }
    case 'Field': {
      const name = document.nameSpanOfNode(node);
      return name && node.fieldType ? { start: name.endOffset, end: node.span.endOffset } : undefined;
    }
    case 'VariableDeclaration': {
      if (node.varType === null) return undefined;
      const name = document.nameSpanOfNode(node);
      return name ? { start: name.endOffset, end: node.initializer ? node.initializer.span.startOffset : node.span.endOffset } : undefined;
    }
    case 'FunctionDeclaration': {
      if (node.returnType === null) return undefined;
      const name = document.nameSpanOfNode(node);
      const last = node.parameters[node.parameters.length - 1];
      const start = last ? last.span.endOffset : name?.endOffset;
      return start === undefined ? undefined : { start, end: node.body.span.startOffset };
    }
    case 'Lambda': {
      if (node.returnType === null) return undefined;
      const last = node.parameters[node.parameters.length - 1];
      return { start: last ? last.span.endOffset : node.span.startOffset, end: node.body.span.startOffset };
    }
    default:
      return undefined;
  }
}

/** Identifiers in text[start, end) outside comments, keywords left out. */
function identifiersIn(text: string, start: number, end: number, comments: readonly Span[]): { name: string; start: number; end: number }[] {
  const out: { name: string; start: number; end: number }[] = [];
  if (end <= start) return out;
  const pattern = /[A-Za-z_][A-Za-z0-9_]*/g;
  const region = text.slice(start, end);
  for (let match = pattern.exec(region); match; match = pattern.exec(region)) {
    const from = start + match.index;
    if (KEYWORDS.has(match[0]) || insideComment(comments, from)) continue;
    out.push({ name: match[0], start: from, end: from + match[0].length });
  }
  return out;
}

function insideComment(comments: readonly Span[], offset: number): boolean {
  let low = 0;
  let high = comments.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const span = comments[mid];
    if (span.endOffset <= offset) low = mid + 1;
    else if (span.startOffset > offset) high = mid - 1;
    else return true;
  }
  return false;
}

/** The comments' spans in source order (what typeNameTokens skips). */
export function commentSpans(document: WhetstoneDocument): Span[] {
  return document.comments.map((comment) => comment.span).sort((a, b) => a.startOffset - b.startOffset);
}

/** The identifiers written in a node's type (a parameter's, field's, variable's or return type), keywords left out: UTF-16 offsets. */
export function typeNameTokens(document: WhetstoneDocument, node: Node, comments: readonly Span[]): { name: string; start: number; end: number }[] {
  const region = TYPE_PROPERTIES[node.type] ? typeRegion(document, node) : undefined;
  return region ? identifiersIn(document.text, region.start, region.end, comments) : [];
}
