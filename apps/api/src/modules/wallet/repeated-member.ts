/**
 * A member named twice in one object of JSON text: its name, and the names of the members that lead
 * to that object (arrays passed through); undefined when every object names each member once.
 * JSON.parse keeps the last of two silently (RFC 8259 §4 leaves duplicate names to the reader), so
 * a wallet's answer that names a query, or a parameter, twice would be read as one of them and the
 * other never seen. For text JSON.parse took: read for its strings and brackets only.
 */
export function repeatedMember(text: string): { name: string; path: string[] } | undefined {
  /** An object open at this point (`keys`, and whether a member's name comes next), or an array. */
  type Open = { keys: Set<string>; expectsName: boolean; lastName?: string } | { keys: null };
  const open: Open[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"') {
      const start = index;
      for (index += 1; index < text.length; index += 1) {
        if (text[index] === '\\') index += 1;
        else if (text[index] === '"') break;
      }
      const inner = open.at(-1);
      if (!inner?.keys || !inner.expectsName) continue;
      // Decoded, so that a name written with escapes ("\u0073tatement") is the name it spells.
      const name = JSON.parse(text.slice(start, index + 1)) as string;
      if (inner.keys.has(name))
        return {
          name,
          path: open
            .slice(0, -1)
            .flatMap((outer) => (outer.keys && outer.lastName !== undefined ? [outer.lastName] : [])),
        };
      inner.keys.add(name);
      inner.lastName = name;
      inner.expectsName = false;
    } else if (char === '{') open.push({ keys: new Set(), expectsName: true });
    else if (char === '[') open.push({ keys: null });
    else if (char === '}' || char === ']') open.pop();
    else if (char === ',') {
      const inner = open.at(-1);
      if (inner?.keys) inner.expectsName = true;
    }
  }
  return undefined;
}
