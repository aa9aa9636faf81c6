// Which of the files waiting to be checked must wait for others (dependent-checks.ts): a file that
// imports, directly or through other files, a file still waiting or under way outside its own
// import cycle is checked after it, so that what it imports resolves from new exports. Worked out
// once for the files pending when a change comes, then kept up to date as each is done: a wave of
// hundreds of files would otherwise walk everything above them again at every answer.
//
// It works on import cycles (a file and the members of its cycle hold each other back never):
// a cycle is live while one of its files is pending or it imports a live cycle; a file is held
// while its cycle imports a live cycle. A cycle that stops being live frees those importing it.
import type { ImportGraph } from '../core/semantics';

export class HeldFiles {
  private readonly pending = new Set<string>();
  /** Per cycle above a pending file (its number in the graph): how many of its files are pending. */
  private readonly pendingIn = new Map<number, number>();
  /** Per such cycle: how many live cycles it imports. */
  private readonly liveBelow = new Map<number, number>();
  /** Per such cycle: the cycles importing it. */
  private readonly above = new Map<number, number[]>();

  /**
   * @param importers the files importing each file, in `graph`.
   * @param pending the files waiting or under way.
   */
  constructor(
    private readonly graph: ImportGraph,
    importers: ReadonlyMap<string, readonly string[]>,
    pending: Iterable<string>,
  ) {
    // Every file above a pending one, by cycle.
    const members = new Map<number, string[]>();
    const reached = new Set<string>();
    const walk: string[] = [];
    for (const path of pending) {
      this.pending.add(path);
      const cycle = graph.cycleOf(path);
      this.pendingIn.set(cycle, (this.pendingIn.get(cycle) ?? 0) + 1);
      if (!reached.has(path)) {
        reached.add(path);
        walk.push(path);
      }
    }
    for (let next = walk.pop(); next !== undefined; next = walk.pop()) {
      const cycle = graph.cycleOf(next);
      const list = members.get(cycle);
      if (list) list.push(next);
      else members.set(cycle, [next]);
      for (const importer of importers.get(next) ?? []) {
        if (reached.has(importer)) continue;
        reached.add(importer);
        walk.push(importer);
      }
    }
    // Every cycle reached is live at first: it holds a pending file or imports one that does.
    for (const [cycle, files] of members) {
      const below = new Set<number>();
      for (const file of files) {
        for (const target of graph.importsOf(file)) {
          const targetCycle = graph.cycleOf(target);
          if (targetCycle !== cycle && members.has(targetCycle)) below.add(targetCycle);
        }
      }
      this.liveBelow.set(cycle, below.size);
      for (const target of below) {
        const list = this.above.get(target);
        if (list) list.push(cycle);
        else this.above.set(target, [cycle]);
      }
    }
  }

  /** Whether `path` must wait: its cycle imports a live cycle. */
  isHeld(path: string): boolean {
    return (this.liveBelow.get(this.graph.cycleOf(path)) ?? 0) > 0;
  }

  /** `path` is no longer pending (checked, or given up): the cycles it alone kept live free their importers. */
  done(path: string): void {
    if (!this.pending.delete(path)) return;
    const cycle = this.graph.cycleOf(path);
    const left = (this.pendingIn.get(cycle) ?? 1) - 1;
    this.pendingIn.set(cycle, left);
    if (left > 0 || (this.liveBelow.get(cycle) ?? 0) > 0) return;
    const freed = [cycle];
    for (let next = freed.pop(); next !== undefined; next = freed.pop()) {
      for (const importer of this.above.get(next) ?? []) {
        const below = (this.liveBelow.get(importer) ?? 1) - 1;
        this.liveBelow.set(importer, below);
        if (below === 0 && (this.pendingIn.get(importer) ?? 0) === 0) freed.push(importer);
      }
    }
  }
}
