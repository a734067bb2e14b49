/**
 * A radio group's one Tab stop (WAI-ARIA radio group): the choice checked, else the first; the
 * arrows move between the choices. Chromium gave a group with nothing checked (a gender not given
 * yet) a Tab stop on each choice: Tab went Male, Female, then on.
 */
export function radioTabIndex(
  value: string | null | undefined,
  option: string,
  options: readonly string[],
): number {
  const stop = value !== null && value !== undefined && options.includes(value) ? value : options[0];
  return option === stop ? 0 : -1;
}
