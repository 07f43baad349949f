/** `text` inside a LIKE pattern, its own % _ and \ taken literally (LIKE's default escape). */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
