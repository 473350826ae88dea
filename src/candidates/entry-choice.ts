/**
 * What an entry chose and what it left (docs/decisions/0043), as stems, for judging whether a
 * candidate's replacement cue concerns it: the **chosen** stems are the title's and the
 * outcome's chosen option (`Chosen option: "…"`, MADR; without one, the whole outcome), without
 * the objects of the entry's own replacement cues ("Use Picocli instead of Apache Commons CLI"
 * chose Picocli); the **left**
 * stems are those of the alternatives it did not choose and of its own cues' objects. A
 * candidate saying "instead of X" replaces the entry when X is among what it chose and not among
 * what it already left (a restatement of the same rejection is no replacement). Pure.
 */
import { stemmer } from 'stemmer';
import type { Entry } from '../model/entry.js';
import { replacementCues, type Cue } from './replacement-cues.js';
import { contentWords } from './text-profile.js';

/** The entry's chosen and left stems. */
export interface EntryChoice {
  chosen: ReadonlySet<string>;
  left: ReadonlySet<string>;
}

/** A word's stem; a number without its leading zeros (`0045` and `45` name the same ADR). */
const stemOf = (word: string) => (/^\d+$/.test(word) ? String(Number(word)) : stemmer(word));
const stems = (text: string) => new Set(contentWords(text).map(stemOf));

/** `entry`'s choice (see the module doc). */
export function entryChoice(entry: Pick<Entry, 'title' | 'payload' | 'citations'>): EntryChoice {
  const outcome = typeof entry.payload.decision_outcome === 'string' ? entry.payload.decision_outcome : '';
  const quoted = /chosen option:?\s*["“]([^"”\n]{1,300})["”]/i.exec(outcome)?.[1];
  const own = replacementCues(`${entry.title}\n${outcome}`).flatMap((c) => c.object.map(stemOf));
  const ownSet = new Set(own);
  const chosen = new Set([...stems(entry.title), ...stems(quoted ?? outcome)].filter((s) => !ownSet.has(s)));
  const left = new Set(ownSet);
  const alternatives = Array.isArray(entry.payload.alternatives) ? entry.payload.alternatives.filter((a): a is string => typeof a === 'string') : [];
  for (const alternative of alternatives) {
    const a = [...stems(alternative.replace(/\]\([^)]*\)/g, ']'))];
    if (a.length === 0 || a.filter((s) => chosen.has(s)).length * 2 >= a.length) continue;
    for (const s of a) if (!chosen.has(s)) left.add(s);
  }
  return { chosen, left };
}

/** The names of `cues` that replace what `choice` chose: an object naming a chosen stem and no left one, in order, distinct. */
export function replacingCues(cues: readonly Cue[], choice: EntryChoice): string[] {
  const out = new Set<string>();
  for (const cue of cues) {
    const object = cue.object.map(stemOf);
    if (object.some((s) => choice.chosen.has(s)) && !object.some((s) => choice.left.has(s))) out.add(cue.name);
  }
  return [...out];
}
