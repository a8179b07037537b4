/** Castles & Crusades' conditions in words players read, and how long each lasts. */
import { COMMON_CONDITIONS } from "../../round/words.js";
import type { ConditionWord, Lifetime, SystemWords } from "../types.js";
import { SIEGE_FAMILIES, abilityOf, spellOf } from "./marks.js";
import { parseMark } from "../../marks.js";

const w = (label: string, lasts: Lifetime): ConditionWord => ({ label, lasts });

export const words = {
  conditions: {
    ...COMMON_CONDITIONS,
    unconscious: w("unconscious", "healed"),
    "grievously wounded": w("grievously wounded (−1 to −6 HP)", "healed"),
    "mortally wounded": w("mortally wounded: loses 1 HP a round until aided", "healed"),
    aided: w("wounds tended: no more HP lost", "healed"),
    "knocked out for 24 hours": w("knocked out for 24 hours", "healed"),
    recovering: w("woke from 0 HP: half move, no fighting or spells", "healed"),
    charging: w("charging (−4 AC this round)", "round"),
    "charge negated": w("charge negated (no extra damage)", "round"),
    dodging: w("dodging (+2 AC against up to 3 attacks)", "round"),
    overbearing: w("overbore (−2 AC this round)", "round"),
    "knocked down": w("knocked down this round", "round"),
    disengaging: w("disengaging hastily (−2 AC)", "round"),
    withdrawing: w("disengaging (fighting withdrawal)", "round"),
    "moved far": w("moved more than half its rate: no attack", "round"),
    aiding: w("tending a wounded ally", "round"),
    casting: w("casting a spell: only its touch attack this round", "round"),
    "completing an ability": w("completing an ability: that is this round's action", "round"),
    held: w("held (prone and defenceless; can act only to break the hold)", "encounter"),
    // "Disengaging from Combat": the distance it put between itself and its foes, until a move closes it.
    disengaged: w("out of melee after disengaging (until a move closes on it)", "encounter"),
    // "Situational Modifiers" and "Dexterity": what the Castle Keeper sets by hand (/condition).
    blind: w("blind (+5 to hit them, −10 to their attacks)", "encounter"),
    stunned: w("stunned (+2 to hit them)", "round"),
    cowering: w("cowering (+2 to hit them)", "round"),
    invisible: w("invisible (−10 to hit them)", "encounter"),
    unaware: w("unaware of attackers (no Dexterity bonus to AC)", "round"),
    restrained: w("restrained (no Dexterity bonus to AC)", "encounter"),
    helpless: w("helpless (+10 to hit them)", "encounter"),
    disarmed: w("disarmed (fights without the weapon in hand)", "encounter"),
    // "Cover": "the Castle Keeper may rule that the character seeking cover may not attack".
    "no attack from cover": w("may not attack from behind cover (the Castle Keeper's ruling)", "encounter"),
    // "Situational Modifiers": "attackers must know of a defender's presence".
    unnoticed: w("unnoticed: the foes do not know it is there and cannot attack it", "encounter"),
    // "Movement in the Combat Round": the Castle Keeper's reduction for terrain, obstacles or injuries.
    "slowed by a quarter": w("movement reduced by a quarter", "encounter"),
    "slowed by half": w("movement reduced by half", "encounter"),
    "slowed by three-quarters": w("movement reduced by three-quarters (the most)", "encounter"),
  },
  refereeSets: [
    "blind",
    "stunned",
    "cowering",
    "invisible",
    "unaware",
    "prone",
    "restrained",
    "helpless",
    "held",
    "surprised",
    "disarmed",
    "no attack from cover",
    "unnoticed",
    "slowed by a quarter",
    "slowed by half",
    "slowed by three-quarters",
  ],
  families: SIEGE_FAMILIES,
  describe: (c, name) => {
    const { family, arg } = parseMark(c);
    switch (family) {
      case "dodged":
        return w(`dodged ${arg} of 3 attacks`, "round");
      case "evading":
        return w(`evading ${name(arg)} (+4 AC)`, "round");
      case "shield vs":
        return w(`shield turned to ${name(arg)}`, "round");
      // Who has taken their one attack at a hasty disengager ("may not make a second attack against the fleeing character").
      case "struck fleeing":
        return w(`attacked by ${name(arg)} while fleeing`, "round");
      case "fleeing from":
        return w(`fleeing from ${name(arg)}`, "round");
      case "charging at":
        return w(`the charge is at ${name(arg)}`, "round");
      case "ability until": {
        const ability = abilityOf(c);
        return ability ? w(`using ${ability.name}: it completes in round ${ability.round}`, "encounter") : undefined;
      }
      case "casting until": {
        const spell = spellOf(c);
        return spell ? w(`casting ${spell.name}: it takes effect in round ${spell.round}`, "encounter") : undefined;
      }
      case "readied":
        return w(`${arg} out of the backpack, ready`, "encounter");
      case "closed on":
        return w(`closed within 10 ft of ${name(arg)}`, "round");
      case "struck first by":
        return w(`struck first by ${name(arg)}`, "round");
      case "cover":
        return COVER_WORDS[arg] ? w(`behind ${COVER_WORDS[arg]}`, "encounter") : undefined;
      default:
        return undefined;
    }
  },
} satisfies SystemWords;

declare module "../../marks.js" {
  interface DeclaredMarks {
    siege: keyof typeof words.conditions;
  }
}

export const COVER_WORDS: Record<string, string> = {
  light: "1/4 cover (+2 AC)",
  partial: "1/2 cover (+4 AC)",
  heavy: "3/4 cover (+6 AC)",
  full: "full cover (+10 AC)",
};
