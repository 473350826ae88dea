// A real second (third, ...) writer process for concurrency and crash tests.
// usage: node writer-process.mjs <repoDir> <count|forever> append
//        node writer-process.mjs <repoDir> <count|forever> revise <entry_id>
// Prints one line per committed write: "<entry_id> r<revision>".
// Runs the service from the command's bundle (scripts/bundle.js), as a `brain` process does.
import { openBrain } from '../../dist/bundle/service.js';

const [dir, countText, mode, entryId] = process.argv.slice(2);
const brain = await openBrain({ repoDir: dir, author: `writer-${process.pid}` });
const count = countText === 'forever' ? Infinity : Number(countText);
for (let i = 0; i < count; i++) {
  const result =
    mode === 'append'
      ? await brain.writes.append({ kind: 'decision', fields: { title: `writer ${process.pid} #${i}`, rationale: 'x'.repeat(i % 50) } })
      : await brain.writes.revise({ entryId, fields: { rationale: `writer ${process.pid} pass ${i}` } });
  process.stdout.write(`${result.entry.entry_id} r${result.entry.revision}\n`);
}
await brain.close();
