/** `%`, `_` and `\` typed by the user match themselves, not "anything", in a SQL `like` pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
