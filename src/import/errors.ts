/**
 * The failures an import expects: the export is missing, unreadable or not
 * an export of the program named, or the content folder cannot be read or
 * written. Each is one line that names the file; the command prints it once.
 */
export class ImportError extends Error {
  constructor(
    /** The file at fault, as the command line named it. */
    readonly file: string,
    /** What is wrong with it, in a few words. */
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'ImportError';
  }
}
