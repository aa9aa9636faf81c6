// What projection refuses to read: text too large to parse within the endpoint's limits, and
// binary data (a NUL character, or mostly unprintable text) that no source file contains.

/** The largest source projection reads, in UTF-16 code units (8 MiB of ASCII). */
export const MAX_SOURCE_LENGTH = 8 * 1024 * 1024;

/** Why `text` cannot be read as source, or undefined when it can. */
export function sourceProblem(text: string): string | undefined {
  if (text.length > MAX_SOURCE_LENGTH) {
    return `the source is ${text.length} characters long; projection reads at most ${MAX_SOURCE_LENGTH}`;
  }
  if (text.includes('\0')) return 'the source contains NUL characters: it looks like binary data, not source text';
  const sample = text.slice(0, 4096);
  let unprintable = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) unprintable++;
  }
  if (sample.length > 0 && unprintable / sample.length > 0.1) return 'the source is mostly unprintable characters: it looks like binary data, not source text';
  return undefined;
}
