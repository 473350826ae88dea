/**
 * The loader hook of module-probe.mjs: every module loaded is appended to `$BRAIN_MODULES_FILE`
 * as it loads (synchronously, from the hooks thread), so nothing is lost however the run ends.
 */
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (process.env.BRAIN_MODULES_FILE) appendFileSync(process.env.BRAIN_MODULES_FILE, `${url}\n`);
  return loaded;
}
