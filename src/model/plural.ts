/**
 * A count with its noun for people to read: `plural(1, 'file')` → `1 file`, `plural(2, 'file')`
 * → `2 files`, `plural(3, 'entry', 'entries')` → `3 entries`. English only (the surfaces'
 * language); `many` defaults to `one` + `s`. Pure.
 */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
