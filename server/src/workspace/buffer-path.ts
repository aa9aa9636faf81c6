// The file path a buffer's URI names, for matching the module paths of `use` against buffers
// (a rename reaches the buffers that import the renamed one's file).
import { fileURLToPath } from 'node:url';

/** The file path of a buffer's URI; the URI's path when it is not a file, the URI itself when it cannot be read. */
export function pathOfBufferUri(uri: string): string {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}
