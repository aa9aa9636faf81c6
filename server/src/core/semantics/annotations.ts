// The annotation vocabulary of docs/LANGUAGE.md "Annotations": which annotation types exist, which
// strategies each allows, and one line on what each means (completion and hover show these).

export interface AnnotationStrategyInfo {
  readonly name: string;
  readonly description: string;
}

export interface AnnotationTypeInfo {
  readonly name: string;
  readonly description: string;
  readonly strategies: readonly AnnotationStrategyInfo[];
}

const strategies = (entries: Record<string, string>): AnnotationStrategyInfo[] =>
  Object.entries(entries).map(([name, description]) => ({ name, description }));

export const ANNOTATION_TYPES: readonly AnnotationTypeInfo[] = [
  {
    name: 'performance',
    description: 'How the code should be made fast: caching, batching, parallel or lazy evaluation.',
    strategies: strategies({
      cache: 'keep results for repeated inputs',
      memoize: 'remember results per argument list',
      hoist: 'move loop-invariant work out of the loop',
      inline: 'inline the function at its call sites',
      batch: 'group many small operations into one',
      parallelize: 'run independent iterations in parallel',
      lazy: 'compute only when first needed',
      vectorize: 'use data-parallel (SIMD) operations',
    }),
  },
  {
    name: 'security',
    description: 'What protects this code: input checks, escaping, authorization, rate limits.',
    strategies: strategies({
      sanitize: 'clean untrusted input before use',
      validate: 'reject input that does not meet expectations',
      escape: 'escape output for its context (HTML, SQL, shell)',
      authorize: 'check the caller may do this',
      ratelimit: 'limit how often this may run',
      redact: 'hide sensitive data in output and logs',
    }),
  },
  {
    name: 'memory',
    description: 'How memory for these values is owned and released.',
    strategies: strategies({
      raii: 'release with the owning scope',
      scope: 'live only within the enclosing scope',
      static: 'allocate once for the whole program',
      arena: 'allocate from a region freed at once',
      shared: 'reference-counted shared ownership',
      borrowed: 'use without taking ownership',
      tracing: 'leave to the garbage collector',
    }),
  },
  {
    name: 'concurrency',
    description: 'How this code behaves when run concurrently.',
    strategies: strategies({
      atomic: 'happens as one indivisible step',
      lock: 'guarded by a lock',
      actor: 'owned by one actor; reached by messages',
      immutable: 'never changes after creation',
      threadsafe: 'safe to use from many threads',
    }),
  },
  {
    name: 'semantic',
    description: 'What the code means: purity, idempotence, side effects, intent.',
    strategies: strategies({
      pure: 'no side effects; result depends only on arguments',
      idempotent: 'running it twice equals running it once',
      deterministic: 'same inputs always give the same result',
      sideeffect: 'changes state outside itself',
      intent: 'states what the code is for',
    }),
  },
  {
    name: 'style',
    description: 'Suggested clean-ups of the code’s shape.',
    strategies: strategies({
      simplify: 'can be written more simply',
      extract: 'should become its own function',
      rename: 'deserves a clearer name',
      'inline-variable': 'the variable can be replaced by its value',
    }),
  },
  {
    name: 'contract',
    description: 'Conditions the code promises or relies on.',
    strategies: strategies({
      pre: 'precondition callers must meet',
      post: 'postcondition the code guarantees',
      invariant: 'holds before and after every operation',
    }),
  },
];

const BY_NAME: ReadonlyMap<string, AnnotationTypeInfo> = new Map(ANNOTATION_TYPES.map((info) => [info.name, info]));

export function annotationTypeInfo(annotationType: string): AnnotationTypeInfo | undefined {
  return BY_NAME.get(annotationType);
}

/** The strategies an annotation type allows, or undefined for an unknown type. */
export function allowedStrategies(annotationType: string): readonly string[] | undefined {
  return BY_NAME.get(annotationType)?.strategies.map((strategy) => strategy.name);
}
