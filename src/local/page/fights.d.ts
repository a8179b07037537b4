// Types of fights.js (a plain module the playground page loads as it is).
export declare const FIGHTS: Record<string, { sheets: [string, string]; monsters: string }>;
export declare function fightSteps(system: string): [user: string, line: string][];
