/**
 * Replacement cues and what an entry chose (src/candidates/replacement-cues.ts, entry-choice.ts;
 * docs/decisions/0043): a cue counts against an entry only when its object is what the entry
 * chose and not what it already left.
 */
import { describe, expect, it } from 'vitest';
import { replacementCues } from '../../src/candidates/replacement-cues.js';
import { entryChoice, replacingCues } from '../../src/candidates/entry-choice.js';

const picocli = {
  title: 'Use Picocli instead of Apache Commons CLI for JabKit',
  payload: { decision_outcome: 'Chosen option: "Migrate to Picocli", because it is modern.', alternatives: ['Apache Commons CLI', 'Picocli', 'JCommander'] },
  citations: [],
};
const h2 = {
  title: 'Use H2 as Internal SQL Database',
  payload: { decision_outcome: 'Chosen option: "H2 Database Engine", because it was straight-forward to use.', alternatives: ['[H2 Database Engine](http://www.h2database.com/)', '[SQLite](https://www.sqlite.org/)'] },
  citations: [],
};
const nygard = { title: 'Why we build our own kubernetes cluster', payload: { decision_outcome: 'We will run Kubernetes with kops on EC2.' }, citations: [] };

const against = (text: string, entry: typeof h2 | typeof picocli | typeof nygard) => replacingCues(replacementCues(text), entryChoice(entry as never));

describe('replacement cues', () => {
  it('finds each cue with its object, up to a linking word or the end of the clause', () => {
    expect(replacementCues('We migrated from Apache Commons CLI to Picocli.').map((c) => [c.name, c.object])).toEqual([['move away from', ['apache', 'commons', 'cli']]]);
    expect(replacementCues('Use SQLite instead of H2 as the internal database').map((c) => c.object)).toEqual([['h2']]);
    expect(replacementCues('The asterisk rule is superseded.').map((c) => c.object)).toEqual([['asterisk', 'rule']]);
    expect(replacementCues('So we deprecate it and ask people to remove it').map((c) => c.object)).toEqual([[]]);
    expect(replacementCues('nothing to see here')).toEqual([]);
  });

  it('counts a cue leaving what the entry chose, not a restatement of what it already left', () => {
    expect(against('We use SQLite instead of H2 from now on', h2)).toEqual(['instead of']);
    expect(against('We move away from H2 and store data in SQLite', h2)).toEqual(['move away from']);
    expect(against('We chose H2 rather than SQLite', h2)).toEqual([]);
    expect(against('JabKit migrated from Apache Commons CLI to Picocli', picocli)).toEqual([]);
    expect(against('EKS replaces kops for our clusters', nygard)).toEqual(['replaces']);
    expect(against('EKS replaces the old dashboard', nygard)).toEqual([]);
  });
});
