// Where a diagnostic's cause is declared, when it is not where the diagnostic is: an argument that
// does not fit (E_TYPE_MISMATCH on a call's argument) names the parameter it is passed to, and a
// call with the wrong number of arguments (E_ARITY) the function's declaration, in whichever file
// declares it. An agent reaches the declaration in one step instead of going from the argument to
// its call, and from the call to the declaration. Added to getDiagnostics' results as `related`.
// An argument that does not fit may be right and the parameter declared wrong: the parameter's
// entry then offers that fix too (declare it with the argument's type), since only the person or
// the agent can tell which side is wrong.
import type { Diagnostic, Mutation, Node } from '../core/ast';
import { retypeParameter } from '../core/semantics';
import type { OpenBuffer } from '../workspace/buffer';
import type { FileIndex } from '../workspace/file-index';
import { declarationNode, namePositionOf, symbolAtNode } from '../workspace/qualified-names';

export interface RelatedLocation {
  /** What is there, beside the declaration's qualifiedName (not repeated): `parameter 'kg'`, `declared here`. */
  message: string;
  qualifiedName: string;
  uri: string;
  /** In a file open here: the node (the Parameter, or the declaration) and the file's revision. */
  nodeId?: string;
  revision?: number;
  line: number;
  column: number;
  /** For a parameter: declaring it with the argument's type, in the declaring file (`hint` says so). */
  hint?: string;
  fix?: Mutation[];
}

export type RelatedDiagnostic = Diagnostic & { related?: RelatedLocation[]; fixId?: string };

/** The diagnostics with `related` where the cause is a declaration the call refers to. */
export function withRelated(index: FileIndex, buffer: OpenBuffer, diagnostics: readonly Diagnostic[]): RelatedDiagnostic[] {
  return diagnostics.map((diagnostic) => {
    const related = relatedOf(index, buffer, diagnostic);
    return related ? { ...diagnostic, related: [related] } : diagnostic;
  });
}

function relatedOf(index: FileIndex, buffer: OpenBuffer, diagnostic: Diagnostic): RelatedLocation | undefined {
  if (diagnostic.code !== 'E_ARITY' && diagnostic.code !== 'E_TYPE_MISMATCH') return undefined;
  const document = buffer.document;
  const node = document.nodeById(diagnostic.nodeId);
  if (!node) return undefined;
  const parent = diagnostic.code === 'E_TYPE_MISMATCH' ? document.parentOf(node.id) : undefined;
  const call = diagnostic.code === 'E_ARITY' ? node : parent;
  // A call by its name, or by its module's (`pricing.orderTotal(…)`).
  if (call?.type !== 'CallExpression' || (call.callee?.type !== 'Identifier' && call.callee?.type !== 'MemberExpression')) return undefined;
  const argumentIndex = diagnostic.code === 'E_TYPE_MISMATCH' ? call.arguments.findIndex((argument) => argument.id === node.id) : -1;
  if (diagnostic.code === 'E_TYPE_MISMATCH' && argumentIndex < 0) return undefined;
  // Declarations with a qualified name only (the workspace's functions): not a built-in, not a local.
  const symbol = symbolAtNode(index, buffer, call.callee);
  if (!symbol || symbol.kind !== 'function') return undefined;
  const declaring = symbol.file.buffer;
  const declaration: Node | undefined = declaring ? declarationNode(declaring, symbol) : undefined;
  const parameter = argumentIndex >= 0 && declaration?.type === 'FunctionDeclaration' ? declaration.parameters[argumentIndex] : undefined;
  if (argumentIndex >= 0 && declaring && !parameter) return undefined;
  const at = parameter && declaring ? declaring.document.nameSpanOfNode(parameter) : undefined;
  const place = at ? { line: at.start.line, column: at.start.column } : namePositionOf(symbol);
  const target = parameter ?? declaration;
  const argumentType = parameter ? buffer.analysis().typeOf(node.id) : undefined;
  const retype = parameter && argumentType ? retypeParameter(parameter, argumentType) : undefined;
  return {
    message: parameter ? `parameter '${parameter.name}'` : 'declared here',
    qualifiedName: symbol.qualifiedName,
    uri: symbol.file.uri,
    ...(target && declaring ? { nodeId: target.id, revision: declaring.revision } : {}),
    ...place,
    ...(declaring && retype ? retype : {}),
  };
}
