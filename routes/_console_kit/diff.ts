/**
 * The word diff, typed for the server's screens. Its code is the browser module static/diff.js, so the live
 * preview beside a definition being edited and the approval screens' rendered diffs can never disagree.
 */
import { wordDiff as jsWordDiff } from "./static/diff.js";

/** A run of the diff: kept (`=`), removed (`-`) or added (`+`) text. */
export interface DiffPart {
  op: "=" | "-" | "+";
  text: string;
}

/** The runs that turn `before` into `after`, word by word; adjacent runs of one kind are merged. */
export const wordDiff: (before: string, after: string) => DiffPart[] = jsWordDiff;
