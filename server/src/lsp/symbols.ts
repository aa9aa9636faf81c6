// Document symbols (the outline): imports with their names, types with their fields, functions
// with their parameters, and top-level constants and variables. Details are the core's
// signatures and type strings.
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver/node';
import type { Node, Span } from '../core/ast';
import type { OpenBuffer } from '../workspace/buffer';
import { toLspRange } from './convert';

export function documentSymbols(buffer: OpenBuffer): DocumentSymbol[] {
  const document = buffer.document;
  const model = buffer.analysis();
  const symbols: DocumentSymbol[] = [];
  const signature = (node: Node): string | undefined => {
    const symbol = model.symbolsDeclaredBy(node.id)[0];
    return symbol ? model.signatureOf(symbol) : undefined;
  };
  const make = (name: string, kind: SymbolKind, range: Span, selection: Span | undefined, detail?: string, children?: DocumentSymbol[]): DocumentSymbol | undefined => {
    // A name the parser could not read has nothing to show or select.
    if (!name || !selection) return undefined;
    const symbol: DocumentSymbol = { name, kind, range: toLspRange(range), selectionRange: toLspRange(selection) };
    if (detail) symbol.detail = detail;
    if (children) symbol.children = children;
    return symbol;
  };
  const present = (list: (DocumentSymbol | undefined)[]): DocumentSymbol[] => list.filter((s): s is DocumentSymbol => s !== undefined);

  for (const child of document.ast.children) {
    let symbol: DocumentSymbol | undefined;
    switch (child.type) {
      case 'ImportDeclaration': {
        const spans = document.importNameSpans(child.id);
        const names = present(child.names.map((name, index) => make(name, SymbolKind.Function, spans[index] ?? child.span, spans[index])));
        symbol = make(child.module, SymbolKind.Module, child.span, child.span, `use ${child.module}`, names);
        break;
      }
      case 'TypeDeclaration': {
        const fields = present(child.fields.map((field) => make(field.name, SymbolKind.Field, field.span, document.nameSpan(field.id), field.fieldType)));
        symbol = make(child.name, SymbolKind.Struct, child.span, document.nameSpan(child.id), undefined, fields);
        break;
      }
      case 'FunctionDeclaration': {
        const parameters = present(child.parameters.map((parameter) => make(parameter.name, SymbolKind.Variable, parameter.span, document.nameSpan(parameter.id), parameter.paramType ?? undefined)));
        symbol = make(child.name, SymbolKind.Function, child.span, document.nameSpan(child.id), signature(child), parameters);
        break;
      }
      case 'VariableDeclaration':
        symbol = make(child.name, child.kind === 'const' ? SymbolKind.Constant : SymbolKind.Variable, child.span, document.nameSpan(child.id), signature(child), []);
        break;
      default:
        break;
    }
    if (symbol) symbols.push(symbol);
  }
  return symbols;
}
