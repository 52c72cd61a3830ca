/**
 * How Minitest 5 words a failed assertion, so that switchyard's routing assertions fail with the
 * text Rails' do: `message` (a custom message, then the default, then the ending) and `diff`
 * (`Expected: x\n  Actual: y` for short values, else a unified diff of their `inspect` forms, as
 * Minitest gets from `diff -u`).
 */

/** A message, or a function making it when the assertion fails (Minitest's Proc messages). */
export type Message = string | (() => string) | undefined | null;

/** `Minitest::Assertions#message(msg, ending) { default }`, evaluated. */
export function message(msg: Message, ending: string | null, fallback: () => string): string {
  const custom = typeof msg === "function" ? chompDot(msg()) : msg;
  const prefix = custom === undefined || custom === null || custom === "" ? "" : `${custom}.\n`;
  return `${prefix}${fallback()}${ending ?? "."}`;
}

/** Ruby's `chomp(".")`: one trailing dot removed. */
const chompDot = (s: string) => (s.endsWith(".") ? s.slice(0, -1) : s);

/** Ruby's `String#size`: code points, not UTF-16 units. */
export const rubySize = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/**
 * `mu_pp_for_diff`: an inspected value whose escaped newlines (`\n` inside quotes) become real
 * ones when only one kind is present, so a multi-line string diffs line by line.
 */
function forDiff(inspected: string): string {
  const single = /(?<!\\|^)\\n/.test(inspected);
  const double = /(?<=\\|^)\\n/.test(inspected);
  const process =
    single !== double
      ? single
        ? (s: string) => (s === "\\n" ? "\n" : s)
        : (s: string) => (s === "\\\\n" ? "\\n" : s)
      : (s: string) => s;
  return inspected.replace(/\\?\\n/g, process).replace(/:0x[a-fA-F0-9]{4,}/g, ":0xXXXXXX");
}

/**
 * `Minitest::Assertions#diff(exp, act)` on the `inspect` forms of the two values (`inspectOf`
 * prints a value as Ruby would). `className` names the expected value's class for the "No visible
 * difference" text.
 */
export function diff(expected: string, actual: string, className: string): string {
  const e = forDiff(expected);
  const a = forDiff(actual);
  const needDiff =
    e.includes("\n") !== e.includes("\\n") ||
    a.includes("\n") !== a.includes("\\n") ||
    rubySize(e) > 30 ||
    rubySize(a) > 30 ||
    e === a;
  if (!needDiff) return `Expected: ${expected}\n  Actual: ${actual}`;
  const result = unifiedDiff(e, a);
  if (result !== "") return result;
  return `No visible difference in the ${className}#inspect output.\nYou should look at the implementation of #== on ${className} or its members.\n${e}`;
}

/**
 * `diff -u` of two texts (each written with a final newline, as Minitest writes them), its file
 * header lines replaced by `--- expected` / `+++ actual`. The texts differ in one run of lines
 * here (an `inspect` is one line; a string with newlines in it rarely changes in two places):
 * one hunk with three lines of context, which is what GNU diff prints for a single change. Two
 * separate changes far apart are shown as one hunk where GNU diff prints two.
 */
function unifiedDiff(expected: string, actual: string): string {
  if (expected === actual) return "";
  const x = expected.split("\n");
  const y = actual.split("\n");
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] === y[y.length - 1 - tail]) tail++;
  const before = Math.min(3, head);
  const after = Math.min(3, tail);
  const from = head - before;
  const removed = x.slice(head, x.length - tail);
  const added = y.slice(head, y.length - tail);
  const range = (start: number, count: number) =>
    count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
  const xCount = before + removed.length + after;
  const yCount = before + added.length + after;
  const lines = [
    "--- expected",
    "+++ actual",
    `@@ -${range(from + 1, xCount)} +${range(from + 1, yCount)} @@`,
    ...x.slice(from, head).map((l) => " " + l),
    ...removed.map((l) => "-" + l),
    ...added.map((l) => "+" + l),
    ...x.slice(x.length - tail, x.length - tail + after).map((l) => " " + l),
  ];
  return lines.join("\n") + "\n";
}
