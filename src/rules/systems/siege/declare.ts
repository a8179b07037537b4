/**
 * seed 003, "Combat Actions", "Combat Maneuvers": what a combatant may declare. Before initiative: Charge (with its
 * distance window), Dodge, Evade, Disengage (hasty or fighting). On one's turn: a move, taking cover, aiding the
 * mortally wounded, casting a spell, using an item or an ability.
 */
import { inFamily, marksIn, type Mark } from "../../marks.js";
import { abilityUntil, castingUntil, cover, evading, fleeingFrom, type CoverKey } from "./marks.js";
import { offered } from "../../round/economy.js";
import { isOut } from "../../round/words.js";
import { readNameAndNumber } from "../../round/named.js";
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, Declaration, DeclareInput, DeclareResult, Effect, RoundContext } from "../types.js";
import { RuleError } from "../types.js";
import { disengage, halfMove, movementRate, toSquares, validateAction, validateCharge } from "./actions.js";
import { aidEffect, hpBand, readState } from "./damage.js";
import { abilityOf, CHARGING_AT, CLOSED_ON, DISENGAGED, NO_ATTACK_FROM_COVER, READIED, spellOf } from "./marks.js";
import { firstStrike } from "./combat.js";
import { cannotActReason, noInitiativeReason } from "./initiative.js";
import { ref, type SiegeSheet } from "./sheet.js";
import { COVER_WORDS } from "./words.js";

const COVER_DETAIL: Record<string, CoverKey> = {
  "1/4": "light",
  quarter: "light",
  light: "light",
  "1/2": "partial",
  half: "partial",
  partial: "partial",
  "3/4": "heavy",
  "three-quarters": "heavy",
  heavy: "heavy",
  full: "full",
};

const BEFORE_IDS = ["charge", "dodge", "evade", "disengage", "withdraw"];
/** Declarations that are the whole round's action: no attack after them. */
export const WHOLE_ROUND: Record<string, string> = {
  dodge: "declared Dodge: no attack this round",
  evade: "declared Evade: no attack this round",
  disengage: "disengaging hastily: no other action this round",
  withdraw: "disengaging (fighting withdrawal): no other action this round",
  spell: "cast a spell: that is this round's action (only the spell's own touch attack)",
  item: "used an item: that is this round's action",
  ability: "used an ability: that is this round's action",
  aid: "tending a wounded ally: a full round's work",
};
export const WHOLE_ROUND_RULE: Record<string, string> = {
  dodge: ref("Dodge"),
  evade: ref("Evade"),
  disengage: ref("Disengaging from Combat"),
  withdraw: ref("Disengaging from Combat"),
  spell: ref("Cast a Spell"),
  item: ref("Use an Item"),
  ability: ref("Use an Ability"),
  aid: ref("Hit Points"),
};

const d = (id: string, label: string, rule: string, when: Declaration["when"], detail?: string): Declaration => ({
  id,
  label,
  rule,
  when,
  ...(detail ? { detail } : {}),
  ...(when === "before" ? { excludes: BEFORE_IDS.filter((x) => x !== id) } : {}),
});

export const DECLARATIONS: Declaration[] = [
  d("charge", "Charge", ref("Charging"), "before", "the foe and its distance in feet, e.g. Orc 1 40"),
  d("dodge", "Dodge", ref("Dodge"), "before"),
  d("evade", "Evade", ref("Evade"), "before", "the opponent to evade"),
  d("disengage", "Disengage (hasty)", ref("Disengaging from Combat"), "before", "the foes in melee with them"),
  d("withdraw", "Disengage (fighting)", ref("Disengaging from Combat"), "before"),
  d(
    "move",
    "Move",
    ref("Movement in the Combat Round"),
    "turn",
    "feet moved, and the foe closed on: e.g. 20 or Ogre 20",
  ),
  d("aid", "Aid the wounded", ref("Hit Points"), "turn", "the mortally wounded ally"),
  d("cover", "Take cover", ref("Cover"), "turn", "1/4, 1/2, 3/4 or full"),
  d("spell", "Cast a spell", ref("Cast a Spell"), "turn", "the spell, and its rounds if two or more: Sleep 2 rounds"),
  d("item", "Use an item", ref("Use an Item"), "turn", "the item, e.g. potion of healing"),
  d(
    "ability",
    "Use an ability",
    ref("Use an Ability"),
    "turn",
    "the ability, and its rounds if two or more: Turn undead 2 rounds",
  ),
];

export function declarations(
  who: Combatant<SiegeSheet>,
  ctx: RoundContext<SiegeSheet> & { phase: "declare" | "act" },
): Declaration[] {
  if (cannotActReason(who, ctx.round)) return [];
  // "Grappling": the held "cannot act except to attempt to break the hold" (a grapple, plan.ts): nothing to declare.
  if (who.state.conditions.includes("held")) return [];
  // A spell of several rounds: casting is the caster's whole action until it takes effect.
  if (castingSpell(who)) return [];
  // "Use an Ability": "Ability may involve movement": after an ability (declared, or completing now), a move up to the
  // normal rate (declareMove); in the rounds between, the ability of several rounds is the whole action.
  if (ctx.phase === "act" && abilityThisRound(who, ctx.declared))
    return ctx.declared.includes("move") ? [] : DECLARATIONS.filter((x) => x.id === "move");
  if (usingAbility(who)) return [];
  if (ctx.phase === "declare") return DECLARATIONS.filter((x) => x.when === "before");
  if (noInitiativeReason(who)) return [];
  if (ctx.declared.some((id) => id in WHOLE_ROUND)) return [];
  // After a move, only taking cover (the move may end behind it); nothing twice.
  const open = ctx.declared.includes("move") ? ["cover"] : DECLARATIONS.map((x) => x.id);
  return DECLARATIONS.filter(
    (x) =>
      x.when === "turn" &&
      open.includes(x.id) &&
      !ctx.declared.includes(x.id) &&
      !(x.id === "move" && ctx.declared.includes("charge")),
  );
}

/** The Castle Keeper's reductions (/condition), by their mark: "not … more than three-fourths (0.75)". */
const REDUCTIONS: [Mark, number, string][] = [
  ["slowed by a quarter", 0.25, "a quarter"],
  ["slowed by half", 0.5, "half"],
  ["slowed by three-quarters", 0.75, "three-quarters"],
];

/**
 * The rate a combatant moves at this round ("Movement in the Combat Round"): its sheet's, or the Castle
 * Keeper's reduction of it, fractions dropped and never below 5 ft. `why` says the reduction, when there is one.
 */
export function moveRate(who: Combatant<SiegeSheet>): { rate: number; why?: string } {
  // "At least 5 feet in a combat round, unless the character is restrained or otherwise unable to move": 0 ft.
  if (who.state.conditions.includes("restrained"))
    return {
      rate: movementRate(who.sheet.move, { restrained: true }),
      why: `${who.name} is restrained: no movement at all, not even the 5 ft the Castle Keeper otherwise allows`,
    };
  const reduction = REDUCTIONS.find(([k]) => who.state.conditions.includes(k));
  if (!reduction) return { rate: who.sheet.move };
  const [, by, words] = reduction;
  const rate = movementRate(who.sheet.move, { reduction: by });
  const floor = rate === 5 && who.sheet.move * (1 - by) < 5 ? ", the least the Castle Keeper allows" : "";
  return {
    rate,
    why: `${who.name}'s rate is ${rate} ft: ${who.sheet.move} ft reduced by ${words} by the Castle Keeper${floor}`,
  };
}

/** The ability of several rounds `who` is still using, if any ("Use an Ability"). */
export const usingAbility = (who: Combatant<SiegeSheet>) =>
  who.state.conditions
    .map((c): { key: Mark; ability: ReturnType<typeof abilityOf> } => ({ key: c, ability: abilityOf(c) }))
    .find((x) => x.ability);
/** An ability is this round's action: declared now, or one of several rounds completing now. */
const abilityThisRound = (who: Combatant<SiegeSheet>, declared: string[]) =>
  declared.includes("ability") || who.state.conditions.includes("completing an ability");

/**
 * "Use an Ability": "A character or monster may perform one class or racial ability each round. Some abilities, like
 * spells, take more than one round to complete. Some monsters can perform more than one ability per round." The
 * detail names the ability (several, separated by commas, for a monster whose sheet gives `abilities`), and may end
 * in its rounds (`Turn undead, 2 rounds`): then it completes on the user's turn in round R + N − 1, as a spell does.
 */
function declareAbility(input: DeclareInput<SiegeSheet>): DeclareResult {
  const { who } = input;
  const { name: named, rounds } = readRounds(input.detail, "An ability");
  const names = named ? named.split(/\s*[,;+]\s*/).filter(Boolean) : [];
  const may = who.sheet.abilities ?? 1;
  const rules = [ref("Use an Ability"), ref("Combat Actions")];
  if (names.length > may)
    throw new RuleError(
      `${who.name} may perform ${may === 1 ? "one ability" : `${may} abilities`} a round, not ${names.length} ("Some monsters can perform more than one ability per round": a monster's sheet or line gives \`abilities\`, e.g. \`ABILITIES 2\`).`,
    );
  const what = names.length ? names.join(" and ") : "an ability";
  const move = "it may involve movement, up to the normal rate (`/declare move`)";
  if (rounds < 2)
    return result(
      `${who.name}: use an ability`,
      [
        `${who.name} uses ${what}${names.length > 1 ? `, ${names.length} abilities this round` : ""}. That is the round's action: no attack as well; ${move}.`,
      ],
      rules,
      [],
    );
  const at = input.round + rounds - 1;
  return result(
    `${who.name} begins ${what}`,
    [
      `${who.name} begins ${what}, ${rounds} rounds to complete: it completes on ${who.name}'s turn in round ${at}${rounds === 2 ? ", the following round" : ""}. Until then it is ${who.name}'s action each round: no attack or other action.`,
    ],
    rules,
    [{ targetId: who.id, addConditions: [abilityUntil(at, what)] }],
  );
}

/** A detail that may end in a count of rounds (`Sleep, 2 rounds`, `Sleep rounds:2`): the name and the rounds (1 if none). */
function readRounds(detail: string | undefined, what: string): { raw: string; name: string; rounds: number } {
  const raw = (detail ?? "").trim();
  const m = /(?:^|[,;\s])(?:rounds?\s*(?:[:=]\s*)?(\d+)|(\d+)\s*rounds?)$/i.exec(raw);
  const rounds = m ? Number(m[1] ?? m[2]) : 1;
  const name = (m ? raw.slice(0, m.index) : raw).trim().replace(/[,;]$/, "").trim();
  if (m && (rounds < 1 || rounds > 60)) throw new RuleError(`${what}'s time is 1 to 60 rounds, not ${rounds}.`);
  return { raw, name, rounds };
}

/** The spell `who` is still casting, if any. */
export const castingSpell = (who: Combatant<SiegeSheet>) =>
  who.state.conditions
    .map((c): { key: Mark; spell: ReturnType<typeof spellOf> } => ({ key: c, spell: spellOf(c) }))
    .find((x) => x.spell);

/**
 * "Cast a Spell": "Some spells require two or more rounds to cast, in which case the character must wait until the
 * following round for the effect of the spell to take place." A spell of N rounds declared in round R takes effect on
 * the caster's turn in round R + N − 1 (2 rounds: the following round); casting is the caster's action until then.
 */
function declareSpell(input: DeclareInput<SiegeSheet>): DeclareResult {
  const { who } = input;
  const read = readRounds(input.detail, "A spell's casting");
  const { raw, rounds } = read;
  const name = read.name || "the spell";
  const rules = [ref("Cast a Spell"), ref("Combat Actions")];
  if (rounds < 2)
    return result(
      `${who.name}: cast a spell`,
      [
        `${who.name}: cast a spell${raw ? ` (${name})` : ""}. That is the round's action: no other attack, but a spell delivered by touch makes its touch attack (\`/attack weapon:touch\`).`,
      ],
      rules,
      [{ targetId: who.id, addConditions: ["casting"] }],
    );
  const at = input.round + rounds - 1;
  return result(
    `${who.name} begins casting ${name}`,
    [
      `${who.name} begins casting ${name}, ${rounds} rounds to cast: it takes effect on ${who.name}'s turn in round ${at}${rounds === 2 ? ", the following round" : ""}. Until then casting is ${who.name}'s action each round: no attack, move or other action.`,
    ],
    rules,
    [{ targetId: who.id, addConditions: [castingUntil(at, name)] }],
  );
}

/** On the caster's turn: a spell (or an ability) of several rounds goes on, or takes effect in its round ("Cast a Spell", "Use an Ability"). */
export function spellOnTurn(
  who: Combatant<SiegeSheet>,
  ctx: RoundContext<SiegeSheet>,
): { lines: string[]; effects: Effect[] } | null {
  const u = usingAbility(who);
  if (u?.ability) {
    const { round, name } = u.ability;
    if (ctx.round < round)
      return { lines: [`${who.name} goes on with ${name}: it completes in round ${round}.`], effects: [] };
    return {
      lines: [
        `${who.name}'s ${name} completes now, in round ${round}: that is ${who.name}'s action this round (Castles & Crusades · Use an Ability).`,
      ],
      effects: [{ targetId: who.id, removeConditions: [u.key], addConditions: ["completing an ability"] }],
    };
  }
  const c = castingSpell(who);
  if (!c?.spell) return null;
  const { round, name } = c.spell;
  if (ctx.round < round)
    return { lines: [`${who.name} goes on casting ${name}: it takes effect in round ${round}.`], effects: [] };
  // Its round: the spell goes off, and a spell delivered by touch makes its touch attack ("casting": that one only).
  return {
    lines: [
      `${who.name}'s ${name} takes effect now, in round ${round}, its casting done (Castles & Crusades · Cast a Spell).`,
    ],
    effects: [{ targetId: who.id, removeConditions: [c.key], addConditions: ["casting"] }],
  };
}

/**
 * "Use an Item": "if an item is in a backpack, it would take at least a round to take off the pack, dig through
 * it, and retrieve the item." An item the sheet lists as packed takes this round to ready; it is used next round.
 */
function declareItem(input: DeclareInput<SiegeSheet>): DeclareResult {
  const { who } = input;
  const named = (input.detail ?? "").trim();
  const packed = named ? (who.sheet.packed ?? []).find((x) => x.toLowerCase() === named.toLowerCase()) : undefined;
  const label = DECLARATIONS.find((x) => x.id === "item")!.label.toLowerCase();
  if (!packed || who.state.conditions.includes(`${READIED}${packed.toLowerCase()}`))
    return result(
      `${who.name}: ${label}`,
      [`${who.name}: ${label}${named ? ` (${named})` : ""}. That is the round's action: no attack as well.`],
      [ref("Combat Actions"), WHOLE_ROUND_RULE.item!],
      [],
    );
  // The five actions' own check (actions.ts): a packed item is not usable this round.
  const check = validateAction({ action: "item", moveFt: 0, rate: who.sheet.move, item: "packed" });
  if (check.ok) throw new RuleError(`${who.name}'s ${packed} should take a round to dig out.`);
  return result(
    `${who.name} digs out the ${packed}`,
    [
      `${who.name} takes off the pack and digs out the ${packed}: an item in a backpack takes at least a round to retrieve, so it can be used next round. That is this round's action: no attack as well.`,
    ],
    [ref("Use an Item"), ref("Combat Actions")],
    [{ targetId: who.id, addConditions: [`${READIED}${packed.toLowerCase()}`] }],
  );
}

const feet = (detail: string | undefined, what: string): number => {
  const n = Number((detail ?? "").trim().replace(/\s*(ft|feet|')$/i, ""));
  if (!detail?.trim() || !Number.isInteger(n) || n < 0 || n > 1000)
    throw new RuleError(`Give ${what}: a whole number of feet, e.g. 40.`);
  return n;
};

function named(
  input: DeclareInput<SiegeSheet>,
  pick: (c: Combatant<SiegeSheet>) => boolean,
  what: string,
): Combatant<SiegeSheet> {
  const choices = input.others.filter(pick);
  if (!input.detail?.trim()) {
    if (choices.length === 1) return choices[0]!;
    throw new RuleError(`Name ${what}${choices.length ? `: one of ${choices.map((c) => c.name).join(", ")}` : ""}.`);
  }
  const n = input.detail.trim().toLowerCase();
  const c = choices.find((x) => x.name.toLowerCase() === n);
  if (!c)
    throw new RuleError(
      `"${input.detail}" is not ${what}${choices.length ? `: choose ${choices.map((x) => x.name).join(", ")}` : ""}.`,
    );
  return c;
}

/** The foes standing against the one declaring. */
const foesOf = (input: DeclareInput<SiegeSheet>) => input.others.filter((c) => c.side !== input.who.side && !isOut(c));

/** The foes a hasty disengager names as in melee with it ("Orc 1, Orc 2"); none named: none. */
function meleeFoes(input: DeclareInput<SiegeSheet>): Combatant<SiegeSheet>[] {
  const names = (input.detail ?? "")
    .split(/,|\band\b/)
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  const foes = input.others.filter((c) => c.side !== input.who.side && !isOut(c));
  return names.map((n) => {
    const c = foes.find((x) => x.name.toLowerCase() === n);
    if (!c)
      throw new RuleError(
        `"${n}" is not a foe in the fight: name the foes in melee with ${input.who.name} (${foes.map((x) => x.name).join(", ")}), separated by commas.`,
      );
    return c;
  });
}

const result = (title: string, lines: string[], rules: string[], effects: Effect[]): DeclareResult => ({
  title,
  lines,
  rules: [...new Set(rules)],
  rolls: [],
  effects,
});

/** The effect on the declarer of a declaration made before initiative: it replaces any other one made before this round's initiative. */
type Self = (add: Mark[]) => Effect[];
function replacingEarlier(who: Combatant<SiegeSheet>): Self {
  const replaced = who.state.conditions.filter(
    (c) =>
      ["charging", "dodging", "disengaging", "withdrawing"].includes(c) ||
      inFamily("evading")(c) ||
      inFamily("fleeing from")(c) ||
      inFamily("charging at")(c),
  );
  return (add) => {
    const remove = replaced.filter((c) => !add.includes(c));
    return [{ targetId: who.id, addConditions: add, ...(remove.length ? { removeConditions: remove } : {}) }];
  };
}

/** seed 003, "Charging": a charge at a named foe, its distance checked against the charger's rate. */
function declareCharge(input: DeclareInput<SiegeSheet>, self: Self): DeclareResult {
  const { who } = input;
  const { rate, why: slowed } = moveRate(who);
  const window = `${rate}–${movementRate(rate, { pace: "jog" })} ft`;
  // "Una the elf announces that she is going to charge an orc … As long as the orc is at least 30 feet away, but no
  // more than 60 feet": a charge has a target and a distance, both checked (a one tap gives neither: it says how).
  // The foe's name may hold a number of its own ("Orc 1 40", "40 Orc 1"): read against the foes' names.
  const read = readNameAndNumber(
    input.detail ?? "",
    foesOf(input).map((c) => c.name),
    true,
  );
  if (read.number === undefined && read.badNumber === undefined)
    throw new RuleError(
      `Say whom ${who.name} charges and how far away, e.g. \`/declare charge detail:Orc 1 40\`: the foe must be ${window} away, in a straight line.`,
    );
  const dist = feet(
    read.badNumber ?? String(read.number),
    `the distance to the foe (${who.name} can charge a foe ${window} away)`,
  );
  const foe = named(
    { ...input, detail: read.name ?? read.unknown ?? "" },
    (c) => c.side !== who.side && !isOut(c),
    "the foe charged",
  );
  const c = validateCharge({ rate, distanceFt: dist });
  if (!c.ok) throw new RuleError(`${who.name} cannot charge: ${c.lines.join(" ")}${slowed ? ` ${slowed}.` : ""}`);
  const gap = closesGap(who, foe);
  return result(
    `${who.name} charges ${foe.name}`,
    [`${who.name} charges ${foe.name}, ${dist} ft away. ${c.lines.join(" ")}`, ...(gap ? [gap.line] : [])],
    c.rules,
    [...self(["charging", `${CHARGING_AT}${foe.id}`]), ...(gap ? [gap.effect] : [])],
  );
}

/** seed 003, "Evade": +4 AC against one named opponent this round. */
function declareEvade(input: DeclareInput<SiegeSheet>, self: Self): DeclareResult {
  const { who } = input;
  const foe = named(input, (c) => c.side !== who.side && !isOut(c), "the opponent to evade");
  return result(
    `${who.name} evades ${foe.name}`,
    [
      `${who.name} evades ${foe.name} this round: +4 AC against them, no initiative roll, and no attack, spell, move, ability or item.`,
    ],
    [ref("Evade")],
    self([evading(foe.id)]),
  );
}

/** seed 003, "Disengaging from Combat": a hasty disengagement (the foes in melee get a free attack) or a fighting withdrawal. */
function declareDisengage(input: DeclareInput<SiegeSheet>, self: Self): DeclareResult {
  const { who } = input;
  const dis = disengage(input.id === "disengage" ? "hasty" : "fighting", moveRate(who).rate);
  // "Their opponent gets an attack against them as they run away": the foes in melee with them, named in the detail.
  const from = input.id === "disengage" ? meleeFoes(input) : [];
  const lines = [...dis.lines, `${who.name} does not roll initiative and takes no other action this round.`];
  if (from.length)
    lines.push(
      `${from.map((c) => c.name).join(", ")} ${from.length === 1 ? "is" : "are"} in melee with ${who.name}: one free attack each, never a second; no other foe gets one.`,
    );
  else if (input.id === "disengage")
    lines.push(
      `Every foe may take its one free attack in melee: name the foes in melee with ${who.name} as the detail to keep it to them.`,
    );
  return result(
    `${who.name} disengages`,
    lines,
    dis.rules,
    self([dis.condition ?? "withdrawing", ...from.map((c) => fleeingFrom(c.id))]),
  );
}

function declareBefore(input: DeclareInput<SiegeSheet>): DeclareResult {
  const { who } = input;
  const self = replacingEarlier(who);
  // "Unless the character is restrained or otherwise unable to move": a charge or a disengagement is movement.
  const still = moveRate(who);
  if (still.rate === 0 && ["charge", "disengage", "withdraw"].includes(input.id))
    throw new RuleError(
      `${still.why ?? `${who.name} cannot move`}: no ${input.id === "charge" ? "charge" : "disengagement"} (Castles & Crusades · Movement in the Combat Round).`,
    );
  switch (input.id) {
    case "charge":
      return declareCharge(input, self);
    // seed 003, "Dodge": +2 AC against up to three attacks from the front.
    case "dodge":
      return result(
        `${who.name} dodges`,
        [
          `${who.name} dodges this round: +2 AC against up to three attacks from foes in front, no initiative roll, and no attack, spell, move, ability or item.`,
        ],
        [ref("Dodge")],
        self(["dodging"]),
      );
    case "evade":
      return declareEvade(input, self);
    case "disengage":
    case "withdraw":
      return declareDisengage(input, self);
  }
  throw new RuleError(`Nothing called "${input.id}" can be declared before initiative.`);
}

/**
 * "Initiative": "In the first round only, the creature with the longer reach or larger size is allowed to attack
 * first … This rule only applies if the creature with the shorter reach or smaller creature approaches within ten
 * feet." A move that names the foe it closes on, in the first round, before that foe's place: it strikes first.
 */
function closingOn(input: DeclareInput<SiegeSheet>, foe: Combatant<SiegeSheet>): { line: string; mark: Mark } | null {
  const { who } = input;
  if (input.round !== 1 || (input.acted ?? []).includes(foe.id) || cannotActReason(foe, 1) || noInitiativeReason(foe))
    return null;
  const fs = firstStrike(foe.sheet, who.sheet, { round: 1, closesWithin10ft: true });
  if (!fs.first) return null;
  return {
    line: `First round: ${who.name} closes within ten feet of ${foe.name}, so ${foe.name} strikes first (${fs.why}), before ${who.name}'s attack on it and out of its turn; that strike is ${foe.name}'s action this round.`,
    mark: `${CLOSED_ON}${foe.id}`,
  };
}

/** seed 003, "Cover": moving out from behind cover ends it ("until one or the other move out from behind it"), and the ruling with it. */
function leavesCover(who: Combatant<SiegeSheet>, ft: number): Effect[] {
  const cover = who.state.conditions.filter((c) => inFamily("cover")(c) || c === NO_ATTACK_FROM_COVER);
  return ft > 0 && cover.length ? [{ targetId: who.id, removeConditions: cover }] : [];
}

/**
 * seed 003, "Initiative" and "Disengaging from Combat": a move that closes within ten feet of a named foe may let
 * it strike first, and ends the distance a disengagement put between them.
 */
function closingMove(
  input: DeclareInput<SiegeSheet>,
  foe: Combatant<SiegeSheet>,
): { lines: string[]; effects: Effect[]; rules: string[] } {
  const { who } = input;
  const close = closingOn(input, foe);
  const gap = closesGap(who, foe);
  const effects: Effect[] = gap ? [gap.effect] : [];
  if (close) effects.push({ targetId: who.id, addConditions: [close.mark] });
  return {
    lines: [close ? close.line : `${who.name} closes within ten feet of ${foe.name}.`, ...(gap ? [gap.line] : [])],
    effects,
    rules: close ? [ref("Initiative")] : [],
  };
}

function declareMove(input: DeclareInput<SiegeSheet>): DeclareResult {
  const { who } = input;
  // "20", or "Ogre 20", "Orc 1 20", "20 Orc 1": the foe the move closes on (within ten feet) and the feet moved.
  const read = readNameAndNumber(
    input.detail ?? "",
    foesOf(input).map((c) => c.name),
    true,
  );
  const ft = feet(
    read.badNumber ?? (read.number === undefined ? undefined : String(read.number)),
    `how far ${who.name} moves`,
  );
  const foeName = read.name ?? read.unknown;
  const foe = foeName
    ? named({ ...input, detail: foeName }, (c) => c.side !== who.side && !isOut(c), "the foe closed on")
    : undefined;
  const closing = foe ? closingMove(input, foe) : { lines: [], effects: [], rules: [] };
  const { rate, why: slowed } = moveRate(who);
  const said = slowed ? ` ${slowed}.` : "";
  if (rate === 0 && ft > 0)
    throw new RuleError(`${slowed ?? `${who.name} cannot move`} (Castles & Crusades · Movement in the Combat Round).`);
  const asAttack = validateAction({ action: "attack", moveFt: ft, rate });
  const n = toSquares(ft);
  const squares = n > 0 ? `${ft} ft (${n} square${n === 1 ? "" : "s"})` : `${ft} ft (less than a square)`;
  const effects = [...leavesCover(who, ft), ...closing.effects];
  const { lines: closeLines, rules } = closing;
  // "Use an Ability": "Ability may involve movement, but in most cases the movement will not exceed the normal movement rate."
  if (abilityThisRound(who, input.declared)) {
    const asAbility = validateAction({ action: "ability", moveFt: ft, rate });
    if (!asAbility.ok)
      throw new RuleError(
        `${who.name} used an ability this round: its movement is at most the normal rate (${asAbility.maxMoveFt} ft), not ${ft} ft (Castles & Crusades · Use an Ability).${said}`,
      );
    return result(
      `${who.name} moves ${ft} ft`,
      [
        `${who.name} moves ${squares} with the ability: up to the normal rate (${asAbility.maxMoveFt} ft).${said}`,
        ...closeLines,
      ],
      [ref("Use an Ability"), ...rules],
      effects,
    );
  }
  if (asAttack.ok)
    return result(
      `${who.name} moves ${ft} ft`,
      [
        `${who.name} moves ${squares}: no more than half the rate (${halfMove(rate)} ft), so the attack is still allowed.${said}`,
        ...closeLines,
      ],
      [...rules, ...asAttack.rules],
      effects,
    );
  // "Moving farther than one-half movement rate negates the ability to make an attack": in either order.
  if (input.attacked)
    throw new RuleError(
      `${who.name} has attacked this round: a move after it is at most half the rate (${halfMove(rate)} ft), not ${ft} ft.${said}`,
    );
  const asMove = validateAction({ action: "move", moveFt: ft, rate });
  if (!asMove.ok)
    throw new RuleError(
      `${who.name} cannot move ${ft} ft: running is four times the rate, at most ${asMove.maxMoveFt} ft.${said}`,
    );
  return result(
    `${who.name} moves ${ft} ft`,
    [
      `${who.name} moves ${squares}: more than half the rate (${halfMove(rate)} ft), so no attack this round.${said}`,
      ...closeLines,
    ],
    [...rules, ...asMove.rules],
    [...effects, { targetId: who.id, addConditions: ["moved far"] }],
  );
}

/**
 * "Disengaging from Combat": "In the round following the disengagement the character or monster has put distance
 * between theirselves and their opponent." The mark `disengaged` holds it; a move that closes on the one apart (or
 * the one apart closing on a foe) ends it.
 */
function closesGap(who: Combatant<SiegeSheet>, foe: Combatant<SiegeSheet>): { effect: Effect; line: string } | null {
  const apart = [foe, who].find((c) => c.state.conditions.includes(DISENGAGED));
  if (!apart) return null;
  return {
    effect: { targetId: apart.id, removeConditions: [DISENGAGED] },
    line: `${who.name} closes the distance ${apart.name}'s disengagement had put between them: melee again.`,
  };
}

/** "Cover": +2 / +4 / +6 / +10 AC; in melee it counts for both sides (see plan.ts). */
function declareCover(input: DeclareInput<SiegeSheet>): DeclareResult {
  const { who } = input;
  const key = COVER_DETAIL[(input.detail ?? "").trim().toLowerCase()];
  if (!key) throw new RuleError("Say how much cover as the detail: 1/4, 1/2, 3/4 or full.");
  const old = marksIn(who.state.conditions, "cover").filter((c) => c !== cover(key));
  return result(
    `${who.name} takes cover`,
    [
      `${who.name} is behind ${COVER_WORDS[key]} until moving out from behind it. In melee the cover counts for both sides: ${who.name}'s foes get it too.`,
    ],
    [ref("Cover")],
    [{ targetId: who.id, addConditions: [cover(key)], ...(old.length ? { removeConditions: old } : {}) }],
  );
}

export function declare(input: DeclareInput<SiegeSheet>, _dice: DiceBag): DeclareResult {
  const { who } = input;
  const why = cannotActReason(who, input.round);
  if (why) throw new RuleError(`${who.name} is ${why} and cannot act.`);
  const phase = input.id && DECLARATIONS.find((x) => x.id === input.id)?.when === "before" ? "declare" : "act";
  offered(
    declarations(who, {
      round: input.round,
      declared: input.declared.filter((x) => x !== input.id),
      others: input.others,
      phase,
    }),
    input.id,
    who.name,
  );
  if (phase === "declare") return declareBefore(input);
  if (input.id === "move") return declareMove(input);
  if (input.id === "cover") return declareCover(input);
  if (input.id === "item") return declareItem(input);
  if (input.id === "aid") {
    const ally = named(
      input,
      (c) =>
        c.side === who.side && hpBand(readState(c).hp) === "mortally wounded" && !c.state.conditions.includes("aided"),
      "a mortally wounded ally to aid",
    );
    const e = aidEffect(ally);
    return result(
      `${who.name} aids ${ally.name}`,
      [`${who.name} spends the round tending ${ally.name}'s wounds: ${ally.name} loses no more HP.`],
      [ref("Hit Points")],
      [e, { targetId: who.id, addConditions: ["aiding"] }],
    );
  }
  const label = DECLARATIONS.find((x) => x.id === input.id)!.label;
  // "Touch Attack": a spell that must touch its target is delivered by the caster's touch attack, the spell's own part.
  if (input.id === "spell") return declareSpell(input);
  if (input.id === "ability") return declareAbility(input);
  return result(
    `${who.name}: ${label.toLowerCase()}`,
    [
      `${who.name}: ${label.toLowerCase()}${input.detail ? ` (${input.detail})` : ""}. That is the round's action: no attack as well.`,
    ],
    [ref("Combat Actions"), WHOLE_ROUND_RULE[input.id]!],
    [],
  );
}
