/**
 * discord.js's EmbedBuilder with setters that check Discord's limits directly. The builder's own
 * checks run a schema library whose nullable and optional checks build, and throw away, an error
 * with a stack on each call: about a twentieth of the bot's CPU per reply (bench/bot.ts). Same
 * limits, same errors for text out of them; the local Discord checks every body against Discord's
 * OpenAPI spec in the tests besides.
 */
import {
  EmbedBuilder,
  resolveColor,
  type APIEmbedField,
  type ColorResolvable,
  type EmbedFooterOptions,
  type RestOrArray,
} from "discord.js";
import { LIMITS } from "./style.js";

function within(what: string, text: string, max: number): string {
  if (typeof text !== "string" || text.length < 1 || text.length > max)
    throw new RangeError(
      `An embed's ${what} must be 1 to ${max} characters (got ${typeof text === "string" ? text.length : typeof text}).`,
    );
  return text;
}

export class Embed extends EmbedBuilder {
  override setTitle(title: string | null): this {
    if (title === null) delete this.data.title;
    else this.data.title = within("title", title, LIMITS.title);
    return this;
  }

  override setDescription(description: string | null): this {
    if (description === null) delete this.data.description;
    else this.data.description = within("description", description, LIMITS.description);
    return this;
  }

  override setFooter(options: EmbedFooterOptions | null): this {
    if (options === null) delete this.data.footer;
    else
      this.data.footer = {
        text: within("footer", options.text, 2048),
        ...(options.iconURL ? { icon_url: options.iconURL } : {}),
      };
    return this;
  }

  override setColor(color: ColorResolvable | null): this {
    if (color === null) delete this.data.color;
    else this.data.color = resolveColor(color);
    return this;
  }

  override addFields(...fields: RestOrArray<APIEmbedField>): this {
    const list = (Array.isArray(fields[0]) ? fields[0] : fields) as APIEmbedField[];
    const all = [...(this.data.fields ?? []), ...list];
    if (all.length > LIMITS.fields)
      throw new RangeError(`An embed has at most ${LIMITS.fields} fields (got ${all.length}).`);
    for (const f of list) {
      within("field name", f.name, LIMITS.fieldName);
      within("field value", f.value, LIMITS.fieldValue);
    }
    this.data.fields = all;
    return this;
  }
}
