/** /encounter join retainer: a retainer fights on the party's side, controlled by their employer. */
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { UserError } from "../errors.js";
import { requireOwnerOrReferee } from "../permissions.js";
import { addRows, bumpEncounter, refuseSlain, surprisedNote, type EncounterEvent } from "../encounters/index.js";
import { loadFight, requireFight } from "../encounters/load.js";
import { requireRetainer } from "./find.js";
import { sheetCodecFor } from "../codecs/sheets.js";

export async function joinRetainer(s: Services, actor: Actor, input: { name: string }): Promise<EncounterEvent> {
  return s.store.db.$transaction(async (tx) => {
    const fight = await requireFight(tx, actor);
    const r = await requireRetainer(tx, fight.campaign, input.name, ["active"]);
    requireOwnerOrReferee(fight.campaign, actor, r.employerId, `<@${r.employerId}>'s`);
    if (fight.rows.some((c) => c.retainerId === r.id || c.name.toLowerCase() === r.name.toLowerCase()))
      throw new UserError(`${r.name} is already in "${fight.encounter.name}".`);
    refuseSlain(fight, r.name, r.state);
    const added = await addRows(tx, fight, [
      {
        name: r.name,
        side: "party",
        kind: "retainer",
        sheet: sheetCodecFor(fight.system).decode(r.sheet),
        retainerId: r.id,
        controllerId: r.employerId,
      },
    ]);
    await bumpEncounter(tx, fight.encounter);
    return {
      fight: await loadFight(tx, fight.campaign, fight.encounter),
      results: [],
      notes: [
        `${r.name} (retainer of <@${r.employerId}>) joins the fight.`,
        ...surprisedNote(added.surprised, "party"),
      ],
    };
  });
}
