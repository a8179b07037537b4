// "Try a fight": for each rule system, two sheets and the monsters a referee would type, and the
// commands that set the fight up (a referee and two players). The page runs them through
// /_local/command; test/local/try-fight.test.ts runs the same ones through the same path.
export const FIGHTS = {
  bx: {
    sheets: [
      "class=fighter level=2 str=16 hp=14 ac=4 weapons=sword:1d8",
      "class=cleric level=2 wis=15 hp=10 ac=5 weapons=mace:1d6",
    ],
    monsters: "3 goblins",
  },
  "bx-house": {
    sheets: [
      "class=fighter level=2 str=16 hp=14 ac=4 weapons=sword:1d8",
      "class=cleric level=2 wis=15 hp=10 ac=5 weapons=mace:1d6",
    ],
    monsters: "3 goblins",
  },
  "third-age": {
    sheets: ["body=2 hp=10 weapons=longsword:1d8", "body=1 hp=8 weapons=spear:1d6"],
    monsters: "2 goblins",
  },
  siege: {
    sheets: [
      "class=fighter level=3 str=14 dex=13 ac=14 hpMax=20 weapons=longsword:1d8",
      "class=fighter level=2 str=13 ac=15 hpMax=16 weapons=axe:1d8",
    ],
    monsters: "2 orcs",
  },
  "life-guard": {
    sheets: ["life=6 guard=3 weapons=sword:d8", "life=5 guard=2 weapons=spear:d6"],
    monsters: "2 standard",
  },
};

/** The commands that set up a fight of `system` (B/X for one without a fight here), as [user, line]. */
export function fightSteps(system) {
  const fight = FIGHTS[system] ?? FIGHTS.bx;
  return [
    ["alice", `/campaign start system:${system} name:"First fight"`],
    ["bob", `/character create name:Wren sheet:"${fight.sheets[0]}"`],
    ["carol", `/character create name:Tamsin sheet:"${fight.sheets[1]}"`],
    ["alice", `/encounter start monsters:"${fight.monsters}" surprise:false`],
  ];
}
