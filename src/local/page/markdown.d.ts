// Types of markdown.js (a plain module the playground page loads as it is).
export declare const esc: (s: unknown) => string;
export declare function md(
  text: string,
  names?: { user?: (id: string) => string | null | undefined; channel?: (id: string) => string | null | undefined },
): string;
