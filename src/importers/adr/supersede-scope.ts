/**
 * How far a supersession stated in an ADR's text reaches (issue #18; supersede-refs.ts reads the
 * references): words after its target that limit it to a part ({@link limitAt}, decision 0112),
 * and a subject before "superseded by" that is not the record ({@link otherThingSuperseded},
 * decision 0113). Either makes the reference a relation: the older record stays in force. Pure.
 */

/**
 * Words after a supersession's target that limit it to a part (astropy's APE 18: "it supersedes
 * APE 10 wherever there is a conflict between that APE and this APE"; "supersedes ADR-5 only for
 * the web client", "to the extent that …"): the older record stays in force, a relation.
 * Decision 0112.
 */
const LIMITED = /(?:wherever|where\s+(?:there\s+is\s+a\s+|they\s+are\s+in\s+|it\s+is\s+in\s+|the\s+two\s+)?conflict|to\s+the\s+extent\b|in\s*so\s*far\s+as|as\s+far\s+as|only\s+(?:where|when|for|in|as\s+regards)\b|in\s+cases?\s+where|for\s+the\s+(?:parts?|aspects?|sections?)\b)/iy;
/**
 * Running text before "superseded by" naming something other than the record as the subject:
 * regelrecht's RFC 010, `status: Accepted`, says "The old delegation approach (originally
 * described in … [RFC-003](…)) has been superseded by [RFC-003](…)'s IoC mechanism" — an approach
 * was superseded, not RFC 010: a relation (decision 0113). A subject with a determiner
 * ({@link NOUN_SUBJECT}) that is not the record itself ({@link SELF_SUBJECT}: "this ADR", "the
 * decision", "it") counts; no subject at all ("Superseded by ADR 5") is the record.
 */
const NOUN_SUBJECT = /(?:^|[^\p{L}\p{N}])(?:the|a|an|our|their|its|that|these|those)\s+\p{L}/iu;
const SELF_SUBJECT = /(?:^|[^\p{L}\p{N}])(?:(?:this|the\s+present|the\s+current)\s+(?:[\p{L}-]+\s+)?|the\s+)(?:adrs?|rfcs?|records?|decisions?|documents?|proposals?|designs?|spec(?:ification)?s?|page|one|jep|tep|kep|cip|pep|ape|sep|cap)(?![\p{L}\p{N}])|^\s*(?:it|this)(?![\p{L}\p{N}])/iu;

/** Where the limiting words at `pos` of `text` end ({@link LIMITED}), or null when none start there. */
export function limitAt(text: string, pos: number): number | null {
  LIMITED.lastIndex = pos;
  return LIMITED.test(text) ? LIMITED.lastIndex : null;
}

/** True when `before` (a clause's text up to "superseded by") names a subject other than the record itself. */
export function otherThingSuperseded(before: string): boolean {
  return NOUN_SUBJECT.test(before) && !SELF_SUBJECT.test(before);
}
