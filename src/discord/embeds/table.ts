import type { EmbedBuilder } from "discord.js";
import type { TableResult } from "../../play/table.js";
import { ruleEmbed } from "./rules.js";
import { COLOURS } from "./style.js";

/** A single rule outcome (/check, /save, /morale…), coloured by success when it has one. */
export function tableEmbed(t: TableResult): EmbedBuilder {
  const r = t.result as TableResult["result"] & { success?: boolean; holds?: boolean };
  const ok = r.success ?? r.holds;
  const colour = ok === undefined ? COLOURS.info : ok ? COLOURS.success : COLOURS.failure;
  return ruleEmbed(r, colour, t.extra);
}
