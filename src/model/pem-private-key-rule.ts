/**
 * A secretlint rule of Project Brain's own, run beside the recommended preset (docs/decisions/
 * 0040): a PEM private key block of any kind (RFC 7468 §2) — `-----BEGIN <label>-----` … `-----END
 * <label>-----` where the label ends in `PRIVATE KEY` — whose body is base64 of at least
 * {@link MIN_BASE64} characters. The preset's `secretlint-rule-privatekey` wants a body of 100+
 * characters starting `MI` or `b3BlbnNzaC1rZXktdjE` and no `ENCRYPTED` label, so it misses an
 * EC P-256 key in SEC1 form (`openssl ecparam -genkey`: `MHc…`), an Ed25519 or X25519 key in
 * PKCS #8 (`openssl genpkey -algorithm ed25519`: 64 characters) and every encrypted key.
 * A block whose body is not base64 (`...`, `<your key>`, one repeated character) is a placeholder.
 * Linear: headers are found by a regex without backtracking runs, their END by string search.
 */
import type { rules } from '@secretlint/secretlint-rule-preset-recommend';

/** The type of a secretlint rule (`SecretLintRuleCreator`), as the preset declares its own. */
type SecretlintRule = (typeof rules)[number];

/** The rule id findings carry. */
export const PEM_PRIVATE_KEY_RULE = 'project-brain/pem-private-key';

/** The fewest base64 characters a key body has (an Ed25519 PKCS #8 key has 64). */
const MIN_BASE64 = 40;

const BEGIN = /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----/g;
/** Header lines: RFC 1421's of legacy encrypted keys (`DEK-Info: …`), OpenPGP armor's (`Version: …`). */
const HEADER_LINE = /^[A-Za-z][A-Za-z0-9-]*:[^\n]*$/gm;
/** OpenPGP armor's checksum line (RFC 4880 §6.2): `=` and 4 base64 characters. */
const ARMOR_CHECKSUM = /^=[A-Za-z0-9+/]{4}\s*$/m;

/** True when `body` (between BEGIN and END) is a key's base64, not a placeholder. */
function isKeyBody(body: string): boolean {
  const base64 = body.replace(HEADER_LINE, '').replace(ARMOR_CHECKSUM, '').replace(/\s+/g, '');
  return base64.length >= MIN_BASE64 && /^[A-Za-z0-9+/]+={0,2}$/.test(base64) && !/^(.)\1*$/.test(base64);
}

/** The rule, as secretlint's `lintSource` takes it in `config.rules[].rule`. */
export const pemPrivateKeyRule: SecretlintRule = {
  messages: { PEMPrivateKey: { en: (props?: { LABEL?: string }) => `found a PEM private key block (${props?.LABEL ?? ''})` } },
  meta: { id: PEM_PRIVATE_KEY_RULE, type: 'scanner', recommended: true, supportedContentTypes: ['text'] },
  create(context) {
    const t = context.createTranslator(pemPrivateKeyRule.messages);
    return {
      file(source) {
        const text = source.content;
        const unended = new Set<string>();
        for (const begin of text.matchAll(BEGIN)) {
          const label = begin[1] as string;
          if (unended.has(label)) continue;
          const bodyStart = begin.index + begin[0].length;
          const end = text.indexOf(`-----END ${label}-----`, bodyStart);
          if (end === -1) unended.add(label);
          if (end === -1 || !isKeyBody(text.slice(bodyStart, end))) continue;
          context.report({ message: t('PEMPrivateKey', { LABEL: label }), range: [begin.index, end + label.length + 14] });
        }
      },
    };
  },
};
