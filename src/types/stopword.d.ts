/** The part of `stopword` (npm, no bundled types) brain uses: its English list. */
declare module 'stopword' {
  export const eng: readonly string[];
}
