/**
 * The vitrine command line (`vitrine --help` lists its commands): what
 * bin/vitrine.js runs from the sources and scripts/build.js bundles for
 * `npm start`. The commands live in src/cli/, one module each; this only
 * hands them the process's arguments and environment and sets its exit code.
 */
import { main } from '../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2), process.env);
