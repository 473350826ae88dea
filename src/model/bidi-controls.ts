/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) in entry
 * text make it read differently than it is ("Trojan Source", CVE-2021-42574: a title showing
 * `evil.exe` backwards). Entry text arrives from other clones, so every surface that shows it
 * to a person shows these as visible escapes (`\u202e`), as the CLI's terminal text does
 * (cli/terminal-text.ts). Right-to-left scripts need none of them and are unaffected. Pure.
 */

/**
 * The bidi embedding, override and isolate controls as the body of a regex character class
 * (no brackets), for surfaces that join them to their own unsafe characters: the one list
 * (terminal text, JSON on a terminal, SVG labels, captured lines). Decision 0050.
 */
export const BIDI_CONTROL_RANGES = '\\u202a-\\u202e\\u2066-\\u2069';

/** The implicit direction marks ALM, LRM and RLM (U+061C, U+200E, U+200F), as a character-class body: dropped where a line must not change direction (SVG labels, captured lines). */
export const BIDI_MARK_CHARS = '\\u061c\\u200e\\u200f';

const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_RANGES}]`, 'g');

/** `text` with every bidi embedding/override/isolate control written as `\u202e` (lower-case hex, four digits). */
export function showBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}
