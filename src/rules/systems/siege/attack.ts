/**
 * The attack state machine: melee, ranged, thrown, two weapons, grappling
 * (and breaking a hold), pummeling, overbearing, touch attacks and disarming;
 * the defender's Dodge (+2 AC, up to three attacks a round) and Evade (+4 AC
 * against one opponent), both declared before the round (see round.ts). No
 * attack waits for a reaction: Castles & Crusades has none, so each resolves at once.
 */
import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import type { AttackInput, AttackState, Combatant, Effect, RuleResult, SituationKey } from "../types.js";
import { RuleError } from "../types.js";
import {
  COVER_AC,
  COVER_NAME,
  clampAc,
  describeMods,
  dexLost,
  DISARM_CLASSES,
  disarmAc,
  grappleAc,
  overbearAc,
  RANGE_PENALTY,
  rangeBand,
  roundAcPenalties,
  shieldApplies,
  SITUATION_RANGE,
  situationalModifiers,
  sumMods,
  touchAc,
  twoWeaponPenalties,
  type AttackMode,
  type Mod,
  type SiegeSituation,
} from "./combat.js";
import { readState } from "./damage.js";
import { attributeModifier, formatDice, parseDice, ref, signed, type DiceExpr, type SiegeSheet, type Weapon } from "./sheet.js";

export type Special = "weapon" | "grapple" | "break" | "pummel" | "overbear" | "touch" | "disarm";
export const SPECIAL_ATTACKS = ["grapple", "pummel", "overbear", "touch", "disarm"] as const;

/** The Situation keys siege reads. */
export const SITUATION_KEYS: SituationKey[] = ["mode", "range", "cover", "charge", "flank", "rear", "highGround", "twoWeapons", "mounted", "modifier"];

interface SwingPlan {
  label: string;
  bonus: number;
  mods: Mod[];
  acMods: Mod[];
  damage: DiceExpr | null;
  damageMods: Mod[];
  damageKind: "normal" | "subdual";
}

interface Plan {
  special: Special;
  mode: AttackMode;
  swings: SwingPlan[];
  attackerAdds: string[];
  defenderAdds: string[];
  notes: string[];
  rules: string[];
  ignored: SituationKey[];
  /** Declared before the round by the defender. */
  declared: { kind: "dodge"; count: number } | { kind: "evade" } | null;
}

interface SwingData {
  label: string;
  d20: number;
  bonus: number;
  mods: Mod[];
  acMods: Mod[];
  damage: number | null;
  damageNotation: string | null;
  damageMods: Mod[];
  damageKind: "normal" | "subdual";
}

interface Data {
  special: Special;
  mode: AttackMode;
  swings: SwingData[];
  attackerAdds: string[];
  defenderAdds: string[];
  notes: string[];
  rules: string[];
  declared: Plan["declared"];
  defenderCharging: boolean;
  rolls: DiceRoll[];
  attackerName: string;
  defenderName: string;
}

const NOT_ABLE = ["dead", "unconscious", "grievously wounded", "mortally wounded", "dying"];
const UNAWARE = ["surprised", "unaware", "held", "restrained", "immobile", "unconscious", "helpless", "paralyzed", "paralysed", "stunned"];

function findWeapon(sheet: SiegeSheet, name: string): Weapon | undefined {
  const n = name.trim().toLowerCase();
  return sheet.weapons.find((w) => w.name.toLowerCase() === n);
}

function plan(input: AttackInput<SiegeSheet>): Plan {
  const { attacker, defender } = input;
  const sit = input.situation as SiegeSituation;
  const a = attacker.sheet;
  const d = defender.sheet;
  const aConds = attacker.state.conditions;
  const dConds = defender.state.conditions;
  if (attacker.id === defender.id) throw new RuleError("A combatant cannot attack itself: choose another target.");
  const aBad = aConds.find((c) => NOT_ABLE.includes(c));
  if (aBad) throw new RuleError(`${attacker.name} is ${aBad} and cannot attack.`);
  if (dConds.includes("dead")) throw new RuleError(`${defender.name} is already dead: choose another target.`);

  const used = new Set<SituationKey>();
  if (sit.charge) used.add("charge");
  const charging = aConds.includes("charging");
  if (sit.charge && !charging)
    throw new RuleError(`A charge must be announced before initiative is rolled (Castles & Crusades · Charging): ${attacker.name} did not declare one this round. Declare Charge at the start of the next round, or attack without it.`);
  const rules: string[] = [];
  const notes: string[] = [];
  const attackerAdds: string[] = [];
  const defenderAdds: string[] = [];
  const strMod = attributeModifier(a.str);
  const dexMod = attributeModifier(a.dex);

  // What is being used.
  const wname = input.weapon?.trim().toLowerCase();
  let special: Special = "weapon";
  let weapon: Weapon | undefined;
  if (sit.mode === "spell" && (!wname || wname === "touch")) {
    special = "touch";
    used.add("mode");
  } else if (wname && (SPECIAL_ATTACKS as readonly string[]).includes(wname)) {
    special = wname as Special;
  } else if (wname) {
    weapon = findWeapon(a, wname);
    if (!weapon) {
      try {
        const dx = parseDice(wname);
        const kind: Weapon["kind"] = sit.mode === "ranged" ? "ranged" : sit.mode === "thrown" ? "thrown" : "melee";
        weapon = { name: formatDice(dx), damage: formatDice(dx), kind, range: 0, bonus: 0, reach: 5, crossbow: false };
      } catch {
        const names = a.weapons.map((w) => w.name);
        throw new RuleError(`${attacker.name} has no weapon "${input.weapon}": use ${[...names, ...SPECIAL_ATTACKS].join(", ")} or a dice expression like 1d8.`);
      }
    }
  } else {
    weapon = a.weapons[0];
    if (!weapon) {
      if (attacker.kind === "monster") weapon = { name: "natural attack", damage: "1d6", kind: "melee", range: 0, bonus: 0, reach: 5, crossbow: false };
      else special = "pummel";
    }
  }
  if (aConds.includes("held")) {
    if (special !== "grapple") throw new RuleError(`${attacker.name} is held: the only action is a grapple to break the hold.`);
    if (!dConds.includes("grappling")) throw new RuleError(`${attacker.name} is held: grapple the one holding them to break free.`);
    special = "break";
  }

  // Mode.
  let mode: AttackMode = "melee";
  if (special === "weapon" && weapon) {
    if (weapon.kind === "ranged") mode = "ranged";
    else if (weapon.kind === "thrown") mode = sit.mode === "melee" ? "melee" : "thrown";
    else if (sit.mode === "ranged" || sit.mode === "thrown") throw new RuleError(`${weapon.name} is a melee weapon: it cannot be shot or thrown.`);
    if (sit.mode && sit.mode !== "spell") used.add("mode");
  } else if (sit.mode === "ranged" || sit.mode === "thrown") {
    throw new RuleError(`A ${special} attack is made in melee: leave the mode out or choose melee.`);
  } else if (sit.mode) used.add("mode");

  // To-hit modifiers common to every swing.
  const common: Mod[] = [];
  if (sit.flank || sit.rear) {
    const rogue = ["rogue", "assassin"].includes(a.class);
    if (sit.rear) {
      used.add("rear");
      if (sit.flank) used.add("flank");
      if (rogue) notes.push(`${a.class === "rogue" ? "A rogue" : "An assassin"} takes the back attack ability instead of the rear +2.`);
      else common.push({ label: "rear attack", value: 2, rule: ref("Rear Attack") });
    } else {
      used.add("flank");
      common.push({ label: "flank attack", value: 1, rule: ref("Flank Attack") });
    }
  }
  for (const m of situationalModifiers(attacker, defender, sit, mode)) common.push(m);
  if (sit.highGround) used.add("highGround");
  if (sit.mounted) used.add("mounted");
  if (sit.modifier) {
    used.add("modifier");
    common.push({ label: "Castle Keeper's modifier", value: sit.modifier, rule: ref("Situational Modifiers") });
  }

  // Armour class pieces common to every swing.
  const rear = !!sit.rear;
  const acCommon: Mod[] = [];
  if (sit.cover && sit.cover !== "none") {
    used.add("cover");
    acCommon.push({ label: COVER_NAME[sit.cover], value: COVER_AC[sit.cover], rule: ref("Cover") });
  } else if (sit.cover) used.add("cover");
  acCommon.push(...roundAcPenalties(defender));
  const dl = dexLost(defender, rear);
  const dexLostMod: Mod[] = dl.lost ? [{ label: `no DEX (${dl.why})`, value: -dl.lost, rule: ref("Dexterity") }] : [];

  const swings: SwingPlan[] = [];
  const mkDamage = (w: Weapon, addStr: boolean): { expr: DiceExpr; mods: Mod[] } => {
    const expr = parseDice(w.damage);
    const mods: Mod[] = [];
    if (addStr && strMod) mods.push({ label: "STR", value: strMod, rule: ref(mode === "thrown" ? "Ranged Combat" : "Weapon Damage") });
    if (w.bonus) mods.push({ label: "magic", value: w.bonus, rule: ref("Weapon Damage") });
    return { expr, mods };
  };

  if (special === "weapon" && weapon) {
    rules.push(ref(mode === "melee" ? "Melee Combat" : "Ranged Combat"));
    const normalAc: Mod[] = [{ label: "AC", value: d.ac, rule: ref("Armor Class") }, ...dexLostMod];
    const sh = shieldApplies(defender, attacker.id, rear);
    if (sh.applies) normalAc.push({ label: `${d.shield} shield`, value: 1, rule: ref("Shields") });
    if (sh.newCondition) defenderAdds.push(sh.newCondition);
    const base: Mod[] = [{ label: "BtH", value: a.bth, rule: ref("Melee Combat") }];
    let rangeMod: Mod | null = null;
    if (mode !== "melee") {
      let band = sit.range ? SITUATION_RANGE[sit.range] : "close";
      if (sit.range) used.add("range");
      if (sit.distance !== undefined && weapon.range > 0) {
        const b = rangeBand(sit.distance, weapon.range);
        if (!b) throw new RuleError(`${defender.name} is ${sit.distance} ft away, beyond ${weapon.name}'s long range (${3 * weapon.range} ft): no attack.`);
        band = b;
      }
      rangeMod = { label: `${band} range`, value: RANGE_PENALTY[band], rule: ref("Ranged Combat") };
    }
    if (charging) {
      if (mode !== "melee") throw new RuleError("A charge ends in a melee attack: drop the charge or attack in melee.");
      rules.push(ref("Charging"));
    }
    const chargeDamage: Mod[] = [];
    if (charging) {
      if (aConds.includes("charge negated")) notes.push(`${attacker.name}'s charge was negated by an earlier hit: no extra damage.`);
      else chargeDamage.push({ label: "charge", value: 2, rule: ref("Charging") });
      notes.push(`${attacker.name} charged: −4 AC for the rest of the round, hit or miss.`);
    }
    const attrMod: Mod = mode === "melee" ? { label: "STR", value: strMod, rule: ref("Melee Combat") } : { label: "DEX", value: dexMod, rule: ref("Ranged Combat") };
    const weaponsUsed: { w: Weapon; hand?: "primary" | "off" }[] = [{ w: weapon }];
    if (sit.twoWeapons && mode === "melee") {
      used.add("twoWeapons");
      const off = a.weapons.find((x) => x !== weapon && x.kind !== "ranged");
      if (!off) throw new RuleError(`${attacker.name} needs a second melee weapon on the sheet to fight with two weapons.`);
      weaponsUsed[0]!.hand = "primary";
      weaponsUsed.push({ w: off, hand: "off" });
      rules.push(ref("Two Weapon Fighting"));
    }
    const twp = twoWeaponPenalties(dexMod);
    for (const { w, hand } of weaponsUsed) {
      const mods: Mod[] = [...base];
      if (hand) mods.push({ label: `${hand === "primary" ? "primary hand" : "off hand"} (−${hand === "primary" ? 3 : 6}, DEX ${signed(dexMod)})`, value: hand === "primary" ? twp.primary : twp.off, rule: ref("Two Weapon Fighting") });
      else mods.push(attrMod);
      if (w.bonus) mods.push({ label: "magic weapon", value: w.bonus, rule: ref("Melee Combat") });
      if (rangeMod) mods.push(rangeMod);
      mods.push(...common);
      const dmg = mkDamage(w, mode !== "ranged");
      swings.push({
        label: hand ? `${w.name} (${hand === "primary" ? "primary" : "off hand"})` : w.name,
        bonus: sumMods(mods),
        mods,
        acMods: [...normalAc, ...acCommon],
        damage: dmg.expr,
        damageMods: [...dmg.mods, ...chargeDamage],
        damageKind: "normal",
      });
    }
  } else {
    if (charging) notes.push("A charge adds damage to a weapon attack only: no extra damage here.");
    if (special === "grapple" || special === "break") {
      rules.push(ref("Grappling"));
      const g = grappleAc(a, d);
      const mods = [{ label: "BtH", value: a.bth, rule: ref("Grappling") }, { label: "STR", value: strMod, rule: ref("Grappling") }, ...common];
      swings.push({ label: special === "break" ? "break the hold" : "grapple", bonus: sumMods(mods), mods, acMods: [...g.mods, ...acCommon], damage: null, damageMods: [], damageKind: "normal" });
    } else if (special === "overbear") {
      rules.push(ref("Overbearing"));
      const o = overbearAc(a, d);
      const mods = [{ label: "STR", value: strMod, rule: ref("Overbearing") }, ...common];
      attackerAdds.push("overbearing");
      notes.push(`${attacker.name} overbears: −2 AC for the rest of the round.`);
      swings.push({ label: "overbear", bonus: sumMods(mods), mods, acMods: [...o.mods, ...acCommon], damage: { count: 1, sides: 2, modifier: 0 }, damageMods: [], damageKind: "subdual" });
    } else if (special === "pummel") {
      rules.push(ref("Pummeling"));
      const mods = [{ label: "BtH", value: a.bth, rule: ref("Pummeling") }, { label: "STR", value: strMod, rule: ref("Pummeling") }, ...common];
      const normalAc: Mod[] = [{ label: "AC", value: d.ac, rule: ref("Armor Class") }, ...dexLostMod];
      const sh = shieldApplies(defender, attacker.id, rear);
      if (sh.applies) normalAc.push({ label: `${d.shield} shield`, value: 1, rule: ref("Shields") });
      if (sh.newCondition) defenderAdds.push(sh.newCondition);
      swings.push({
        label: "pummel", bonus: sumMods(mods), mods, acMods: [...normalAc, ...acCommon],
        damage: { count: 1, sides: 2, modifier: 0 }, damageMods: strMod ? [{ label: "STR", value: strMod, rule: ref("Pummeling") }] : [], damageKind: "subdual",
      });
    } else if (special === "touch") {
      rules.push(ref("Touch Attack"));
      const t = touchAc(defender);
      const mods = [{ label: "BtH", value: a.bth, rule: ref("Melee Combat") }, { label: "STR", value: strMod, rule: ref("Melee Combat") }, ...common];
      swings.push({ label: "touch", bonus: sumMods(mods), mods, acMods: [...t.mods, ...(defender.kind === "monster" ? [] : dexLostMod), ...acCommon], damage: null, damageMods: [], damageKind: "normal" });
    } else if (special === "disarm") {
      rules.push(ref("Disarm"));
      if (attacker.kind === "monster" || !DISARM_CLASSES.includes(a.class))
        throw new RuleError(`Only a fighter, ranger, knight, rogue, assassin, cleric or paladin can disarm; ${attacker.name} cannot.`);
      const mods = [{ label: "BtH", value: a.bth, rule: ref("Melee Combat") }, { label: "STR", value: strMod, rule: ref("Melee Combat") }, ...common];
      const ddex = attributeModifier(d.dex);
      // disarmAc(level, DEX bonus) = 18 + level + DEX bonus, shown in parts.
      const acMods: Mod[] = [
        { label: "disarm base 18", value: disarmAc(0, 0), rule: ref("Disarm") },
        { label: `${defender.kind === "monster" ? "hit dice" : "level"}`, value: d.level, rule: ref("Disarm") },
      ];
      if (ddex > 0 && !dl.lost) acMods.push({ label: "DEX", value: ddex, rule: ref("Disarm") });
      acMods.push(...acCommon);
      swings.push({ label: "disarm", bonus: sumMods(mods), mods, acMods, damage: null, damageMods: [], damageKind: "normal" });
    }
  }

  const declared = declaredDefence(attacker, defender, rear, notes);
  if (declared?.kind === "dodge") rules.push(ref("Dodge"));
  if (declared?.kind === "evade") rules.push(ref("Evade"));

  const setKeys = (Object.keys(sit) as SituationKey[]).filter((k) => {
    const v = (sit as Record<string, unknown>)[k];
    return v !== undefined && v !== false && v !== "none" && v !== 0;
  });
  const ignored = setKeys.filter((k) => !used.has(k) && !["concealment", "intoMelee", "distance"].includes(k as string));
  return { special, mode, swings, attackerAdds, defenderAdds, notes, rules, ignored, declared };
}

/**
 * The defender's Dodge or Evade, declared before the round ("Dodge", "Evade"):
 * only against an attacker it faces and is aware of (not from the rear, not
 * while unaware or down); Evade only against the one opponent named.
 */
function declaredDefence(attacker: Combatant<SiegeSheet>, defender: Combatant<SiegeSheet>, rear: boolean, notes: string[]): Plan["declared"] {
  const dConds = defender.state.conditions;
  const evading = dConds.find((c) => c.startsWith("evading:"));
  const dodging = dConds.includes("dodging");
  if (!evading && !dodging) return null;
  const unaware = dConds.find((c) => NOT_ABLE.includes(c) || UNAWARE.includes(c));
  if (rear || unaware) {
    notes.push(`${defender.name} ${dodging ? "dodges" : "evades"} only a foe they face and are aware of: no bonus ${rear ? "against an attack from the rear" : `while ${unaware}`}.`);
    return null;
  }
  if (evading) {
    if (evading === `evading:${attacker.id}`) return { kind: "evade" };
    notes.push(`${defender.name} is evading another opponent this round: no bonus against ${attacker.name}.`);
    return null;
  }
  const dodged = dConds.filter((c) => c.startsWith("dodged:")).map((c) => Number(c.slice(7))).filter(Number.isFinite);
  return { kind: "dodge", count: dodged.length ? Math.max(...dodged) : 0 };
}

/** The defence bonus on swing `i` for the current declarations. */
function defenceBonus(data: Pick<Data, "declared">, i: number): Mod | null {
  const d = data.declared;
  if (d?.kind === "evade") return { label: "evading", value: 4, rule: ref("Evade") };
  if (d?.kind === "dodge" && d.count + i < 3) return { label: `dodging (attack ${d.count + i + 1} of 3)`, value: 2, rule: ref("Dodge") };
  return null;
}

/** " = sheet AC 11 + 2 dodging (attack 1 of 3)": the armour class from its parts, in reading order. */
function describeAc(acMods: Mod[], ac: number): string {
  const [first, ...rest] = acMods;
  const shown = rest.filter((m) => m.value !== 0);
  if (!first || !shown.length) return "";
  const head = first.label === "AC" ? `sheet AC ${first.value}` : first.label.includes(String(first.value)) ? first.label : `${first.label} ${first.value}`;
  const tail = shown.map((m) => ` ${m.value >= 0 ? "+" : "−"} ${Math.abs(m.value)} ${m.label}`).join("");
  return ` = ${head}${tail}${ac !== sumMods(acMods) ? " (never below 1)" : ""}`;
}

interface Resolved {
  hits: boolean[];
  acs: number[];
  outcome: string;
  effects: Effect[];
  result: RuleResult;
}

const SUCCESS_WORD: Record<Special, string> = {
  weapon: "hit", grapple: "held", break: "broken free", pummel: "hit", overbear: "knocked down", touch: "touched", disarm: "disarmed",
};

function resolve(data: Data, attackerId: string, defenderId: string, final: boolean): Resolved {
  const hits: boolean[] = [];
  const acs: number[] = [];
  const lines: string[] = [];
  const rules = [...data.rules];
  const dEff: Effect = { targetId: defenderId, addConditions: [...data.defenderAdds], removeConditions: [] };
  const aEff: Effect = { targetId: attackerId, addConditions: [...data.attackerAdds], removeConditions: [] };
  const damageEffects: Effect[] = [];
  let totalDamage = 0;
  let coveredByDodge = 0;
  data.swings.forEach((s, i) => {
    const def = defenceBonus(data, i);
    if (def?.value === 2) coveredByDodge++;
    const acMods = def ? [...s.acMods, def] : s.acMods;
    const ac = clampAc(sumMods(acMods));
    const total = s.d20 + s.bonus;
    const hit = total >= ac;
    hits.push(hit);
    acs.push(ac);
    let line = `**${s.label}**: d20 ${s.d20} ${s.bonus >= 0 ? "+" : "−"} ${Math.abs(s.bonus)}${s.mods.some((m) => m.value) ? ` (${describeMods(s.mods)})` : ""} = **${total}** vs AC ${ac}${describeAc(acMods, ac)} → ${hit ? SUCCESS_WORD[data.special] : "miss"}`;
    if (hit && s.damage !== null) {
      const dmg = s.damage ?? 0;
      line += `, ${s.damageNotation} = ${dmg} ${s.damageKind === "subdual" ? "subdual " : ""}damage`;
      totalDamage += dmg;
      damageEffects.push({ targetId: defenderId, damage: dmg, damageKind: s.damageKind, note: `${s.label}: ${dmg}${s.damageKind === "subdual" ? " subdual" : ""} damage` });
    }
    lines.push(line + ".");
  });
  const anyHit = hits.some(Boolean);
  if (anyHit) {
    if (data.special === "grapple") {
      dEff.addConditions!.push("held", "prone");
      aEff.addConditions!.push("grappling");
      lines.push(`${data.defenderName} is held: prone and defenceless, and can act only to break the hold with a grapple of their own.`);
    } else if (data.special === "break") {
      aEff.removeConditions!.push("held", "prone");
      dEff.removeConditions!.push("grappling");
      lines.push(`${data.attackerName} breaks the hold.`);
    } else if (data.special === "overbear") {
      dEff.addConditions!.push("prone", "knocked down");
      lines.push(`${data.defenderName} is knocked prone for the rest of the round.`);
    } else if (data.special === "disarm") {
      dEff.addConditions!.push("disarmed");
      lines.push(`${data.defenderName} is disarmed.`);
    } else if (data.special === "touch") {
      lines.push(`${data.defenderName} is touched: the spell or effect takes hold.`);
    }
    if (data.defenderCharging) {
      dEff.addConditions!.push("charge negated");
      lines.push(`${data.defenderName} was hit while charging: the charge is negated (no extra damage), the −4 AC remains.`);
      rules.push(ref("Charging"));
    }
  }
  // Defences declared before the round.
  if (data.declared?.kind === "dodge" && coveredByDodge > 0) {
    const c = data.declared.count;
    dEff.removeConditions!.push(...(c > 0 ? [`dodged:${c}`] : []));
    dEff.addConditions!.push(`dodged:${c + coveredByDodge}`);
    lines.push(`${data.defenderName} is dodging (${c + coveredByDodge} of 3 attacks this round).`);
  } else if (data.declared?.kind === "dodge") {
    lines.push(`${data.defenderName} has already dodged three attacks this round: no bonus.`);
  }
  lines.push(...data.notes);
  const effects: Effect[] = [...damageEffects];
  for (const e of [dEff, aEff]) {
    const add = [...new Set(e.addConditions)];
    const rem = [...new Set(e.removeConditions)];
    if (add.length || rem.length) {
      const eff: Effect = { targetId: e.targetId };
      if (add.length) eff.addConditions = add;
      if (rem.length) eff.removeConditions = rem;
      effects.push(eff);
    }
  }
  const hitCount = hits.filter(Boolean).length;
  const outcome = anyHit ? SUCCESS_WORD[data.special] : "miss";
  const what = data.swings.length > 1 ? `${hitCount} of ${data.swings.length} hit` : outcome;
  const title = `${data.attackerName} → ${data.defenderName}: ${what}${totalDamage ? ` (${totalDamage} damage)` : ""}${final ? "" : " — reactions open"}`;
  return { hits, acs, outcome, effects, result: { title, lines, rules: [...new Set(rules)], rolls: data.rolls } };
}

function toState(data: Data, input: { attackerId: string; defenderId: string; ignored: SituationKey[] }, phase: AttackState["phase"]): AttackState {
  const r = resolve(data, input.attackerId, input.defenderId, phase === "done");
  return {
    phase,
    attackerId: input.attackerId,
    defenderId: input.defenderId,
    outcome: r.outcome,
    data: data as unknown as Record<string, unknown>,
    options: [],
    effects: r.effects,
    ignored: input.ignored,
    result: r.result,
  };
}

export function begin(input: AttackInput<SiegeSheet>, dice: DiceBag): AttackState {
  const p = plan(input);
  const mark = dice.log.length;
  const data: Data = {
    special: p.special,
    mode: p.mode,
    swings: [],
    attackerAdds: p.attackerAdds,
    defenderAdds: p.defenderAdds,
    notes: p.notes,
    rules: p.rules,
    declared: p.declared,
    defenderCharging: input.defender.state.conditions.includes("charging"),
    rolls: [],
    attackerName: input.attacker.name,
    defenderName: input.defender.name,
  };
  for (const s of p.swings) {
    const d20 = dice.roll(`attack: ${s.label}`, 1, 20, { modifier: s.bonus }).dice[0]!.value;
    data.swings.push({ label: s.label, d20, bonus: s.bonus, mods: s.mods, acMods: s.acMods, damage: null, damageNotation: null, damageMods: s.damageMods, damageKind: s.damageKind });
  }
  // Roll damage for what hits.
  const now = resolve({ ...data, rolls: [] }, input.attacker.id, input.defender.id, false);
  p.swings.forEach((s, i) => {
    if (!now.hits[i] || !s.damage) return;
    const sw = data.swings[i]!;
    const extra = sumMods(s.damageMods);
    const roll = s.damage.count > 0 ? dice.roll(`damage: ${s.label}`, s.damage.count, s.damage.sides, { modifier: s.damage.modifier + extra }) : null;
    const raw = roll ? roll.total : s.damage.modifier + extra;
    sw.damage = Math.max(1, raw);
    sw.damageNotation = `${formatDice(s.damage)}${s.damageMods.length ? ` (${describeMods(s.damageMods)})` : ""}${raw < 1 ? " (at least 1)" : ""}`;
  });
  data.rolls = dice.since(mark);
  // Nothing to react with: Dodge and Evade are declared before the round, so the attack is final at once.
  return toState(data, { attackerId: input.attacker.id, defenderId: input.defender.id, ignored: p.ignored }, "done");
}

export function react(state: AttackState, optionId: string, _input: AttackInput<SiegeSheet>, _dice: DiceBag): AttackState {
  if (state.phase === "done" || !state.options.some((o) => o.id === optionId))
    throw new RuleError(`"${optionId}" is not open on this attack: Castles & Crusades has no reactions (Dodge and Evade are declared before the round). Nothing changed.`);
  return toState(structuredClone(state.data) as unknown as Data, { attackerId: state.attackerId, defenderId: state.defenderId, ignored: state.ignored }, "done");
}

export function lapse(state: AttackState, _input: AttackInput<SiegeSheet>, _dice: DiceBag): AttackState {
  if (state.phase === "done") return state;
  const data = state.data as unknown as Data;
  return toState(data, { attackerId: state.attackerId, defenderId: state.defenderId, ignored: state.ignored }, "done");
}

/** Exact chance to hit each swing and its damage spread, before rolling. */
export function odds(input: AttackInput<SiegeSheet>): RuleResult {
  const p = plan(input);
  const lines: string[] = [];
  p.swings.forEach((s, i) => {
    const def = defenceBonus(p, i);
    const ac = clampAc(sumMods(s.acMods) + (def?.value ?? 0));
    const need = ac - s.bonus;
    const faces = Math.max(0, Math.min(20, 21 - need));
    const pct = (faces / 20) * 100;
    let line = `**${s.label}**: d20 ${signed(s.bonus)} vs AC ${ac}: needs ${Math.max(1, Math.min(20, need))}${need > 20 ? " (impossible)" : need <= 1 ? " (sure)" : ""} — ${pct.toFixed(0)}%`;
    if (s.damage) {
      const extra = s.damage.modifier + sumMods(s.damageMods);
      const dist = damageDistribution(s.damage.count, s.damage.sides, extra);
      const min = Math.min(...dist.keys());
      const max = Math.max(...dist.keys());
      let mean = 0;
      for (const [v, pr] of dist) mean += v * pr;
      line += `; damage ${formatDice(s.damage)}${extra - s.damage.modifier ? ` ${signed(extra - s.damage.modifier)}` : ""}: ${min}–${max}, average ${mean.toFixed(2)}${s.damageKind === "subdual" ? " subdual" : ""}`;
    }
    lines.push(line + ".");
  });
  lines.push(...p.notes);
  return { title: `Odds: ${input.attacker.name} → ${input.defender.name}`, lines, rules: [...new Set(p.rules)], rolls: [] };
}

/** Damage totals (at least 1) with their probabilities. */
export function damageDistribution(count: number, sides: number, modifier: number): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < count; i++) {
    const next = new Map<number, number>();
    for (const [v, pr] of dist) for (let f = 1; f <= sides; f++) next.set(v + f, (next.get(v + f) ?? 0) + pr / sides);
    dist = next;
  }
  const out = new Map<number, number>();
  for (const [v, pr] of dist) {
    const t = Math.max(1, v + modifier);
    out.set(t, (out.get(t) ?? 0) + pr);
  }
  return out;
}

/** Whether a combatant can be attacked / attack at all (for the play layer). */
export function canAttack(c: Combatant<SiegeSheet>): boolean {
  return !readState(c).conditions.some((x) => NOT_ABLE.includes(x));
}
