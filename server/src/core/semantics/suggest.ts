// "Did you mean …?": the candidate closest to a misspelt name, by edit distance.

/**
 * The candidate nearest to `name`, or undefined when none is close: at most one edit for short
 * names, about a third of the length for longer ones; a difference only in case counts as close.
 * One-character names match only by case (any other letter would be "one edit" away).
 * Failing that, the one candidate that `name` (3+ characters) abbreviates (`perf` -> `performance`).
 * Ties go to the earlier candidate (callers list the innermost scope first).
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const limit = name.length <= 1 ? 0.5 : Math.max(1, Math.floor(name.length / 3));
  const lowered = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  const extensions: string[] = [];
  for (const candidate of candidates) {
    if (candidate === name) continue;
    if (name.length >= 3 && candidate.length > name.length && candidate.toLowerCase().startsWith(lowered)) extensions.push(candidate);
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const distance = candidate.toLowerCase() === lowered ? 0.5 : editDistance(lowered, candidate.toLowerCase(), limit);
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === undefined && extensions.length === 1) return extensions[0];
  return best;
}

/** Levenshtein distance with adjacent transpositions, giving up (limit + 1) past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  let previousPrevious: number[] = new Array<number>(cols).fill(0);
  let previous: number[] = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current: number[] = new Array<number>(cols);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previousPrevious[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[cols - 1];
}
