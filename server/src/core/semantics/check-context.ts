// What the checks of one program share (check-statements.ts, infer-expressions.ts): the result
// they fill (expression types, field references, calls, diagnostics), where they are (the function
// and loop around the code, the caller for the call hierarchy) and the lookups they all make.
import type { FunctionDeclaration, Lambda, Node, Span } from '../ast/ast';
import { makeDiagnostic, type Diagnostic, type DiagnosticCode } from '../ast/diagnostics';
import type { Mutation } from '../ast/mutation';
import { nameSpanIn, type NameSpans, type Resolution } from './resolve';
import { firstDeclared, recordedReference, scopeDownwards } from './resolution';
import type { SemanticSymbol } from './symbols';
import type { TypeTable } from './type-table';
import { whyNotAssignable, type Type } from './types';

/** One call whose callee is a name: who calls what (for the call hierarchy). */
export interface CallRecord {
  readonly callId: string;
  /** The FunctionDeclaration the call is in, or the Program for top-level code. */
  readonly callerId: string;
  /** The symbol the callee names, when it is a resolved identifier. */
  readonly callee: SemanticSymbol | undefined;
}

export interface CheckResult {
  /** Expression node id -> its type. */
  readonly types: Map<string, Type>;
  /** MemberExpression / Property node id -> the field symbol it names. */
  readonly fieldReferences: Map<string, SemanticSymbol>;
  readonly calls: CallRecord[];
  readonly diagnostics: Diagnostic[];
}

export interface FunctionContext {
  readonly node: FunctionDeclaration | Lambda;
  readonly name: string;
  /** The written return type; null when none was written (then returns are not checked). */
  readonly returnType: Type | null;
}

export class CheckContext {
  readonly result: CheckResult = { types: new Map(), fieldReferences: new Map(), calls: [], diagnostics: [] };
  /** The function or lambda whose body is being checked; null in top-level code. */
  fn: FunctionContext | null = null;
  loopDepth = 0;
  /** The FunctionDeclaration (or Program) calls are recorded as made from. */
  callerId = '';
  readonly fits = (source: Type, target: Type): boolean => whyNotAssignable(source, target, this.types) === null;

  constructor(
    /** The top-level item being checked. */
    readonly item: Node,
    readonly resolution: Resolution,
    readonly types: TypeTable,
    readonly names: NameSpans | undefined,
  ) {}

  withFunction(context: FunctionContext, body: () => void): void {
    const saved = { fn: this.fn, loopDepth: this.loopDepth };
    this.fn = context;
    this.loopDepth = 0;
    try {
      body();
    } finally {
      this.fn = saved.fn;
      this.loopDepth = saved.loopDepth;
    }
  }

  inLoop(body: () => void): void {
    this.loopDepth++;
    try {
      body();
    } finally {
      this.loopDepth--;
    }
  }

  declaredSymbol(nodeId: string): SemanticSymbol | undefined {
    return firstDeclared(this.resolution.declared.get(nodeId));
  }

  /** Whether `name` at `at` means the built-in (so a fix may call it). */
  isBuiltin(name: string, at: Node): boolean {
    const scope = scopeDownwards(this.item, at, (id) => this.resolution.nodeScopes.get(id));
    for (let current = scope; current; current = current.parent ?? undefined) {
      const symbol = current.symbols.get(name);
      if (symbol) return symbol.kind === 'builtin';
    }
    return false;
  }

  /** A MemberExpression reads a field (or writes it, as an assignment target); a Property writes it. */
  addFieldReference(nodeId: string, symbol: SemanticSymbol, kind: 'read' | 'write' = 'read'): void {
    this.result.fieldReferences.set(nodeId, symbol);
    // Into this item's own references (the layer's map holds only what this item refers to).
    const references = this.resolution.references.get(symbol);
    if (references) references.push(recordedReference(nodeId, kind));
    else this.resolution.references.set(symbol, [recordedReference(nodeId, kind)]);
  }

  nameSpanOf(node: Node): Span {
    return nameSpanIn(this.names, node) ?? node.span;
  }

  report(code: DiagnosticCode, message: string, node: Node, span: Span, extra: { hint?: string; fix?: Mutation[] } = {}): void {
    this.result.diagnostics.push(makeDiagnostic(code, message, node.id, span, extra));
  }
}
