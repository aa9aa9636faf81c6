// Puts a benchmark's latest figures into bench/README.md between its markers
// (<!-- NAME:start --> … <!-- NAME:end -->), with the date and the machine.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

export function machineLine(): string {
  const when = new Date().toISOString().slice(0, 10);
  return `Measured ${when} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}.`;
}

export function writeFigures(name: string, markdown: string): void {
  const readme = join(__dirname, '..', '..', 'bench', 'README.md');
  const text = readFileSync(readme, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md lacks the ${start} … ${end} markers`);
  writeFileSync(readme, `${text.slice(0, from + start.length)}\n${machineLine()}\n\n${markdown}${text.slice(to)}`);
}
