/** Player-facing help for the dice notation (shown by the /roll help). */
export const DICE_HELP = `**Dice notation**
\`1d20+5\` roll and add · \`d20\` = 1d20 · \`d%\` = 1d100
\`+ - * /\` with parentheses; \`/\` is integer division rounding toward zero (7/2 = 3, -7/2 = -3)
\`4d6kh3\` (or \`4d6k3\`) keep highest · \`2d20kl1\` keep lowest · \`4d6dl1\` drop lowest · \`4d6dh1\` drop highest
\`1d6!\` explode on max · \`1d10!>8\` explode on 8 or more (\`!<2\`, \`!=5\`)
\`1d20r1\` reroll 1s (again and again) · \`4d6r<2\` reroll 2 or less · \`1d20ro1\` reroll once
\`5d6>4\` count dice of 4 or more · \`5d6<2\` count dice of 2 or less · \`10d10>8f1\` successes minus 1s
\`1d20+5 [to hit]\` label · \`1d20+5; 1d8+3\` several rolls · \`6x 3d6\` repeat (up to 20)
Limits: 1,000 dice per command (explosions and rerolls count), d1,000,000, 200 characters, 10 nested parentheses.`;
