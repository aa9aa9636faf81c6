// What every importer shares: making Whetstone AST nodes with ids (parsed_<n>) and spans of the
// foreign source, reporting what has no Whetstone form (W_UNSUPPORTED) and the syntax errors
// tree-sitter found (E_SYNTAX), so a broken file still gives a partial AST and never throws.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from '../../core/ast';
import { childNodes } from '../../core/ast';
import { LineIndex } from '../../core/syntax';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';

/** A syntax error list longer than this ends with one diagnostic that counts the rest. */
const MAX_SYNTAX_ERRORS = 100;

/**
 * Statements and expressions nested deeper than this become one W_UNSUPPORTED each: every later
 * pass (checker, optimiser, generators) recurses, and the core's own limit is the same.
 */
export const MAX_IMPORT_NESTING = 400;

/** The source's conversions to a number, which conversions.ts decides or reports. */
export type Conversion = 'Number' | 'parseFloat' | 'parseInt' | 'float' | 'int';

type Fields<T extends A.Node> = Omit<T, 'id' | 'span' | 'type'>;

export class AstBuilder {
  readonly diagnostics: ProjectionDiagnostic[] = [];
  /** Ids of the callees of the built-in calls made here (library calls mapped to built-ins). */
  readonly libraryCallees = new Set<string>();
  /** Ids of the num/int calls made of the source's conversions of a value not known at import (conversions.ts). */
  readonly conversions = new Map<string, Conversion>();
  /** `const [a, b] = value` read as a holder and its elements: how many names each needs (javascript-unpacking.ts). */
  readonly unpackings: { holder: A.VariableDeclaration; count: number; span: A.Span }[] = [];
  /** Whether the source has Python tuples read as lists: shown, a tuple is (1, 2) and a list [1, 2]. */
  tuplesAsLists = false;
  /** The calls a format specification made of its value (python-format.ts): formatFixed's a number, str's of a width a text or number ('text' with `s`), str's of the one value after a % format ('one value'). */
  readonly formatted = new Map<string, 'text' | 'text or number' | 'number' | 'number as str' | 'whole number' | 'one value'>();
  /** The padEnd of a width without an alignment, by the str call of its value: padStart where the value is a number. */
  readonly alignedByType = new Map<string, A.CallExpression>();
  private readonly lines: LineIndex;
  private next = 1;
  private depth = 0;

  constructor(
    readonly source: string,
    private readonly idPrefix = 'parsed_',
  ) {
    this.lines = new LineIndex(source);
  }

  span(node: SyntaxNode | { startIndex: number; endIndex: number }): A.Span {
    return this.lines.spanAt(node.startIndex, node.endIndex);
  }

  spanBetween(start: number, end: number): A.Span {
    return this.lines.spanAt(start, end);
  }

  make<T extends A.Node>(type: T['type'], at: SyntaxNode | A.Span, fields: Fields<T>): T {
    const span = 'startOffset' in at ? at : this.span(at);
    return { type, id: `${this.idPrefix}${this.next++}`, span, ...fields } as unknown as T;
  }

  identifier(name: string, at: SyntaxNode | A.Span): A.Identifier {
    return this.make<A.Identifier>('Identifier', at, { name });
  }

  literal(value: A.Literal['value'], at: SyntaxNode | A.Span): A.Literal {
    const raw = typeof value === 'string' ? JSON.stringify(value) : String(value);
    return this.make<A.Literal>('Literal', at, { value, raw });
  }

  call(name: string, args: A.Expression[], at: SyntaxNode | A.Span): A.CallExpression {
    const callee = this.identifier(name, at);
    this.libraryCallees.add(callee.id);
    return this.make<A.CallExpression>('CallExpression', at, { callee, arguments: args });
  }

  /**
   * A local function bound to `name`, as `const name = fn …;`, or, where its body names itself
   * (a recursion), as `let name: any = null; name = fn …;`: a constant's lambda cannot name the
   * constant (a name is visible from the end of its declaration), a variable declared before can.
   */
  localFunction(name: string, lambda: A.Lambda, at: SyntaxNode): A.Statement[] {
    const pending: A.Node[] = [lambda];
    let recursive = false;
    while (pending.length > 0 && !recursive) {
      const node = pending.pop()!;
      recursive = node.type === 'Identifier' && node.name === name;
      pending.push(...childNodes(node));
    }
    if (!recursive) return [this.make<A.VariableDeclaration>('VariableDeclaration', at, { name, kind: 'const', varType: null, annotations: [], initializer: lambda })];
    return [
      this.make<A.VariableDeclaration>('VariableDeclaration', at, { name, kind: 'let', varType: 'any', annotations: [], initializer: this.literal(null, at) }),
      this.make<A.AssignmentStatement>('AssignmentStatement', at, { annotations: [], operator: '=', target: this.identifier(name, at), value: lambda }),
    ];
  }

  /**
   * Reports a construct that has no Whetstone form. `what` names it ("a class declaration");
   * the diagnostic carries its span and source text, so nothing is left out silently.
   */
  unsupported(node: SyntaxNode, what: string, hint?: string): void {
    const span = this.span(node);
    this.diagnostics.push(
      // An error: the imported program would not do what the source does without this part.
      projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: ${what} has no Whetstone form`, '', span, {
        omitted: node.text,
        hint: hint ?? 'The rest of the file was imported; rewrite this part by hand in Whetstone if you need it.',
      }),
    );
  }

  /** An ErrorNode standing for source that could not be carried (keeps the place in the tree). */
  errorNode(node: SyntaxNode, what: string, hint?: string): A.ErrorNode {
    this.unsupported(node, what, hint);
    return this.placeholder(node);
  }

  /**
   * The ErrorNode for source that was left out (and reported). Its text is what the Whetstone
   * printer writes: a name nothing declares, with the source in a comment, so the printed program
   * does not check instead of reading the left-out text as other code (`a >> 1` as `a > 1`).
   */
  placeholder(node: SyntaxNode): A.ErrorNode {
    return this.make<A.ErrorNode>('ErrorNode', node, { text: placeholderText(node.text) });
  }

  /**
   * Runs `read` one level deeper; past MAX_IMPORT_NESTING it reports the node as unsupported and
   * returns `tooDeep()` instead, so a pathological file cannot exhaust the stack.
   */
  nested<T>(node: SyntaxNode, read: () => T, tooDeep: () => T): T {
    if (this.depth >= MAX_IMPORT_NESTING) {
      this.unsupported(node, `code nested deeper than ${MAX_IMPORT_NESTING} levels`);
      return tooDeep();
    }
    this.depth++;
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  /** E_SYNTAX for every ERROR and MISSING node under `root` (walked without recursion: trees can be deep). */
  collectSyntaxErrors(root: SyntaxNode): void {
    if (!root.hasError) return;
    let count = 0;
    let extra = 0;
    const pending: SyntaxNode[] = [root];
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (node.isError || node.isMissing) {
        if (count < MAX_SYNTAX_ERRORS) {
          const message = node.isMissing ? `Syntax error: missing ${node.type}` : `Syntax error: unexpected ${JSON.stringify(shorten(node.text))}`;
          this.diagnostics.push(projectionDiagnostic('E_SYNTAX', 'error', message, '', this.span(node)));
          count++;
        } else {
          extra++;
        }
        if (node.isError) continue;
      }
      if (!node.hasError) continue;
      // Children pushed last-first, so they are reported in source order.
      const children = node.children;
      for (let i = children.length - 1; i >= 0; i--) if (children[i]) pending.push(children[i]!);
    }
    if (extra > 0) {
      this.diagnostics.push(projectionDiagnostic('E_SYNTAX', 'error', `…and ${extra} more syntax errors`, '', this.span(root)));
    }
  }
}

/** `not_carried /* source *\/`: the source kept in a comment that cannot end early. */
export function placeholderText(source: string): string {
  const comment = source.replace(/\*\//g, '* /').replace(/\s+/g, ' ').trim();
  return `${NOT_CARRIED} /* ${comment.length > 80 ? `${comment.slice(0, 80)}…` : comment} */`;
}

/** The name a placeholder uses: no program declares it, so the checker reports it as undefined. */
export const NOT_CARRIED = 'not_carried';

function shorten(text: string): string {
  const line = text.split('\n')[0];
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

/** The named children of a node, without comments (and without nulls). */
export function namedChildren(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== 'comment');
}

/** A field's child, or undefined. */
export function field(node: SyntaxNode, name: string): SyntaxNode | undefined {
  return node.childForFieldName(name) ?? undefined;
}
