import { flagFree } from "../../pattern/regexp.js";

/** A class table's value for an accepted `%`, `?` or `#`, and for an accepted `/` (see `CharClass#table`). */
export const MARK = 2;
const SLASH_MARK = 3;

/** A one-character class `X` of a requirement `X+`, as the walk tests it (see `singleCharMatcher`). */
export interface CharClass {
  /** Which ASCII characters `X` accepts: non-zero; `MARK` for `%`, `?` and `#`, `SLASH_MARK` for `/`. */
  readonly table: Uint8Array;
  /** Tests one character beyond ASCII. */
  readonly element: RegExp;
  /**
   * `X` accepts every character but `/`, `.`, `?` and other ASCII punctuation: every letter and
   * digit, and everything beyond ASCII (`[^\/]`, `[^\/.]`). Its run is scanned as a word is:
   * only characters at or below `/`, and `?`, need the table (see `classRun`).
   */
  readonly broad: boolean;
}

/**
 * For a requirement of the form `X+` where `X` matches one character (`[...]`, `\d`, `\w`, `.`,
 * ...): its `CharClass`. A normalized request path is ASCII, so the table decides membership
 * exactly and the matcher runs no regexp for the segment. Null otherwise.
 */
export function singleCharMatcher(req: RegExp): CharClass | null {
  const m = /^(\[(?:\\.|[^\]\\])*\]|\\[dDwWsS]|\.)\+$/.exec(req.source);
  if (!m) return null;
  let re: RegExp;
  try {
    re = new RegExp(
      `^(?:${flagFree(m[1]!, req.flags.includes("i"), req.flags.includes("s"))})$`,
      req.flags.includes("u") ? "u" : "",
    );
  } catch {
    return null;
  }
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = re.test(String.fromCharCode(c)) ? 1 : 0;
  // An accepted `%`, `?` or `#` is 2: a raw-path walk must note it (see `walkClasses`), and one
  // table load tells it so where three compares per character did. An accepted `/` is 3: on a raw
  // path, one that ends the run or precedes another is what normalizing removes.
  for (const c of [35, 37, 63]) if (table[c] === 1) table[c] = MARK;
  if (table[47] === 1) table[47] = SLASH_MARK;
  let broad = NEGATED_ASCII.test(re.source);
  for (let c = 48; c < 128 && broad; c++) if (table[c] === 0 && c !== 63) broad = false;
  return { table, element: re, broad };
}

/**
 * A flag-free element that is a negated class of ASCII characters only (escapes only of
 * punctuation and of `\n`-like controls: no `\d`, `\s`, `\p{..}`, `\u..`): it accepts every
 * character beyond ASCII.
 */
const NEGATED_ASCII = /^\^\(\?:\[\^(?:\\[!-\/:-@[-`{-~nrtfv]|[ -\[^-~])*\]\)\$$/;
