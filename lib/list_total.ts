/** How many rows a console list's filters match, counted cheaply. */

/**
 * A list's total as a console shows it: the count of matching rows, or `capped` when more than `count` match
 * (the console writes "10,000+"). The cap keeps the count cheap: counting stops at the cap instead of scanning
 * every matching row of a huge table on each page a person turns, and past ten thousand the exact figure helps
 * nobody choose a filter.
 */
export interface Total {
  count: number;
  capped: boolean;
}

/** How far a console's list total counts. */
export const TOTAL_CAP = 10_000;

/** The total of a count made with `limit TOTAL_CAP + 1`. */
export function totalOf(counted: number): Total {
  return counted > TOTAL_CAP ? { count: TOTAL_CAP, capped: true } : { count: counted, capped: false };
}
