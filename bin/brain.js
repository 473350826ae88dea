#!/usr/bin/env node
// The `brain` command: its bundle (scripts/bundle.js, decision 0104), which `npm run build` writes.
try {
  await import('../dist/bundle/brain.js');
} catch (err) {
  // A checkout built with tsc alone, or a bundle cut short: say how to build it, not a stack.
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('/dist/bundle/')) throw err;
  const root = new URL('..', import.meta.url).pathname;
  process.stderr.write(`brain: internal: the command's bundle is missing or incomplete (${err.message.split('\n')[0]})\nhint: run \`npm run build\` in ${root}\n`);
  process.exitCode = 1;
}
