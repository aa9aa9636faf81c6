// The languages projection reads and writes, and the names agents may use for them.

export const LANGUAGES = ['whetstone', 'javascript', 'typescript', 'python'] as const;
export type Language = (typeof LANGUAGES)[number];

// A Map, not an object: a name such as "__proto__" or "toString" must not find what every object
// inherits.
const ALIASES: ReadonlyMap<string, Language> = new Map([
  ['whetstone', 'whetstone'],
  ['wst', 'whetstone'],
  ['javascript', 'javascript'],
  ['js', 'javascript'],
  ['typescript', 'typescript'],
  ['ts', 'typescript'],
  ['python', 'python'],
  ['py', 'python'],
  ['python3', 'python'],
]);

/** The language a name means (case-insensitive, common short names too), or undefined. */
export function languageNamed(name: string): Language | undefined {
  return ALIASES.get(name.trim().toLowerCase());
}

/** The file extension a language's source is usually kept under. */
export const FILE_EXTENSIONS: { readonly [L in Language]: string } = {
  whetstone: '.wst',
  javascript: '.js',
  typescript: '.ts',
  python: '.py',
};

/** The language a file name's extension says, or undefined. */
export function languageOfFile(path: string): Language | undefined {
  const lower = path.toLowerCase();
  if (/\.(m|c)?js$/.test(lower)) return 'javascript';
  if (/\.(m|c)?ts$/.test(lower)) return 'typescript';
  if (lower.endsWith('.py')) return 'python';
  if (lower.endsWith('.wst')) return 'whetstone';
  return undefined;
}
