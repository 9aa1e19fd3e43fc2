/**
 * One Swedish style for the portal's own texts (issue #27): where two words for the same thing
 * were mixed, the one we write. wording.test.ts scans the UI's strings in web/src and the
 * user-facing Swedish in server/src (mails, API messages) for the forms listed under `avoid`.
 */
export interface WordingRule {
  /** The form we do not write (matched against source text, so also inside a template). */
  avoid: RegExp;
  /** What we write instead. */
  write: string;
}

export const WORDING_RULES: readonly WordingRule[] = [
  // 'mejl', 'mejlet', 'mejla', 'bekräftelsemejl', 'Mejlkön': the portal says e-post throughout.
  { avoid: /mejl/i, write: "'e-post' ('ett e-postmeddelande', 'e-postmeddelandet')" },
  // 'än' for "yet" closes its clause ('Inget konto än?'); the comparative ('mer än tre') never does.
  { avoid: /(?<!\p{L})än(?=\s*[.?!…]|\s*$)/mu, write: "'ännu' ('Inget konto ännu?')" },
];
