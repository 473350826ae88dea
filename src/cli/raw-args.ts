/**
 * The command line's words as typed (commander's `rawArgs`), for what commander's parse cannot
 * tell: the program defines `--repo`, `--project` and `--author` for every command, so a
 * subcommand's option of the same name (`list --author A`, `hub token create --repo A --repo B`)
 * lands in the program's options, holding the last value whichever side of the command word it
 * was given on. Reading the words says which side, and every value.
 */
import type { Command } from 'commander';

/** The global options that take a value: the word after one is that value, not the command. */
const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--repo', '--branch', '--project', '--author', '--agent']);

/**
 * The index in `args` of the command word: the first word that is neither an option nor the
 * value of a global one (`--repo DIR`; `--repo=DIR` is one word), or the word after `--`; -1
 * when there is none. With `name`, the first such word equal to it (so `args` may start with
 * node's and the script's paths, as `rawArgs` does).
 */
export function commandWordIndex(args: readonly string[], name?: string): number {
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    if (word === '--') return i + 1 < args.length && (name === undefined || args[i + 1] === name) ? i + 1 : -1;
    if (!word.startsWith('-')) {
      if (name === undefined || word === name) return i;
    } else if (VALUE_OPTIONS.has(word)) i++;
  }
  return -1;
}

/**
 * Every value of `option` given after the top-level command word that `command` runs under
 * (`option V` or `option=V`), in order, up to a `--`; [] when there is none — a value given
 * before the command word is the program's own option.
 */
export function valuesAfterCommand(command: Command, option: string): string[] {
  let top = command;
  while (top.parent?.parent) top = top.parent;
  let root = top;
  while (root.parent) root = root.parent;
  const all = (root as unknown as { rawArgs?: string[] }).rawArgs ?? [];
  const at = commandWordIndex(all, top.name());
  const values: string[] = [];
  if (at < 0) return values;
  for (let i = at + 1; i < all.length && all[i] !== '--'; i++) {
    const arg = all[i]!;
    if (arg === option && all[i + 1] !== undefined) values.push(all[++i]!);
    else if (arg.startsWith(`${option}=`)) values.push(arg.slice(option.length + 1));
  }
  return values;
}
