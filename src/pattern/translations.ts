/**
 * Ruby regexp sources the recognizer and the helpers read as regexps (a string requirement, a
 * `Regexp.union` list under a glob), translated behind one function so that an app serving a
 * built table (src/built.ts) carries no translator: ruby-regexp.ts installs itself when it loads
 * (every draw loads it), and a built table brings the translations its requirements need
 * (`rememberTranslations`). Pure by key: a translation is a function of its source alone.
 */
import type { Translation } from "./ruby-regexp.js";

const known = new Map<string, Translation | null>();
let translator: ((source: string) => Translation | null) | undefined;

/** Installs the translator (ruby-regexp.ts, as it loads). */
export function installTranslator(translate: (source: string) => Translation | null): void {
  translator = translate;
}

/** Translations made when a table was built, by source (null: Ruby's reading cannot be expressed). */
export function rememberTranslations(entries: readonly (readonly [string, Translation | null])[]): void {
  for (const [source, translation] of entries) known.set(source, translation);
}

/** The translation of a Ruby regexp source (no flags), or null where JavaScript cannot express Ruby's reading of it. */
export function translated(source: string): Translation | null {
  const hit = known.get(source);
  if (hit !== undefined) return hit;
  if (translator !== undefined) return translator(source);
  if (known.has(source)) return null;
  throw new Error(
    `The Ruby regexp ${JSON.stringify(source)} of a requirement was not translated when this route table was built: run \`switchyard build\` again`,
  );
}
