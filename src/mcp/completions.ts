/** The completers of the prompts' arguments and the resource templates' variables are declared in src/model/completions.ts. */
export type { Completer, Completers } from '../model/completions.js';
export { completersFor } from '../model/completions.js';
