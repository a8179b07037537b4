/**
 * A ruling where a text is silent, as a rule reference (`seed` null: every text
 * is silent). Players read it in a few words in the book's name: "The Third Age ·
 * a ruling: damage minimum 1"; the reasons are in the project's rule notes, which
 * players never read by path.
 */
export function ruling(seed: string | null, what: string): string {
  return `${seed ? `seed ${seed} ` : ""}ruling: ${what}`;
}

/** A reference `ruling` made: its rule text's number (if any) and the words. */
export const RULING = /^(?:seed (\d{3}) )?ruling: ([\s\S]*)$/;
