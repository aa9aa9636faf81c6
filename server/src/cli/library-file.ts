// The library context a command line option names (`--library FILE`, for check and serve): read
// as the files a process opens on its own are (a regular file within a size), parsed by the core's
// tolerant reader. A file that cannot be read or is not JSON is a usage error, said in one line.
import { readLibraryContext, type LibraryContext } from '../core/semantics';
import { LIBRARY_FILE_LIMITS } from '../workspace/file-limits';
import { readFileWithin } from '../workspace/regular-file';
import { messageOf } from './files';

/** The library `path` describes, or why it cannot be read. */
export function readLibraryOption(path: string): { library: LibraryContext } | { problem: string } {
  const read = readFileWithin(path, LIBRARY_FILE_LIMITS);
  if ('problem' in read) return { problem: `cannot read the library ${path}: ${read.problem}` };
  try {
    return { library: readLibraryContext(JSON.parse(read.text) as unknown) };
  } catch (error) {
    return { problem: `cannot read the library ${path}: ${messageOf(error)}` };
  }
}
