/**
 * What `/^(.*?)\s*TAIL$/` gives ([whole, lead, ...TAIL's groups]), found without the lazy lead.
 *
 * `tail` is TAIL$ with no start anchor: its leftmost match begins where the shortest lead and
 * its spaces end, so nothing is lost, but the lead no longer trades characters with the spaces
 * and TAIL's own digits (which made a failing match backtrack polynomially). Like `.`, the lead
 * stops at a line break.
 */
export function leadThen(text: string, tail: RegExp): (string | undefined)[] | null {
  const m = tail.exec(text);
  if (!m) return null;
  const lead = text.slice(0, m.index).trimEnd();
  if (/[\n\r\u2028\u2029]/.test(lead)) return null;
  return [text, lead, ...m.slice(1)];
}
