// Timing helpers for the benchmarks: medians of repeated runs, after a warm-up; a process's memory.
import { readFileSync } from 'node:fs';

export interface Sample {
  p50: number;
  p90: number;
  runs: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
}

export function summarize(times: number[]): Sample {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), runs: times.length };
}

/** Runs `body` `warmup` times unmeasured, then `runs` times, and returns the milliseconds. */
export function measure(runs: number, body: (i: number) => void, warmup = Math.min(5, runs)): Sample {
  for (let i = 0; i < warmup; i++) body(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    body(i);
    times.push(performance.now() - start);
  }
  return summarize(times);
}

/**
 * Runs each body once per round, in turn, `runs` rounds after `warmup` unmeasured ones: every body
 * sees the same load of a shared machine, so ratios between them hold when the load changes.
 */
export function measureInTurn<K extends string>(runs: number, bodies: Record<K, () => void>, warmup = Math.min(5, runs)): Record<K, Sample> {
  const keys = Object.keys(bodies) as K[];
  const times = Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<K, number[]>;
  for (let round = -warmup; round < runs; round++) {
    for (const key of keys) {
      const start = performance.now();
      bodies[key]();
      if (round >= 0) times[key].push(performance.now() - start);
    }
  }
  return Object.fromEntries(keys.map((key) => [key, summarize(times[key])])) as Record<K, Sample>;
}

export async function measureAsync(runs: number, body: (i: number) => Promise<void>, warmup = Math.min(5, runs)): Promise<Sample> {
  for (let i = 0; i < warmup; i++) await body(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await body(i);
    times.push(performance.now() - start);
  }
  return summarize(times);
}

export interface Row {
  what: string;
  budget: string;
  measured: Sample;
  floorName?: string;
  floor?: Sample;
}

export function ms(value: number): string {
  return value < 1 ? value.toFixed(3) : value < 10 ? value.toFixed(2) : value.toFixed(1);
}

export function table(rows: Row[]): string {
  const lines = [
    '| what | budget | p50 ms | p90 ms | floor (same run) | floor p50 ms | ratio p50 |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const ratio = row.floor ? `${(row.measured.p50 / row.floor.p50).toFixed(1)}×` : '—';
    lines.push(
      `| ${row.what} | ${row.budget} | ${ms(row.measured.p50)} | ${ms(row.measured.p90)} | ${row.floorName ?? '—'} | ${row.floor ? ms(row.floor.p50) : '—'} | ${ratio} |`,
    );
  }
  return lines.join('\n');
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssOf(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The part of a process's resident memory that is its own (not the node binary's code shared with others), in MB (Linux). */
export function privateMbOf(pid: number | undefined): number | undefined {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(rollup)?.[1] ?? NaN);
    const total = kb('Private_Clean') + kb('Private_Dirty');
    return Number.isNaN(total) ? undefined : total / 1024;
  } catch {
    return undefined;
  }
}
