// Which functions are pure (docs/LANGUAGE.md "Annotations", `semantic(pure)`: no side effects, the
// result depends only on the arguments): they assign nothing outside themselves, change no object
// they did not create, print nothing, await nothing, read no outer variable, and call only pure
// functions. Calls of a function value, and library functions the library does not tag `pure`,
// count as impure: the analysis says "pure" only when it can tell.
import type { CallExpression, Expression, FunctionDeclaration, Node } from '../ast/ast';
import { rootIdentifier, type SuggestContext } from './context';

export interface PurityVerdict {
  pure: boolean;
  /** Why not (the first reason found), for impure functions. */
  because?: string;
  /** The functions it calls by name, for the reason a pure one gives. */
  callees: string[];
}

/**
 * Built-ins without side effects. The others change a list (`push`, `pop`, `shift`, `sort`,
 * `reverse`, `splice`), print, or call a function they are given (`map`, `filter`, `reduce`, …),
 * whose effects are its own.
 */
const PURE_BUILTINS: ReadonlySet<string> = new Set([
  'len', 'includes', 'split', 'join', 'reversed', 'repeat', 'indexOf', 'slice', 'int', 'keys', 'values', 'jsKeys', 'jsValues', 'range', 'min', 'max', 'abs', 'floor', 'ceil', 'sqrt', 'pow', 'round', 'str', 'num',
  'upper', 'lower', 'trim', 'trimStart', 'trimEnd', 'startsWith', 'endsWith', 'replace', 'countOf', 'substring', 'padStart', 'padEnd', 'charCodeAt', 'charAt', 'fromCharCode',
  'concat', 'sum', 'minOf', 'maxOf', 'stepSlice', 'countItems', 'trimChars', 'trimStartChars', 'trimEndChars', 'zeroFill', 'radixText', 'jsTruthy', 'pyTruthy', 'pyEquals', 'splitWords', 'charsOf', 'isAlpha', 'isDecimal', 'isDigit', 'isAlnum', 'isSpace', 'isLower', 'isUpper',
  'repeatText', 'replaceFirst', 'toFixed', 'formatFixed', 'sign', 'isInteger', 'flat', 'lastIndexOf', 'parseInteger', 'pyInt', 'roundEven', 'gcd', 'isqrt', 'factorial',
]);

export class Purity {
  private readonly verdicts = new Map<string, PurityVerdict>();

  constructor(private readonly ctx: SuggestContext) {
    const functions = ctx.program.children.filter((child): child is FunctionDeclaration => child.type === 'FunctionDeclaration');
    const userCalls = new Map<string, { call: CallExpression; fn: FunctionDeclaration }[]>();
    for (const fn of functions) {
      const { verdict, calls } = this.ownEffects(fn);
      this.verdicts.set(fn.id, verdict);
      userCalls.set(fn.id, calls);
    }
    // A function calling an impure one is impure: propagate until nothing changes (recursion is
    // fine: a function that only calls itself and pure functions stays pure).
    for (let changed = true; changed; ) {
      changed = false;
      for (const fn of functions) {
        const verdict = this.verdicts.get(fn.id);
        if (!verdict?.pure) continue;
        for (const { fn: callee } of userCalls.get(fn.id) ?? []) {
          const calleeVerdict = this.verdicts.get(callee.id);
          if (calleeVerdict && !calleeVerdict.pure) {
            this.verdicts.set(fn.id, { pure: false, because: `it calls ${callee.name}, which is not pure (${calleeVerdict.because ?? 'it has side effects'})`, callees: verdict.callees });
            changed = true;
            break;
          }
        }
      }
    }
  }

  of(fn: FunctionDeclaration): PurityVerdict {
    return this.verdicts.get(fn.id) ?? { pure: false, because: 'it is not a top-level function', callees: [] };
  }

  /** Whether a call has no side effects and its result depends only on its arguments. */
  isPureCall(call: CallExpression): boolean {
    return this.callEffect(call, undefined) === undefined;
  }

  /**
   * Why a call is impure, or undefined when it is pure. User functions are looked up in the
   * verdicts (pass `userCalls` to collect them instead, while the verdicts are being built).
   */
  private callEffect(call: CallExpression, userCalls: { call: CallExpression; fn: FunctionDeclaration }[] | undefined, owner?: Node): string | undefined {
    const callee = call.callee;
    if (callee.type === 'Identifier') {
      const symbol = this.ctx.symbolOf(callee);
      if (!symbol) return `it calls ${callee.name}, which is not defined`;
      switch (symbol.kind) {
        case 'builtin':
          if (callee.name === 'print') return 'it prints';
          if (callee.name === 'push') {
            const target = call.arguments[0];
            return target && owner && this.ownsValue(target, owner) ? undefined : `it pushes onto ${target ? describeTarget(target) : 'a list'} it did not create`;
          }
          return PURE_BUILTINS.has(callee.name) ? undefined : `it calls ${callee.name}`;
        case 'function': {
          const fn = this.ctx.calledFunction(call);
          if (!fn) return `it calls ${callee.name}`;
          if (userCalls) {
            userCalls.push({ call, fn });
            return undefined;
          }
          const verdict = this.verdicts.get(fn.id);
          return verdict?.pure ? undefined : `it calls ${fn.name}, which is not pure`;
        }
        case 'import':
          return symbol.library?.fn.tags?.includes('pure')
            ? undefined
            : `it calls ${callee.name}, which ${this.ctx.library ? 'the library does not tag pure' : 'may have effects (no library says otherwise)'}`;
        default:
          return `it calls ${callee.name}, a function value whose effects are unknown`;
      }
    }
    if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier') {
      const symbol = this.ctx.symbolOf(callee.object);
      if (symbol?.kind === 'import' && symbol.module && symbol.importIndex === undefined) {
        const entry = this.ctx.library?.lookup(symbol.module, callee.property);
        return entry?.fn.tags?.includes('pure') ? undefined : `it calls ${symbol.name}.${callee.property}, which the library does not tag pure`;
      }
    }
    return 'it calls a function value whose effects are unknown';
  }

  /** The effects of a function's own body (calls of other user functions are collected, not judged). */
  private ownEffects(fn: FunctionDeclaration): { verdict: PurityVerdict; calls: { call: CallExpression; fn: FunctionDeclaration }[] } {
    const calls: { call: CallExpression; fn: FunctionDeclaration }[] = [];
    const callees = new Set<string>();
    let because: string | undefined = fn.async ? 'it is async (it waits on the outside world)' : undefined;
    // Effects inside lambdas count: the function may call them.
    const nodes = this.ctx.within(fn.body, ['AssignmentStatement', 'MultipleAssignment', 'CallExpression', 'UnaryExpression', 'Identifier', 'ThrowStatement'], true);
    for (const node of nodes) {
      if (because) break;
      switch (node.type) {
        case 'AssignmentStatement':
          because = this.assignmentEffect(node.target, fn);
          break;
        case 'MultipleAssignment':
          for (const target of node.targets) because ??= this.assignmentEffect(target, fn);
          break;
        case 'CallExpression': {
          because = this.callEffect(node, calls, fn);
          const path = node.callee.type === 'Identifier' ? node.callee.name : undefined;
          if (path && path !== 'push') callees.add(path);
          break;
        }
        case 'UnaryExpression':
          if (node.operator === 'await') because = 'it awaits';
          break;
        case 'ThrowStatement':
          // As a failed assert: moving or skipping the call moves or skips the stop.
          because = 'it throws';
          break;
        case 'Identifier': {
          const symbol = this.ctx.symbolOf(node);
          if (symbol?.kind === 'variable' && !this.ctx.declaredInside(symbol, fn)) because = `it reads the outer variable ${symbol.name}, which can change between calls`;
          break;
        }
      }
    }
    return { verdict: because ? { pure: false, because, callees: [...callees] } : { pure: true, callees: [...callees] }, calls };
  }

  /** Why assigning to `target` inside `fn` is a side effect, or undefined when it is local. */
  private assignmentEffect(target: Expression, fn: FunctionDeclaration): string | undefined {
    if (target.type === 'Identifier') {
      const symbol = this.ctx.symbolOf(target);
      return symbol && this.ctx.declaredInside(symbol, fn) ? undefined : `it assigns ${target.name}, which is declared outside it`;
    }
    return this.ownsValue(target, fn) ? undefined : `it changes ${describeTarget(target)}, which it did not create`;
  }

  /**
   * Whether the value an expression is rooted at was created inside `owner`: a local variable
   * whose initializer is a list or object literal. A parameter's object belongs to the caller.
   */
  private ownsValue(expression: Expression, owner: Node): boolean {
    const root = rootIdentifier(expression);
    if (!root) return false;
    const symbol = this.ctx.symbolOf(root);
    if (!symbol || (symbol.kind !== 'variable' && symbol.kind !== 'constant') || !this.ctx.declaredInside(symbol, owner) || !symbol.declNodeId) return false;
    const decl = this.ctx.model.nodeById(symbol.declNodeId);
    return decl?.type === 'VariableDeclaration' && (decl.initializer?.type === 'ArrayLiteral' || decl.initializer?.type === 'ObjectLiteral');
  }
}

function describeTarget(target: Expression): string {
  const root = rootIdentifier(target);
  return root?.type === 'Identifier' ? root.name : 'a value';
}
