/**
 * Titles a template wrote (issue #18; decisions 0082, 0098, 0112, 0113, 0114): a record whose
 * title was never written is titled by its file name's words; a file whose title and number are
 * both a template's placeholders is the template records are copied from, not a record. Pure.
 */

/**
 * A title a template wrote for the author to replace, left as it was (alphagov/forms'
 * `ADR025-remove-papertrail.md`: `# ADR025: Decision Record Title (a description of the decision,
 * not the problem)`; decision 0082): "Decision Record Title …", "Short title of solved problem and
 * solution", "Title", "ADR Title", "<Title>", "[Title]", "{Title}", an RFC template's "Title of RFC",
 * "RFC Title", "Proposal title", "Your title here". A title that only contains
 * such words ("Title case for labels") is a title.
 */
export function isPlaceholderTitle(title: string): boolean {
  const bare = title.trim().replace(/^[[{<]\s*|\s*[\]}>]$/g, '').trim();
  return /^(?:(?:architecture\s+|any\s+)?decision\s+record\s+title\b.*|short\s+title\s+of\s+solved\s+problem(?:\s+and\s+solution)?\b.*|(?:adr\s+)?title)$/i.test(bare)
    // An RFC or proposal template's (tensorflow/community's `# Title of RFC`, `RFC Title`, `Proposal title`; decision 0098).
    || /^(?:(?:the\s+)?title\s+of\s+(?:the\s+|your\s+)?(?:rfc|adr|proposal|design(?:\s+doc(?:ument)?)?|decision|spec(?:ification)?)|(?:rfc|proposal|spec|design(?:\s+doc)?)\s+title(?:\s+here)?|your\s+title(?:\s+here)?)$/i.test(bare)
    // MADR's French template (`[titre court du problème résolu et de sa solution]`, SocialGouv's ADR-002; decision 0113).
    || /^titre\s+(?:court\s+)?du\s+probl[eè]me\b/i.test(bare)
    // conda's CEP template (`A short title of the proposal`), cilium's CFP copies titled only `Template` (round twenty).
    || /^(?:a\s+)?short\s+title\s+(?:of|for)\s+(?:the\s+|your\s+|this\s+)?(?:proposal|rfc|adr|decision|enhancement|design)\b/i.test(bare)
    || /^template$/i.test(bare)
    // A status word for a title (NixOS' RFC 25 opens `# Superseded!` over "This RFC is superseded by …"): no title.
    || /^(?:superseded|deprecated|obsolete|withdrawn|rejected|draft)\s*[!.]?$/i.test(bare);
}

/**
 * True when `title` (as parse-adr.ts gives it) is a template's, number and title both left to
 * fill: ai-cfia's `# ADR-` + three x's + ` : Title` (and `Titre`), `RFC-NNNN: <title>`, astropy's
 * `<APE title here>`. Such a file is the template records are copied from, not a record
 * (read-adr-dir.ts skips it; decision 0112). A placeholder title under a real number (alphagov/
 * forms' ADR025) is a record whose title was never written: not this.
 */
function isTemplateTitle(title: string): boolean {
  const numbered = /^(?:[a-z]{2,5}[-_\s]?)?(?:x{3,}|n{3,}|#{3,})\s*[:.\-–—]?\s*(.*)$/i.exec(title.trim());
  const rest = numbered === null ? title.trim() : (numbered[1] ?? '').trim();
  if (numbered !== null && (isPlaceholderTitle(rest) || /^(?:titre|título|titulo|titel|titolo|タイトル|标题)$/i.test(rest))) return true;
  return /^<[^<>]*\btitle\b[^<>]*>$/i.test(title.trim());
}

/**
 * Why a parsed file is a template and no record, or null: its title and number are both
 * placeholders ({@link isTemplateTitle}), or it is numbered 0 and titled by a placeholder
 * ({@link isPlaceholderTitle}: conda's `cep-0000.md`, "A short title of the proposal"; round
 * twenty). `fileNumber` is the number its name carries (a series label's too), or null.
 */
export function templateReason(title: string, fileNumber: number | null): string | null {
  if (isTemplateTitle(title)) return 'template (its title and number are placeholders)';
  return fileNumber === 0 && isPlaceholderTitle(title) ? 'template (numbered 0, its title a placeholder)' : null;
}
