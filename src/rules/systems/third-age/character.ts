/** seed 000, "Multiclassing". */
import { RuleError, type RuleResult } from "../types.js";
import { REF } from "./refs.js";

export interface ClassEntry {
  name: string;
  level: number;
  xp: number;
  /** This class's own HP (as rolled for it). */
  hp?: number | undefined;
  magic?: number | undefined;
  divinity?: number | undefined;
  attackBonus?: number | undefined;
}

export interface MulticlassResult extends RuleResult {
  hp: number;
  magic: number;
  divinity: number;
  attackBonus: number;
}

/**
 * Starting with several classes: HP is divided by the number of classes
 * (the classes' HP added, then divided, rounded down, at least 1) and the
 * character takes the max of Magic, of Divinity and of Attack Bonus.
 */
export function combineClasses(classes: ClassEntry[]): MulticlassResult {
  if (!classes.length) throw new RuleError("Give at least one class");
  const n = classes.length;
  const hpSum = classes.reduce((s, c) => s + (c.hp ?? 0), 0);
  const hp = Math.max(1, Math.floor(hpSum / n));
  const magic = Math.max(...classes.map((c) => c.magic ?? 0));
  const divinity = Math.max(...classes.map((c) => c.divinity ?? 0));
  const attackBonus = Math.max(...classes.map((c) => c.attackBonus ?? 0));
  return {
    title: `Multiclass: ${classes.map((c) => c.name).join("/")}`,
    lines: [
      `HP ${classes.map((c) => c.hp ?? 0).join(" + ")} = ${hpSum}, divided by ${n} classes → ${hp} (rounded down, at least 1).`,
      `Magic ${magic}, Divinity ${divinity}, Attack Bonus ${attackBonus} (the highest of each class).`,
    ],
    rules: [REF.multiclassing],
    rolls: [],
    hp,
    magic,
    divinity,
    attackBonus,
  };
}

/** Split XP evenly betwixt classes; the points that do not divide go one each to the first-listed classes (choice). */
export function splitXp(amount: number, classCount: number): number[] {
  if (!Number.isInteger(amount) || amount < 0) throw new RuleError("XP must be a whole number of 0 or more");
  if (!Number.isInteger(classCount) || classCount < 1) throw new RuleError("Give at least one class");
  const base = Math.floor(amount / classCount);
  const rem = amount - base * classCount;
  return Array.from({ length: classCount }, (_, i) => base + (i < rem ? 1 : 0));
}

export interface XpAward extends RuleResult {
  /** XP gained per class, in the order given. */
  gains: number[];
}

/**
 * Award new XP to a multiclass character.
 * Adding a class: all new XP goes to the added class until it reaches the
 * level of the other classes. The seed gives no XP tables, so the caller says
 * how much XP the added class still needs (`xpToCatchUp`, from its class
 * table); anything beyond that is split evenly like a character who started
 * with several classes.
 */
export function awardXp(
  classes: { name: string; level: number }[],
  amount: number,
  opts: { added?: string; xpToCatchUp?: number } = {},
): XpAward {
  if (!classes.length) throw new RuleError("Give at least one class");
  if (!Number.isInteger(amount) || amount < 0) throw new RuleError("XP must be a whole number of 0 or more");
  const gains = classes.map(() => 0);
  const lines: string[] = [];
  let left = amount;
  if (opts.added !== undefined) {
    const i = classes.findIndex((c) => c.name.toLowerCase() === opts.added!.toLowerCase());
    if (i < 0)
      throw new RuleError(
        `"${opts.added}" is not one of the character's classes: ${classes.map((c) => c.name).join(", ")}`,
      );
    const others = classes.filter((_, j) => j !== i);
    const target = others.length ? Math.max(...others.map((c) => c.level)) : 0;
    if (classes[i]!.level < target) {
      const need = opts.xpToCatchUp ?? Infinity;
      const put = Math.min(left, need);
      gains[i]! += put;
      left -= put;
      lines.push(`All new XP goes to ${classes[i]!.name} until it reaches level ${target}: +${put}.`);
    }
  }
  if (left > 0) {
    const parts = splitXp(left, classes.length);
    for (const [j, p] of parts.entries()) gains[j]! += p;
    lines.push(
      `${left} XP split betwixt ${classes.length} classes: ${classes.map((c, j) => `${c.name} +${parts[j]}`).join(", ")}.`,
    );
  }
  return { title: `XP: ${amount}`, lines, rules: [REF.multiclassing], rolls: [], gains };
}

/** A sheet's classes as kept on it. */
interface SheetClass {
  name: string;
  level: number;
  xp: number;
}

/**
 * New XP on a sheet (seed 000, "Multiclassing"): a class below the level of
 * the others is one added later, so all new XP goes to it ("must spend all
 * new xp on the new class until it reaches the level of the other class");
 * otherwise it is split betwixt the classes. The seed gives no XP tables:
 * levels are raised by the referee when the XP says so.
 */
export function awardSheetXp(
  sheet: { classes: SheetClass[] },
  amount: number,
): { patch: { classes: SheetClass[] }; result: XpAward } {
  const classes = sheet.classes;
  if (!classes.length)
    throw new RuleError(
      "This sheet has no class to put XP in: add one first, e.g. classes=Fighter:1 with /character edit.",
    );
  const top = Math.max(...classes.map((c) => c.level));
  const added =
    classes.length > 1 ? classes.filter((c) => c.level < top).sort((a, b) => a.level - b.level)[0] : undefined;
  const r = awardXp(classes, amount, added ? { added: added.name } : {});
  const next = classes.map((c, i) => ({ ...c, xp: c.xp + (r.gains[i] ?? 0) }));
  const lines = [
    ...r.lines,
    `XP now: ${next.map((c) => `${c.name} ${c.xp}`).join(", ")}. Levels are raised by the referee (/character edit) when the class's table says so.`,
  ];
  return { patch: { classes: next }, result: { ...r, lines } };
}
