/**
 * A custom monster as one stat line: B/X's (`HD 4+1 AC 5 ATK 1d10 ML 10`, read by
 * bx) plus what the house rules add: `MEN 10` for a unit fought as one man
 * (seed 001, "Mass Combat") and `#AT 3` for attacks a round; an attack routine
 * of several attacks (`ATK claw 1d6/claw 1d6/bite 1d10`) is that many attacks a
 * round unless `#AT` says otherwise.
 */
import { bxStatLine, routineLength } from "../bx/stats.js";
import { RuleError } from "../types.js";

/** The house's own words, the sheet field each fills, and its bounds (the monster schema's). */
const HOUSE_WORDS: Record<string, { field: string; words: string; min: number; max: number }> = {
  men: { field: "men", words: "MEN (men in a unit)", min: 2, max: 100 },
  "#at": { field: "attacksPerRound", words: "#AT (attacks a round)", min: 1, max: 10 },
};

export const HOUSE_STAT_EXAMPLE = "HD 4+1 AC 5 ATK 1d10 ML 10";
const ALSO = `The house rules also read ${Object.values(HOUSE_WORDS)
  .map((w) => w.words)
  .join(" and ")}, e.g. \`Bandits MEN 10 HD 1 AC 6 ATK 1d6 ML 8\`.`;

/** Takes the house's words (and their numbers) out of the line; the rest is B/X's. */
function takeHouseWords(line: string): { rest: string; fields: Record<string, number> } {
  const tokens = line.trim().split(/\s+/);
  const rest: string[] = [];
  const fields: Record<string, number> = {};
  for (let i = 0; i < tokens.length; i++) {
    const word = HOUSE_WORDS[tokens[i]!.toLowerCase()];
    // "Lizard Men HD 2": a word of the name, not the house's MEN (which is in capitals or has its number).
    const t = tokens[i]!;
    if (!word || !(t.startsWith("#") || t === t.toUpperCase() || /^\d+$/.test(tokens[i + 1] ?? ""))) {
      rest.push(t);
      continue;
    }
    const name = t.toUpperCase();
    const value = tokens[i + 1];
    if (value === undefined || !/^\d+$/.test(value) || Number(value) < word.min || Number(value) > word.max)
      throw new RuleError(
        `${name} needs a whole number from ${word.min} to ${word.max}, e.g. \`${name} ${word.min === 1 ? 3 : 10}\`${value === undefined ? "" : ` (not "${value}")`}.`,
      );
    fields[word.field] = Number(value);
    i++;
  }
  return { rest: rest.join(" "), fields };
}

/** One stat line in the house's terms → the key=value form the house monster sheet reads. */
export function houseStatLine(line: string): { name: string | null; fields: string } {
  const { rest, fields } = takeHouseWords(line);
  let read: { name: string | null; fields: string };
  try {
    read = bxStatLine(rest);
  } catch (err) {
    if (err instanceof RuleError) throw new RuleError(`${err.message} ${ALSO}`);
    throw err;
  }
  const routine = routineLength(read.fields);
  if (fields.attacksPerRound === undefined && routine > 1) fields.attacksPerRound = routine;
  const extra = Object.entries(fields).map(([k, v]) => `${k}=${v}`);
  return { name: read.name, fields: [read.fields, ...extra].join(" ") };
}
