/**
 * The round as the B/X house rules play it (seed 001, "MISC COMBAT RULES",
 * "ENCOUNTER ORDER", "EVASION AND PURSUIT"), over bx's round (seed 002):
 * charges and set spears, parry, fighting withdrawal, retreat and flight,
 * running and firing on the run, maneuvers that ride on the next hit, and
 * Normal Men's extra attacks.
 */
import type { DiceBag } from "../../dice/bag.js";
import { HOUSE_FAMILIES } from "./marks.js";
import { baseCannotAct, offered } from "../../round/economy.js";
import { isOut } from "../../round/words.js";
import {
  BX_CONDITIONS,
  BX_DECLARATIONS,
  BX_REFEREE_SETS,
  SPELL_WORD,
  fightRate,
  bxAllowance,
  bxDeclarations,
  bxDeclare,
  canCast,
  moveAway,
  moveToward,
  positionOf,
  readiedWeapon,
  type BxSettings,
} from "../bx/index.js";
import { HOUSE_REACH } from "./distance.js";
import {
  RuleError,
  type Allowance,
  type Combatant,
  type ConditionWord,
  type Declaration,
  type DeclareInput,
  type DeclareResult,
  type Effect,
  type Lifetime,
  type RoundContext,
  type RoundRules,
  type SystemWords,
} from "../types.js";
import { R_EVASION, R_MISC, R_ORDER, hasTag } from "./bonuses.js";
import {
  attacksAgainstNormalMen,
  freeDisengage,
  fightingWithdrawal,
  grapple,
  readRetreatKept,
  retreatKeptMark,
  retreatRoll,
  roundMovement,
} from "./maneuvers.js";
import { dropToDistract, pursuitContinues, pursuitRoll, roundsToCatch } from "./pursuit.js";
import { isNormalType, type HouseSheet } from "./sheet.js";
import { argOf, attacking, hasFamily, markIn, parseMark, type Mark } from "../../marks.js";
import { grappledBy, maneuver, stunnedFor } from "./marks.js";

type HC = Combatant<HouseSheet>;
const w = (label: string, lasts: Lifetime): ConditionWord => ({ label, lasts });
const has = (c: HC, cond: Mark) => c.state.conditions.includes(cond);

export const HOUSE_CONDITIONS = {
  ...BX_CONDITIONS,
  surprised: w("surprised", "round"),
  charging: w("charging", "round"),
  charged: w("has charged this turn", "turn"),
  "spear set": w("spear set against a charge", "round"),
  parrying: w("parrying", "round"),
  attacked: w("has attacked this round", "round"),
  reloading: w("crossbow reloading", "next-round"),
  "rear-attacked": w("attacked from behind: attacks at disadvantage next round", "next-round"),
  running: w("running: no attack this round", "round"),
  "on the run": w("firing on the run", "round"),
  fleeing: w("fleeing: pursued, foes +2 to hit", "encounter"),
  // Who gets a free attack is on the foes' own marks: the retreater's says only what holds whatever the roll gave.
  retreating: w("retreating: no attack this round", "round"),
  "parting shot": w("gets a free attack at a retreating foe (+2, shield not counted)", "round"),
  passing: w("moving through the line", "round"),
  moving: w("moving up to half its turn movement", "round"),
  "back to wall": w("back to the wall: no surround bonus", "encounter"),
  "morale made once": w("morale made once", "encounter"),
  "fights to the death": w("will fight to the death", "encounter"),
  pinned: w("pinned helplessly", "encounter"),
  struggling: w("struggling: cannot defend with its weapon", "encounter"),
  entangled: w("entangled", "encounter"),
  disarmed: w("disarmed", "encounter"),
  dismounted: w("dismounted", "encounter"),
  mounted: w("mounted", "encounter"),
  hasted: w("hasted", "encounter"),
  stunned: w("stunned", "encounter"),
  // Read by the attack (−1 AC in melee) though nothing sets it: set by hand in rows stored before; the word it always had.
  florentine: w("florentine", "encounter"),
  // seed 001, "COMBAT": "relatively stationary" or unaware defenders, and the helpless, lose their DEX bonus to AC.
  stationary: w("relatively stationary: no DEX bonus to AC", "round"),
  unaware: w("unaware: no DEX bonus to AC", "round"),
  helpless: w("helpless: no DEX bonus to AC", "encounter"),
} satisfies Record<string, ConditionWord>;

declare module "../../marks.js" {
  interface DeclaredMarks {
    "bx-house": keyof typeof HOUSE_CONDITIONS;
  }
}

const MANEUVERS: Record<string, string> = {
  disarm: "disarming",
  entangle: "entangling with a whip",
  dismount: "hooking a rider",
  grapple: "grappling",
};

export const houseWords: SystemWords = {
  conditions: HOUSE_CONDITIONS,
  families: HOUSE_FAMILIES,
  refereeSets: [...BX_REFEREE_SETS, "stationary", "unaware", "helpless"],
  describe: (c, name) => {
    const { family, arg } = parseMark(c);
    switch (family) {
      case "behind":
        return w(`attacks ${name(arg)} with advantage next round`, "next-round");
      case "attacking":
        return w(`fighting ${name(arg)}`, "next-round");
      // 0: no die of its own (it went before the dice: first and last, hasted); nothing to show.
      case "initiative":
        return w(arg === "0" ? "" : `initiative ${arg}`, "encounter");
      // "maneuver:entangle:weapon": the whip's aim is the maneuver's own detail.
      case "maneuver":
        return w(`${MANEUVERS[arg.split(":")[0]!] ?? arg} on the next hit`, "round");
      // "at:<feet>": a place on the encounter's line (bx/distance.ts), read by attacks, not a word on the board.
      case "at":
        return w("", "encounter");
      case "grappled by":
        return w(`grappled by ${name(arg)}`, "encounter");
      case "stunned":
        return w(`stunned (${arg} rounds left)`, "encounter");
      // "kept:" marks hold a roll for their round (the retreat roll), not a word on the board.
      case "kept":
        return w("", "encounter");
      case "moved":
        return w(`moved ${arg} rounds at encounter rate`, "encounter");
      case "spell":
        return SPELL_WORD;
      default:
        return undefined;
    }
  },
};

/**
 * The rate a combatant moves at in this fight: B/X's (its movement as encumbrance leaves it), doubled when it is
 * hasted: seed 001, "ENCOUNTER ORDER" 7: "Magically HASTED creatures move twice as fast".
 */
export function houseRate(input: { who: HC; settings?: Record<string, unknown> }): number {
  return fightRate(input) * (has(input.who, "hasted") ? 2 : 1);
}

const before = (id: string, label: string, rule: string, excludes: string[], detail?: string): Declaration => ({
  id,
  label,
  rule,
  when: "before",
  excludes,
  ...(detail ? { detail } : {}),
});
const MOVES = [
  "charge",
  "withdrawal",
  "retreat",
  "flee",
  "through",
  "run",
  "fire on the run",
  "move",
  "spell",
  "parry",
];
const others = (id: string) => MOVES.filter((x) => x !== id);

const PASSED = "foes passed within 10' and not fought, if any: e.g. Orc 2, Orc 3";
export const HOUSE_BEFORE: Declaration[] = [
  before("charge", "Charge", R_MISC, others("charge")),
  before("set spear", "Set spear", R_MISC, ["charge", "run", "flee", "retreat"]),
  before("parry", "Parry", R_MISC, others("parry")),
  before("withdrawal", "Fighting withdrawal", R_MISC, others("withdrawal")),
  before("retreat", "Retreat", R_MISC, others("retreat"), PASSED),
  before("flee", "Flee", R_EVASION, others("flee"), PASSED),
  before("through", "Move through the line", R_MISC, others("through")),
  before("run", "Run", R_MISC, others("run")),
  before("fire on the run", "Fire on the run", R_MISC, others("fire on the run")),
  ...BX_DECLARATIONS.filter((d) => d.id === "spell" || d.id === "move").map((d) => ({
    ...d,
    ...(d.id === "move" ? { label: "Move (half the turn's movement)", rule: R_MISC } : {}),
    excludes: others(d.id),
  })),
];

const turn = (id: string, label: string, rule: string, detail?: string): Declaration => ({
  id,
  label,
  rule,
  when: "turn",
  ...(detail ? { detail } : {}),
});
export const HOUSE_TURN: Declaration[] = [
  turn("disarm", "Disarm on the next hit", R_MISC),
  turn("entangle", "Whip: entangle on the next hit", R_MISC, "target or weapon"),
  turn("dismount", "Polearm: dismount on the next hit", R_MISC),
  turn("grapple", "Grapple on the next hit", R_MISC),
  turn("break free", "Throw off grapplers", R_MISC),
  turn("back to wall", "Back to the wall", R_MISC),
  turn("disengage", "Disengage (foe busy elsewhere)", R_MISC),
  turn("mount", "Mount up", R_MISC),
  turn("alight", "Get down from the mount", R_MISC),
  turn("hasted", "Hasted (by magic)", R_ORDER),
];
const FLIGHT: Declaration[] = [
  turn("drop food", "Drop food", R_EVASION),
  turn("drop treasure", "Drop treasure", R_EVASION),
  turn("obstacle", "Pass an obstacle", R_EVASION, "corner, stairs, doorway or secret door"),
  turn("re-engage", "Turn and re-engage", R_MISC),
];

/** Whether a declaration fits this combatant now (its weapons, race, marks): the buttons offer only these. */
function fits(who: HC, id: string): boolean {
  const w = readiedWeapon(who);
  const any = (...tags: string[]) => who.sheet.weapons.some((x) => hasTag(x, ...tags));
  const race = who.sheet.class.trim().toLowerCase();
  switch (id) {
    case "set spear":
      return any("spear", "pike", "long spear", "polearm");
    case "fire on the run":
      return (
        (race === "elf" && any("bow", "longbow", "shortbow", "great bow", "javelin")) ||
        (["hobbit", "halfling"].includes(race) && any("sling"))
      );
    case "spell":
      return canCast(who);
    case "disarm":
      return !!w && !w.twoHanded && w.kind === "melee";
    case "entangle":
      return hasTag(w, "whip");
    case "dismount":
      return hasTag(w, "polearm", "pike", "long spear");
    case "break free":
      return hasFamily(who.state.conditions, "grappled by");
    case "back to wall":
      return !has(who, "back to wall");
    case "mount":
      return !has(who, "mounted");
    case "alight":
      return has(who, "mounted");
    case "hasted":
      return !has(who, "hasted");
    default:
      return true;
  }
}

export function houseDeclarations(
  who: HC,
  ctx: RoundContext<HouseSheet> & { phase: "declare" | "act" },
  all = false,
): Declaration[] {
  if (isOut(who)) return [];
  const ok = (d: Declaration) => all || fits(who, d.id);
  if (ctx.phase === "declare") return HOUSE_BEFORE.filter(ok);
  const list = [...bxDeclarations(who, ctx, all), ...HOUSE_TURN.filter(ok)];
  return has(who, "fleeing") ? [...list, ...FLIGHT] : list;
}

const res = (
  title: string,
  lines: string[],
  rules: string[],
  effects: DeclareResult["effects"] = [],
  rolls: DeclareResult["rolls"] = [],
): DeclareResult => ({ title, lines, rules, rolls, effects });
const line = (m: { line: string | null }) => (m.line ? [m.line] : []);
const foesOf = (who: HC, all: HC[]) => all.filter((o) => o.side !== who.side && !isOut(o));

function declareCharge(input: DeclareInput<HouseSheet>): DeclareResult {
  const who = input.who;
  if (has(who, "charged"))
    throw new RuleError(
      `${who.name} has already charged this turn: a charge may be made no more than once per 10-minute turn.`,
    );
  const m = roundMovement({ turnMovement: houseRate(input), action: "charge" });
  // On the encounter's line (when the campaign keeps it): toward the nearest foe, ending in melee with it.
  const on = moveToward(who, input.others, m.max, HOUSE_REACH.feet);
  return res(
    `${who.name} charges`,
    [
      ...m.lines,
      ...line(on),
      "+2 to hit and double damage on the first attack; no DEX bonus to AC or attack rolls; set spears strike the charger first.",
    ],
    [R_MISC],
    [{ targetId: who.id, addConditions: ["charging", "charged"] }, ...on.effects],
  );
}

function declareSetSpear(who: HC): DeclareResult {
  if (!who.sheet.weapons.some((x) => hasTag(x, "spear", "pike", "long spear", "polearm")))
    throw new RuleError(`${who.name} has no spear or pike to set: tag a weapon "spear" or "pike" on the sheet.`);
  return res(
    `${who.name} sets a spear`,
    ["Against a charge: +2 to hit, double damage, and it strikes first if the chargers are unmounted."],
    [R_MISC],
    [{ targetId: who.id, addConditions: ["spear set"] }],
  );
}

function declareRetreat(input: DeclareInput<HouseSheet>, dice: DiceBag, flee: boolean, through = false): DeclareResult {
  const who = input.who;
  // "roll … for the combatant(s) they are disengaging from": the foes fighting it or fought by it (the "fighting" marks);
  // when nobody is engaged yet, every standing foe. Moving through a line: all the foes passed.
  const foes = foesOf(who, input.others);
  const engaged = foes.filter((o) => has(o, attacking(who.id)) || has(who, attacking(o.id)));
  // "If the fleeing/moving party passes within 10' of any other opponents not in melee … each of these also gets a
  // free attack against the fleeing party in the same manner": the foes passed, named in the detail, roll nothing.
  const passed = through ? [] : passedFoes(input, foes, engaged);
  const opp = through ? foes : engaged.length ? engaged : foes.filter((o) => !passed.includes(o));
  const old = readRetreatKept(who.state.conditions, input.round);
  const r = retreatRoll({ retreater: who, opponents: opp, kept: old?.kept ?? null }, dice);
  const keep = retreatKeptMark({ ...r.kept, round: input.round });
  const shots = [...r.partingShots, ...passed.map((o) => o.id)];
  // Moving through a line: the same roll against the foes passed; the mover still attacks those beyond.
  const effects: DeclareResult["effects"] = [
    {
      targetId: who.id,
      addConditions: [through ? "passing" : "retreating", keep],
      ...(old && old.mark !== keep ? { removeConditions: [old.mark] } : {}),
    },
    ...shots.map((id): Effect => ({ targetId: id, addConditions: ["parting shot"] })),
  ];
  // Away from the foes on the encounter's line (when the campaign keeps it), at the full rate.
  const away = through || positionOf(who) === undefined ? null : moveAway(who, input.others, houseRate(input));
  if (away) effects.push(...away.effects);
  const lines = [
    ...r.lines,
    ...passed.map((o) => `${o.name}: passed within 10', not in melee — a free attack at +2, shield not counted.`),
    ...(away ? line(away) : []),
  ];
  const rolls = [...r.rolls];
  const rules = [...r.rules];
  if (flee) {
    const p = pursuitRoll(dice);
    lines.push(...p.lines);
    rolls.push(...p.rolls);
    rules.push(...p.rules);
    // "Movement rates are compared": a hasted one's twice its own.
    const speed = (c: HC) => c.sheet.movement * (has(c, "hasted") ? 2 : 1);
    const fastest = Math.max(0, ...opp.map(speed));
    const catchIn = roundsToCatch({ gap: 10, fleeRate: speed(who), pursuerRate: fastest });
    if (p.pursues)
      lines.push(
        catchIn === null
          ? `Running at ${speed(who)}', ${who.name} outpaces them while in sight.`
          : `Running at ${speed(who)}' against ${fastest}': caught in ${catchIn} round${catchIn === 1 ? "" : "s"}; the pursuers attack at +2 each round until ${who.name} turns and re-engages.`,
      );
    effects.push({ targetId: who.id, addConditions: [p.pursues && catchIn !== null ? "fleeing" : "fled"] });
  }
  // The board's foes' routine sends each foe with a free attack at the one it gets it against.
  const faces = shots.map((id) => ({ attackerId: id, defenderId: who.id }));
  return {
    ...res(
      `${who.name} ${through ? "moves through the line" : flee ? "flees" : "retreats"}${shots.length ? ": free attacks" : ""}`,
      lines,
      [...new Set(rules)],
      effects,
      rolls,
    ),
    ...(faces.length ? { faces } : {}),
  };
}

/** The foes a retreat passes within 10' and does not fight, named in the declaration's detail ("Orc 2, Orc 3"). */
function passedFoes(input: DeclareInput<HouseSheet>, foes: HC[], engaged: HC[]): HC[] {
  const names = (input.detail ?? "")
    .split(/[,;]|\band\b/)
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n && n !== "none");
  return [
    ...new Set(
      names.map((n) => {
        const o = foes.find((f) => f.name.toLowerCase() === n);
        if (!o)
          throw new RuleError(
            `"${n}" is not a foe standing in the fight: name the foes ${input.who.name} passes within 10' (${foes.map((f) => f.name).join(", ")}), separated by commas.`,
          );
        if (engaged.includes(o))
          throw new RuleError(
            `${o.name} is in melee with ${input.who.name}: the retreat roll decides its parting shot. Name only the foes passed that ${input.who.name} is not fighting.`,
          );
        return o;
      }),
    ),
  ];
}

function declareMove(input: DeclareInput<HouseSheet>, id: "run" | "fire on the run"): DeclareResult {
  const who = input.who;
  const m = roundMovement({
    turnMovement: houseRate(input),
    action: id,
    race: who.sheet.class,
    ...(readiedWeapon(who) ? { weapon: readiedWeapon(who)! } : {}),
  });
  return res(
    id === "run" ? `${who.name} runs` : `${who.name} fires on the run`,
    m.lines,
    [R_MISC],
    [{ targetId: who.id, addConditions: [id === "run" ? "running" : "on the run"] }],
  );
}

function declareBreakFree(input: DeclareInput<HouseSheet>, dice: DiceBag): DeclareResult {
  const who = input.who;
  const grapplers = input.others.filter((o) => has(o, "grappling") && who.state.conditions.includes(grappledBy(o.id)));
  if (!grapplers.length) throw new RuleError(`${who.name} is not grappled.`);
  const g = grapple({ grapplers, defender: who }, dice);
  const free = g.outcome === "thrown off";
  const effects: DeclareResult["effects"] = [
    {
      targetId: who.id,
      addConditions: g.outcome === "thrown off" ? [] : [g.outcome],
      removeConditions: free ? [...grapplers.map((o) => grappledBy(o.id)), "pinned", "struggling"] : [],
    },
  ];
  if (free)
    for (const o of grapplers)
      effects.push({
        targetId: o.id,
        removeConditions: ["grappling"],
        addConditions: [stunnedFor(g.stunnedRounds), "stunned"],
      });
  return res(g.title, g.lines, g.rules, effects, g.rolls);
}

function declareFlight(input: DeclareInput<HouseSheet>, dice: DiceBag): DeclareResult {
  const who = input.who;
  const foes = foesOf(who, input.others);
  if (input.id === "obstacle") {
    const kind = (input.detail ?? "").trim().toLowerCase();
    if (!["corner", "stairs", "doorway", "secret door"].includes(kind))
      throw new RuleError("Say which obstacle: corner, stairs, doorway or secret door.");
    const r = pursuitContinues(kind as "corner", dice);
    return res(
      r.title,
      r.lines,
      r.rules,
      r.continues ? [] : [{ targetId: who.id, removeConditions: ["fleeing"], addConditions: ["fled"] }],
      r.rolls,
    );
  }
  // An unintelligent pursuer (INT 4 or less) stops for food, an intelligent one for treasure.
  const intelligent = foes.length > 0 && foes.every((f) => f.sheet.int > 4);
  const r = dropToDistract({ dropped: input.id === "drop food" ? "food" : "treasure", intelligent }, dice);
  return res(
    r.title,
    r.lines,
    r.rules,
    r.stops ? [{ targetId: who.id, removeConditions: ["fleeing"], addConditions: ["fled"] }] : [],
    r.rolls,
  );
}

function declareManeuver(input: DeclareInput<HouseSheet>): DeclareResult {
  const who = input.who;
  const wpn = readiedWeapon(who);
  if (input.id === "entangle" && !hasTag(wpn, "whip"))
    throw new RuleError(`${who.name} needs a whip (a weapon tagged "whip") to entangle.`);
  if (input.id === "dismount" && !hasTag(wpn, "polearm", "pike", "long spear"))
    throw new RuleError(`${who.name} needs a polearm to hook a rider off a mount.`);
  if (input.id === "disarm" && (!wpn || wpn.twoHanded))
    throw new RuleError(`${who.name} needs a one-handed weapon to disarm.`);
  const aim = input.id === "entangle" && /weapon/i.test(input.detail ?? "") ? "weapon" : "target";
  const mark = maneuver(`${input.id}${input.id === "entangle" ? `:${aim}` : ""}`);
  return res(
    `${who.name}: ${MANEUVERS[input.id]} on the next hit`,
    [
      input.id === "grapple"
        ? "If the next attack hits, the foe is grappled at once (no save) and takes no weapon damage; then and there each grappler rolls a d6 per hit die against the foe's d6 per hit die: pinned, struggling, or thrown off."
        : "If the next attack hits, the save is rolled at once.",
    ],
    [R_MISC],
    [{ targetId: who.id, addConditions: [mark] }],
  );
}

/** seed 001, "MISC COMBAT RULES": a fighting withdrawal backs away at half speed, better in defence, worse in attack. */
function declareWithdrawal(input: DeclareInput<HouseSheet>): DeclareResult {
  const who = input.who;
  const f = fightingWithdrawal(houseRate(input));
  const away = moveAway(who, input.others, f.max);
  return res(
    `${who.name} makes a fighting withdrawal`,
    [`Back up to ${f.max}' at half speed: +${f.defence} to defence, ${f.attack} to attacks.`, ...line(away)],
    [R_MISC],
    [{ targetId: who.id, addConditions: ["withdrawing"] }, ...away.effects],
  );
}

/** seed 001, "MISC COMBAT RULES": "may move up to 1/2 of their Turn movement in a melee round AND attack" (not B/X's third). */
function declareHalfMove(input: DeclareInput<HouseSheet>): DeclareResult {
  const who = input.who;
  // The turn's movement as encumbrance leaves it (seed 002, "Option 1"/"Option 2", when the campaign tracks it).
  const m = roundMovement({ turnMovement: houseRate(input), action: "move and attack" });
  const on = moveToward(who, input.others, m.max, HOUSE_REACH.feet);
  return res(
    `${who.name} moves`,
    [`${m.lines[0]!.replace(/\.$/, "")} (half the turn's movement).`, ...line(on)],
    [R_MISC],
    [{ targetId: who.id, addConditions: ["moving"] }, ...on.effects],
  );
}

/** seed 001, "MISC COMBAT RULES": "Spellcasters may move up to 10 feet while casting normally", after B/X's checks (gagged, bound, silenced). */
function declareSpell(input: DeclareInput<HouseSheet>, dice: DiceBag): DeclareResult {
  const r = bxDeclare(input, dice);
  const m = roundMovement({ turnMovement: input.who.sheet.movement, action: "cast" });
  return {
    ...r,
    lines: [`Casting is the round's sole action; the caster may move ${m.lines[0]!.replace(/^Up/, "up")}`],
    rules: [...r.rules, R_MISC],
  };
}

/** seed 001, "MISC COMBAT RULES": a free disengage when every foe is busy fighting someone else. */
function declareDisengage(input: DeclareInput<HouseSheet>): DeclareResult {
  const who = input.who;
  // Busy elsewhere: every foe fighting someone (an "attacking:" mark), none of them this combatant.
  const foes = foesOf(who, input.others);
  const busy = foes.filter((o) => hasFamily(o.state.conditions, "attacking") && !has(o, attacking(who.id)));
  const f = freeDisengage(busy.length > 0 && busy.length === foes.length);
  if (!f.free) throw new RuleError(`${who.name} cannot disengage freely: ${f.line}`);
  return res(`${who.name} disengages`, [f.line], [R_MISC], [{ targetId: who.id, addConditions: ["fled"] }]);
}

/** seed 001, "MISC COMBAT RULES" and "ENCOUNTER ORDER": the declarations that only set or clear a mark on the declarer. */
const STANCES: Record<string, (who: HC) => DeclareResult> = {
  parry: (who) =>
    res(
      `${who.name} parries`,
      ["+2 to defence this round, but no attacks are possible."],
      [R_MISC],
      [{ targetId: who.id, addConditions: ["parrying"] }],
    ),
  "back to wall": (who) =>
    res(
      `${who.name} gets its back to a wall`,
      ["Surrounding attackers get no +1 for outnumbering it."],
      [R_MISC],
      [{ targetId: who.id, addConditions: ["back to wall"] }],
    ),
  // seed 001, "Retreat": the pursuers attack at +2 "until the one fleeing turns and re-engages": then it fights again.
  "re-engage": (who) =>
    res(
      `${who.name} turns and re-engages`,
      ["No longer fleeing: it may attack this round, and the pursuers lose their +2."],
      [R_MISC],
      [{ targetId: who.id, removeConditions: ["fleeing", "retreating"] }],
    ),
  mount: (who) =>
    res(
      `${who.name} mounts up`,
      [
        "Mounted: +1 to hit unmounted foes; they attack it at −1 (cancelled by polearms and long spears); a lance charged on horseback does 2d6 × 2 (3d6 × 2 against large foes).",
      ],
      [R_MISC],
      [{ targetId: who.id, addConditions: ["mounted"], removeConditions: ["dismounted"] }],
    ),
  alight: (who) =>
    res(`${who.name} gets down`, ["On foot again."], [R_MISC], [{ targetId: who.id, removeConditions: ["mounted"] }]),
  hasted: (who) =>
    res(
      `${who.name} is hasted`,
      [
        "Magically hasted: moves twice as fast and always has initiative (hasted foes on both sides roll between them).",
      ],
      [R_ORDER],
      [{ targetId: who.id, addConditions: ["hasted"] }],
    ),
};

export function houseDeclare(input: DeclareInput<HouseSheet>, dice: DiceBag): DeclareResult {
  const who = input.who;
  const phase = HOUSE_BEFORE.some((d) => d.id === input.id) ? "declare" : "act";
  // Every declaration of the text, so one that does not fit says why (the buttons offer only those that fit).
  const d = offered(
    houseDeclarations(who, { round: input.round, declared: input.declared, others: input.others, phase }, true),
    input.id,
    who.name,
  );
  const stance = Object.hasOwn(STANCES, d.id) ? STANCES[d.id] : undefined;
  if (stance) return stance(who);
  switch (d.id) {
    case "charge":
      return declareCharge(input);
    case "set spear":
      return declareSetSpear(who);
    case "withdrawal":
      return declareWithdrawal(input);
    case "retreat":
      return declareRetreat(input, dice, false);
    case "flee":
      return declareRetreat(input, dice, true);
    case "through":
      return declareRetreat(input, dice, false, true);
    case "run":
    case "fire on the run":
      return declareMove(input, d.id);
    case "move":
      return declareHalfMove(input);
    case "spell":
      return declareSpell(input, dice);
    case "disarm":
    case "entangle":
    case "dismount":
    case "grapple":
      return declareManeuver(input);
    case "break free":
      return declareBreakFree(input, dice);
    case "disengage":
      return declareDisengage(input);
    case "drop food":
    case "drop treasure":
    case "obstacle":
      return declareFlight(input, dice);
    default:
      return bxDeclare(input, dice);
  }
}

/**
 * The action economy: parrying, running, fleeing and casting leave no attack;
 * fighters of level N and monsters of N HD get N melee attacks a round against
 * Normal Men; a parting shot is one free attack more.
 */
export function houseAllowance(who: HC, ctx: RoundContext<HouseSheet>): Allowance {
  const extra = has(who, "parting shot") ? 1 : 0;
  const plus = (a: Allowance): Allowance =>
    extra ? { ...a, attacks: a.attacks + 1, why: `${a.why}, and a parting shot` } : a;
  if (has(who, "parrying")) return { attacks: extra, why: "parrying: no attacks are possible", rule: R_MISC };
  if (has(who, "running"))
    return { attacks: extra, why: "running: no attack or other action this round", rule: R_MISC };
  if (has(who, "fleeing") || has(who, "retreating"))
    return { attacks: 0, why: "fleeing: may not attack this round", rule: R_MISC };
  if (has(who, "pinned")) return { attacks: 0, why: "pinned helplessly", rule: R_MISC };
  const base = bxAllowance(who, ctx);
  if (base.attacks === 0) return plus(base);
  const own = Math.max(base.attacks, who.sheet.attacksPerRound);
  const normal = ctx.others.some((o) => o.side !== who.side && !isOut(o) && isNormalType(o.sheet));
  const vsNormal = normal ? attacksAgainstNormalMen(who) : 1;
  if (vsNormal > own)
    return plus({
      attacks: vsNormal,
      why: `${vsNormal} melee attacks against Normal Men (${who.kind === "monster" ? "hit dice" : "level"} ${vsNormal}); ${own} against anyone else`,
      rule: R_MISC,
    });
  if (own > 1) return plus({ attacks: own, why: `${own} attacks a round`, rule: R_MISC });
  return plus(base);
}

const cannot = baseCannotAct<HouseSheet>({ isDown: isOut, rule: R_ORDER });
export function houseCannotAct(who: HC, ctx: RoundContext<HouseSheet>): string | null {
  if (has(who, "surprised")) return "is surprised";
  if (has(who, "stunned")) return "is stunned";
  if (has(who, "pinned")) return "is pinned helplessly";
  return cannot(who, ctx);
}

/** A round's start: stunned grapplers count down their rounds. */
export function stunCountdown(input: { combatants: HC[] }): DeclareResult["effects"] {
  const effects: DeclareResult["effects"] = [];
  for (const c of input.combatants) {
    const s = markIn(c.state.conditions, "stunned");
    if (!s) continue;
    const left = Number(argOf(s, "stunned")) - 1;
    effects.push(
      left > 0
        ? { targetId: c.id, removeConditions: [s], addConditions: [stunnedFor(left)] }
        : { targetId: c.id, removeConditions: [s, "stunned"] },
    );
  }
  return effects;
}

export function createHouseRound(
  base: RoundRules<HouseSheet>,
  settings: BxSettings & { initiativeEachRound: boolean },
): RoundRules<HouseSheet> {
  return {
    ...base,
    declarations: houseDeclarations,
    declare: houseDeclare,
    allowance: houseAllowance,
    cannotAct: houseCannotAct,
    rerolls: (s) => settings.initiativeEachRound || s.initiativeEachRound === true,
    // seed 001, "ENCOUNTER ORDER" 6: "movement/combat is simultaneous (This means that anyone killed in that round still gets their attack for that round)".
    fallenStrike: "the same initiative roll makes combat simultaneous: anyone killed in it still gets their attack",
  };
}
