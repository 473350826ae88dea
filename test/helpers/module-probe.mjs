/**
 * Loaded into a CLI run with `NODE_OPTIONS=--import=<this file>` (see test/cli/one-shot-loads.test.ts):
 * registers module-probe-hooks.mjs, which appends the URL of every module the run loads (ESM and
 * CommonJS through the ESM loader, `node:` builtins included) to `$BRAIN_MODULES_FILE`, one a line.
 */
import { register } from 'node:module';

register(new URL('./module-probe-hooks.mjs', import.meta.url));
