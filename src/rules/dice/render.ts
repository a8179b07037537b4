/**
 * Markdown for a Discord embed field:
 *   4d6kh3 (~~1~~, 3, 5, 6) + 5 = **19**
 * ~~n~~ dropped, n! exploded (the next die came from it), ~~n~~↺ rerolled
 * (replaced by the next die), **n** success, *n* failure.
 */
import type { DieRecord, GroupResult, PartResult, RollOutcome } from "./result.js";

/** Discord's embed field value limit. */
export const FIELD_LIMIT = 1024;

export function renderDie(d: DieRecord): string {
  let s = String(d.value);
  if (d.exploded) s += "!";
  if (d.rerolled) return `~~${s}~~↺`;
  if (d.dropped) return `~~${s}~~`;
  if (d.success) return `**${s}**`;
  if (d.failure) return `*${s}*`;
  return s;
}

function renderGroup(part: PartResult, g: GroupResult, maxDice: number): string {
  const n = g.end - g.start;
  const shown = Math.min(n, maxDice);
  const faces: string[] = [];
  for (let i = g.start; i < g.start + shown; i++) faces.push(renderDie(part.dice[i]!));
  if (shown < n) faces.push(`… and ${n - shown} more`);
  let s = `${g.notation} (${faces.join(", ")})`;
  if (g.counting) s += ` → ${g.value} success${Math.abs(g.value) === 1 ? "" : "es"}`;
  return s;
}

/** Escapes markdown in user-written labels. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>[\]()#-]/g, (c) => `\\${c}`);
}

function renderPart(part: PartResult, maxDice: number): string {
  const expr = part.expression;
  let out = "";
  let at = 0;
  for (const g of part.groups) {
    // Groups appear once per dice term, in textual order (span order).
    out += expr.slice(at, g.span[0]) + renderGroup(part, g, maxDice);
    at = g.span[1];
  }
  out += expr.slice(at);
  out += ` = **${part.total}**`;
  let prefix = "";
  if (part.repeat) prefix += `#${part.repeat.index} `;
  if (part.label) prefix += `*${escapeMarkdown(part.label)}*: `;
  return prefix + out;
}

/**
 * Renders a whole outcome (one line per part) or one part, in at most `limit`
 * characters: long dice lists are shortened to their first dice and
 * "… and N more"; if there are too many parts, the last ones are summarised.
 */
export function renderDice(result: RollOutcome | PartResult, limit: number = FIELD_LIMIT): string {
  const parts = "parts" in result ? result.parts : [result];
  for (const maxDice of [Infinity, 40, 20, 10, 5, 2, 0]) {
    const text = parts.map((p) => renderPart(p, maxDice)).join("\n");
    if (text.length <= limit) return text;
  }
  // Still too long: as many whole lines as fit, then a count of the rest.
  const lines = parts.map((p) => renderPart(p, 0));
  let text = "";
  for (let i = 0; i < lines.length; i++) {
    const more = `\n… and ${lines.length - i} more rolls`;
    const next = (text ? "\n" : "") + lines[i];
    const restAfter = i + 1 < lines.length ? `\n… and ${lines.length - i - 1} more rolls` : "";
    if (text.length + next.length + restAfter.length > limit) {
      text += i === 0 ? more.slice(1) : more;
      return text.length <= limit ? text : text.slice(0, limit - 1) + "…";
    }
    text += next;
  }
  return text.length <= limit ? text : text.slice(0, limit - 1) + "…";
}
