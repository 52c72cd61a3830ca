/**
 * Prints values as Node's `util.inspect(v, { breakLength: Infinity })` prints them, which is how
 * the route sheet shows constraints and defaults (`{ id: /\d+/, format: 'json' }`).
 * RegExps are printed with Ruby's source rules (an escaped `/` shows as `/`), so a constraint
 * reads the same in switchyard's sheet as in `rails routes`.
 */
import { rubyFormOf } from "./regexp-forms.js";

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function inspectValue(v: unknown): string {
  if (v instanceof RegExp) {
    // A RegExp translated from a Ruby regexp shows as that regexp, its `m` as JavaScript's `s`;
    // Ruby's `x`, which JavaScript has no flag for, as `x`.
    const ruby = rubyFormOf(v);
    if (ruby)
      return `/${ruby.source}/${ruby.flags.includes("i") ? "i" : ""}${ruby.flags.includes("m") ? "s" : ""}${ruby.flags.includes("x") ? "x" : ""}`;
    return `/${rubySource(v.source)}/${rubyFlags(v.flags)}`;
  }
  if (typeof v === "string") return quote(v);
  if (v === null || v === undefined) return "null";
  if (typeof v === "symbol") return quote(v.description ?? "");
  if (Array.isArray(v)) return v.length === 0 ? "[]" : `[ ${v.map(inspectValue).join(", ")} ]`;
  if (typeof v === "function") return v.name ? `[Function: ${v.name}]` : "[Function (anonymous)]";
  if (typeof v === "object") {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) return "{}";
    return `{ ${entries.map(([k, x]) => `${IDENT.test(k) ? k : quote(k)}: ${inspectValue(x)}`).join(", ")} }`;
  }
  return String(v);
}

function quote(s: string): string {
  return "'" + s.replace(/\\/g, "\\\\").replace(/'/g, "\\'") + "'";
}

/** JS always escapes `/` in `RegExp#source`; Ruby shows it bare. */
function rubySource(source: string): string {
  let out = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\" && i + 1 < source.length) {
      const next = source[i + 1]!;
      out += next === "/" ? "/" : c + next;
      i++;
    } else out += c;
  }
  return out;
}

function rubyFlags(flags: string): string {
  return (flags.includes("i") ? "i" : "") + (flags.includes("s") ? "s" : "");
}
