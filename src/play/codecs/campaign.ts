/** The Campaign row's JSON columns (its stream state is in stream.ts). */
import type { Settings } from "../campaigns/settings-shape.js";
import { codec, plainObject, stringList } from "./codec.js";

/**
 * Campaign.settings: only the options a referee set (readSettings lays them over the system's
 * defaults). Each was checked by its option's schema when set; an option an older release knew
 * is kept as it is.
 */
export const settingsCodec = codec<Partial<Settings>>({ column: "Campaign.settings", version: 1, check: plainObject });

/** Campaign.refereeIds: the user ids the creator added as referees (the creator among them). */
export const refereesCodec = codec<string[]>({
  column: "Campaign.refereeIds",
  version: 1,
  key: "refereeIds",
  check: (v) => stringList(v, "the referees"),
});
