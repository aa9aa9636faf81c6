// How symbols read in hover, completion details and agent results:
// "fn calculateTotal(order: Order, taxRate: number = 0.2): number", "let subtotal: number".
import type { Expression, Node } from '../ast/ast';
import type { SemanticSymbol } from './symbols';
import { parametersToString, typeToString, type FunctionType, type Type } from './types';

/** Short source-like text of an expression (for default values in signatures); '…' when long. */
export function expressionText(expr: Expression, budget = 40): string {
  const text = render(expr, 4);
  return text.length <= budget ? text : '…';
}

function render(expr: Expression, depth: number): string {
  if (depth < 0) return '…';
  switch (expr.type) {
    case 'Literal':
      return expr.raw || String(expr.value);
    case 'Identifier':
      return expr.name;
    case 'UnaryExpression':
      return expr.operator === 'await' ? `await ${render(expr.operand, depth - 1)}` : `${expr.operator}${render(expr.operand, depth - 1)}`;
    case 'BinaryExpression':
      return `${render(expr.left, depth - 1)} ${expr.operator} ${render(expr.right, depth - 1)}`;
    case 'TypeTest':
      return `${render(expr.operand, depth - 1)} is ${expr.testedType}`;
    case 'ConditionalExpression':
      return `${render(expr.condition, depth - 1)} ? ${render(expr.consequent, depth - 1)} : ${render(expr.alternate, depth - 1)}`;
    case 'MemberExpression':
      return `${render(expr.object, depth - 1)}.${expr.property}`;
    case 'IndexExpression':
      return `${render(expr.object, depth - 1)}[${render(expr.index, depth - 1)}]`;
    case 'CallExpression':
      return `${render(expr.callee, depth - 1)}(${expr.arguments.map((arg) => render(arg, depth - 1)).join(', ')})`;
    case 'ArrayLiteral':
      return `[${expr.elements.map((element) => render(element, depth - 1)).join(', ')}]`;
    case 'ObjectLiteral':
      return expr.properties.length === 0 ? '{}' : '{ … }';
    case 'Lambda':
      return 'fn(…)';
    case 'ErrorNode':
      return expr.text || '…';
  }
}

/** A symbol as hover shows it; `nodeOf` finds declaring nodes (to tell written types from inferred ones). */
export function signatureOf(symbol: SemanticSymbol, nodeOf: (id: string) => Node | undefined): string {
  const decl = symbol.declNodeId ? nodeOf(symbol.declNodeId) : undefined;
  const type = typeToString(symbol.type);
  switch (symbol.kind) {
    case 'builtin':
      return symbol.builtin?.signature ?? `fn ${symbol.name}(…)`;
    case 'function': {
      const fn = symbol.type as FunctionType;
      const written = decl?.type === 'FunctionDeclaration' ? decl.returnType !== null : true;
      const returns = written ? `: ${typeToString(fn.returnType)}` : '';
      return `${fn.async ? 'async ' : ''}fn ${symbol.name}(${parametersToString(fn)})${returns}`;
    }
    case 'variable':
      return `let ${symbol.name}: ${type}`;
    case 'constant':
      return `const ${symbol.name}: ${type}`;
    case 'parameter': {
      const defaultText = decl?.type === 'Parameter' && decl.defaultValue ? ` = ${expressionText(decl.defaultValue)}` : '';
      return `(parameter) ${symbol.name}: ${type}${defaultText}`;
    }
    case 'iterator':
      return `(loop variable) ${symbol.name}: ${type}`;
    case 'field':
      return `(field) ${symbol.ownerType ?? '?'}.${symbol.name}: ${type}`;
    case 'type': {
      if (decl?.type !== 'TypeDeclaration') return `type ${symbol.name}`;
      return `type ${symbol.name} { ${decl.fields.map((field) => `${field.name}: ${field.fieldType}`).join(', ')} }`;
    }
    case 'import': {
      const from = symbol.module ? ` (from ${symbol.module})` : '';
      if (symbol.type.kind === 'module') return `module ${symbol.type.name}`;
      const exported = symbol.exported;
      if (exported?.kind === 'type') return `type ${symbol.name} { ${[...(exported.fields ?? [])].map(([field, fieldType]) => `${field}: ${typeToString(fieldType)}`).join(', ')} }${from}`;
      if (exported?.kind === 'constant' || exported?.kind === 'variable') return `${exported.kind === 'constant' ? 'const' : 'let'} ${symbol.name}: ${type}${from}`;
      return importedSignature(symbol.name, symbol.type, symbol.module);
    }
  }
}

/** A name imported from a module, or a module's member reached as `m.name` (`use m;`), as hover shows it. */
export function importedSignature(name: string, type: Type, module: string | undefined): string {
  const from = module ? ` (from ${module})` : '';
  if (type.kind === 'function') return `${type.async ? 'async ' : ''}fn ${name}(${parametersToString(type)}): ${typeToString(type.returnType)}${from}`;
  return `(import) ${name}: ${typeToString(type)}${from}`;
}

/** The documentation hover adds below the signature, when there is any. */
export function docOf(symbol: SemanticSymbol): string | undefined {
  if (symbol.builtin) return symbol.builtin.doc;
  const entry = symbol.library;
  if (!entry) return undefined;
  const parts: string[] = [];
  if (entry.fn.description) parts.push(entry.fn.description);
  if (entry.fn.tags && entry.fn.tags.length > 0) parts.push(`Tags: ${entry.fn.tags.join(', ')}`);
  if (entry.fn.vulnerable) parts.push(`Warning: known vulnerability${typeof entry.fn.vulnerable === 'string' ? ` (${entry.fn.vulnerable})` : ''}`);
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}
