// The import graph of one state of a set of module files (ModuleSet, and the language server's
// module exports, make a new one when a file's imports change): which files are in one import
// cycle (a strongly connected component), and an order to compute modules in so that each comes
// after the ones it imports. No recursion: an import chain may be thousands of files long.

export class ImportGraph {
  private readonly component = new Map<string, number>();
  private components = 0;
  /** Every component found, each after those it imports. */
  private readonly order: string[][] = [];
  private readonly edges = new Map<string, readonly string[]>();

  /** @param importedFiles the module files a file imports (its edges). */
  constructor(private readonly importedFiles: (file: string) => readonly string[]) {}

  /** Whether two files are in one import cycle (a file imports itself through its own cycle only). */
  sameCycle(a: string, b: string): boolean {
    return this.componentOf(a) === this.componentOf(b);
  }

  /** The number of `file`'s import cycle (a file in none is a cycle of its own): the same for files in one cycle only. */
  cycleOf(file: string): number {
    return this.componentOf(file);
  }

  /**
   * The files reachable from `file` (itself included) that `done` says are not computed, each
   * after those it imports (the members of a cycle together, in no particular order).
   */
  dependenciesFirst(file: string, done: (file: string) => boolean): string[] {
    this.componentOf(file);
    const reachable = new Set<string>([file]);
    const pending = [file];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      for (const imported of this.edgesOf(next)) {
        if (reachable.has(imported) || done(imported)) continue;
        reachable.add(imported);
        pending.push(imported);
      }
    }
    // Component numbers follow `order` (each after those it imports): sorting the few files reached
    // by them spares a walk of every component of the workspace at each call.
    const ordered = [...reachable].filter((member) => !done(member));
    return ordered.sort((a, b) => this.componentOf(a) - this.componentOf(b));
  }

  /**
   * The files among `files` that import one of `changed`, directly or through others (the
   * `changed` themselves only when they import one another): whose analysis a change to those
   * files may alter. Each after those it imports, as dependenciesFirst orders them.
   */
  importersOf(changed: Iterable<string>, files: Iterable<string>): string[] {
    const importers = new Map<string, string[]>();
    const all = [...files];
    for (const file of all) {
      for (const imported of this.edgesOf(file)) {
        const list = importers.get(imported);
        if (list) list.push(file);
        else importers.set(imported, [file]);
      }
    }
    const reached = new Set<string>();
    const pending = [...changed];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      for (const importer of importers.get(next) ?? []) {
        if (reached.has(importer)) continue;
        reached.add(importer);
        pending.push(importer);
      }
    }
    return this.inOrder(reached);
  }

  /** The files `file` imports (its edges). */
  importsOf(file: string): readonly string[] {
    return this.edgesOf(file);
  }

  /** `files` and their import cycles, grouped, each group after the groups it imports. */
  cyclesFirst(files: Iterable<string>): string[][] {
    const wanted = new Set(files);
    for (const file of wanted) this.componentOf(file);
    return this.order.map((component) => component.filter((member) => wanted.has(member))).filter((component) => component.length > 0);
  }

  /**
   * `files` grouped as cyclesFirst does, with what a scheduler needs to check groups as soon as
   * their imports are done: for each group, how many other groups it imports (`waitingOn`) and
   * which groups import it (`importers`), by index.
   */
  schedule(files: Iterable<string>): { components: string[][]; waitingOn: number[]; importers: number[][] } {
    const components = this.cyclesFirst(files);
    const componentOf = new Map<string, number>();
    components.forEach((members, at) => members.forEach((member) => componentOf.set(member, at)));
    const waitingOn = components.map(() => 0);
    const importers = components.map((): number[] => []);
    components.forEach((members, at) => {
      const imported = new Set<number>();
      for (const member of members) {
        for (const target of this.importsOf(member)) {
          const other = componentOf.get(target);
          if (other !== undefined && other !== at) imported.add(other);
        }
      }
      waitingOn[at] = imported.size;
      for (const other of imported) importers[other].push(at);
    });
    return { components, waitingOn, importers };
  }

  /** `files`, each after those it imports. */
  private inOrder(files: ReadonlySet<string>): string[] {
    return this.cyclesFirst(files).flat();
  }

  private edgesOf(file: string): readonly string[] {
    let files = this.edges.get(file);
    if (!files) {
      files = this.importedFiles(file);
      this.edges.set(file, files);
    }
    return files;
  }

  private componentOf(file: string): number {
    if (!this.component.has(file)) this.componentsFrom(file);
    return this.component.get(file) ?? -1;
  }

  /** Tarjan's strongly connected components of the files reachable from `file` that are in none yet, added to `order`. */
  private componentsFrom(file: string): void {
    const index = new Map<string, number>();
    const lowlink = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    let counter = 0;
    const frames: { file: string; next: readonly string[]; at: number }[] = [];
    const enter = (entered: string): void => {
      index.set(entered, counter);
      lowlink.set(entered, counter);
      counter++;
      stack.push(entered);
      onStack.add(entered);
      frames.push({ file: entered, next: this.edgesOf(entered), at: 0 });
    };
    enter(file);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      if (frame.at < frame.next.length) {
        const next = frame.next[frame.at++];
        if (this.component.has(next)) continue;
        if (!index.has(next)) enter(next);
        else if (onStack.has(next)) lowlink.set(frame.file, Math.min(lowlink.get(frame.file) ?? 0, index.get(next) ?? 0));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) lowlink.set(parent.file, Math.min(lowlink.get(parent.file) ?? 0, lowlink.get(frame.file) ?? 0));
      if (lowlink.get(frame.file) !== index.get(frame.file)) continue;
      const id = this.components++;
      const members: string[] = [];
      for (;;) {
        const member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        this.component.set(member, id);
        members.push(member);
        if (member === frame.file) break;
      }
      this.order.push(members);
    }
  }
}
