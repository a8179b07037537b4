/**
 * Sheets in a Discord modal: the system's fields five to a modal (Discord's
 * limit), in the schema's order, each with a hint of what it takes and (editing)
 * its current value. A sheet of more than five fields takes several steps: the
 * message after each step has a button per step and Done.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ModalSubmitInteraction,
} from "discord.js";
import type { ButtonInteraction, ChatInputCommandInteraction } from "discord.js";
import type { FormField } from "../play/sheets.js";
import type { Services } from "../play/services.js";
import { editCharacter, sheetForm } from "../play/characters/index.js";
import { createFromDraft, openDraft } from "../play/characters/drafts.js";
import { StaleError, UserError } from "../play/errors.js";
import { ids } from "./ids.js";
import { cleanText } from "./input.js";
import { clip } from "./embeds/style.js";
import { actorOf } from "./actor.js";
import { respond } from "./respond.js";
import { appliedWords, characterEmbed, filledLines } from "./embeds/character.js";

export const PER_STEP = 5;

export const stepsOf = (fields: FormField[]): number => Math.max(1, Math.ceil(fields.length / PER_STEP));
export const fieldsOf = (fields: FormField[], step: number): FormField[] =>
  fields.slice((step - 1) * PER_STEP, step * PER_STEP);

/** What a field's placeholder says: what to type, and what a blank gives (a new sheet) or keeps (an edit). */
export const placeholderOf = (f: FormField, fresh: boolean): string =>
  clip(`${f.example} · blank: ${fresh ? f.blank : "unchanged"}`, 100);

/** The modal of one step: `customId` says what its submit does; `fresh` for a new sheet's. */
export function sheetModal(
  customId: string,
  title: string,
  fields: FormField[],
  step: number,
  fresh = false,
): ModalBuilder {
  const steps = stepsOf(fields);
  const suffix = ` (${step}/${steps})`;
  const modal = new ModalBuilder().setCustomId(customId).setTitle(clip(title, 45 - suffix.length) + suffix);
  for (const f of fieldsOf(fields, step)) {
    const input = new TextInputBuilder()
      .setCustomId(f.key)
      .setLabel(clip(f.label, 45))
      .setStyle(TextInputStyle.Short)
      .setRequired(false)
      .setMaxLength(4000)
      .setPlaceholder(placeholderOf(f, fresh));
    if (f.value) input.setValue(clip(f.value, 4000));
    modal.addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
  }
  return modal;
}

/** What was typed in a step's modal, by field key (cleaned as every option is). */
export function typedIn(i: ModalSubmitInteraction, fields: FormField[], step: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fieldsOf(fields, step)) {
    let v = "";
    try {
      v = i.fields.getTextInputValue(f.key);
    } catch {
      continue;
    }
    out[f.key] = cleanText(v).trim();
  }
  return out;
}

/** A label's first words, for a step's button: "Armour Class (descending)" → "Armour Class", "Armour worn: none, …" → "Armour worn". */
const short = (label: string): string =>
  label
    .replace(/\s*\(.*?\)/g, "")
    .replace(/:.*$/, "")
    .trim() || label;

/** A button per step (its fields named) and Done, for the sheet's owner or a referee. */
export function stepButtons(characterId: string, fields: FormField[], done: number): ActionRowBuilder<ButtonBuilder>[] {
  const steps = stepsOf(fields);
  if (steps < 2) return [];
  const buttons: ButtonBuilder[] = [];
  for (let n = 1; n <= steps; n++) {
    const fs = fieldsOf(fields, n);
    const label = clip(`${n}/${steps}: ${short(fs[0]!.label)}–${short(fs[fs.length - 1]!.label)}`, 80);
    buttons.push(
      new ButtonBuilder()
        .setCustomId(ids.sheetForm.build({ kind: "step", characterId, step: n }))
        .setLabel(label)
        .setStyle(n === done + 1 ? ButtonStyle.Primary : ButtonStyle.Secondary),
    );
  }
  buttons.push(
    new ButtonBuilder()
      .setCustomId(ids.sheetForm.build({ kind: "done", characterId }))
      .setLabel("Done")
      .setStyle(ButtonStyle.Success),
  );
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < buttons.length; i += 5)
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(i, i + 5)));
  return rows;
}

// ---- the handlers /character create and edit use ------------------------------

/**
 * /character create without `sheet`: the first step's modal; the character is created when it is submitted.
 * The name and owner wait in the store under a short id, the one the modal's custom id carries.
 */
export async function openCreateForm(
  i: ChatInputCommandInteraction,
  s: Services,
  name: string,
  ownerId: string | null,
): Promise<void> {
  const f = await sheetForm(s, actorOf(i));
  const draftId = await openDraft(s, actorOf(i), { name, ownerId });
  await i.showModal(
    sheetModal(ids.sheetForm.build({ kind: "new", draftId }), `${name.trim()}: ${f.system}`, f.fields, 1, true),
  );
}

/** /character edit without `sheet` (or a step's button): that step's modal with the sheet's current values. */
export async function openEditForm(
  i: ChatInputCommandInteraction | ButtonInteraction,
  s: Services,
  name: string | null,
  step = 1,
): Promise<void> {
  const f = await sheetForm(s, actorOf(i), name);
  const c = f.character!;
  if (step < 1 || step > stepsOf(f.fields))
    throw new UserError("That step is not part of this sheet: nothing was changed.");
  await i.showModal(
    sheetModal(
      ids.sheetForm.build({ kind: "step", characterId: c.id, step }),
      `${c.name}: ${f.system}`,
      f.fields,
      step,
    ),
  );
}

/** A step's modal submitted: create (first step of a new sheet) or save the step, then offer the other steps. */
export async function submitForm(i: ModalSubmitInteraction, s: Services): Promise<void> {
  const actor = actorOf(i);
  const id = ids.sheetForm.parse(i.customId);
  if (!id || id.kind === "done") throw new StaleError("This form is no longer in use: nothing was changed.");
  if (id.kind === "new") {
    const blank = await sheetForm(s, actor);
    const v = await createFromDraft(s, actor, id.draftId, typedIn(i, blank.fields, 1));
    const f = await sheetForm(s, actor, v.character.id);
    return respond(i, {
      embeds: [characterEmbed(v, `Created: ${v.character.name}`, filledLines(v))],
      components: stepButtons(v.character.id, f.fields, 1),
    });
  }
  const { characterId, step } = id;
  const before = await sheetForm(s, actor, characterId);
  const v = await editCharacter(s, actor, { name: characterId, fields: typedIn(i, before.fields, step) });
  const after = await sheetForm(s, actor, characterId);
  const fight = appliedWords(v.fight);
  const payload = {
    embeds: [
      characterEmbed(
        v,
        `Updated: ${v.character.name} (step ${step} of ${stepsOf(after.fields)})`,
        fight ? [fight] : [],
      ),
    ],
    components: stepButtons(characterId, after.fields, step),
  };
  if (i.isFromMessage()) await i.update(payload);
  else await respond(i, payload);
}

/** A step's button opens its modal; Done leaves the sheet as it stands. */
export async function pressForm(i: ButtonInteraction, s: Services): Promise<void> {
  const id = ids.sheetForm.parse(i.customId);
  if (!id || id.kind === "new") throw new StaleError("This button is no longer in use: nothing was changed.");
  if (id.kind === "step") return openEditForm(i, s, id.characterId, id.step);
  await sheetForm(s, actorOf(i), id.characterId);
  await i.update({ components: [] });
}
