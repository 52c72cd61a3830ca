/**
 * Polymorphic routes (polymorphic.ts: `url_for(record)`, `polymorphic_path`, `redirectTo(record)`)
 * as the helpers reach them: installed by the `switchyard` entry on Node, Bun and Deno (index.ts)
 * and, in a Worker's or a browser's bundle, only by `import "switchyard/polymorphic"`
 * (polymorphic-routes.ts). They name a route from a record's class (`Photo` -> `photo_path`), with
 * the inflector's rules: 3.8 KB gzipped of a one-resource Worker's bundle, for what a Worker's rows (D1, Drizzle, Prisma: plain
 * objects, no class) cannot use; `photo_path(row)` needs none of it.
 */
import { ArgumentError } from "../errors.js";
import type * as Polymorphic from "./polymorphic.js";

export type PolymorphicRoutes = Pick<
  typeof Polymorphic,
  "classMethod" | "handleModel" | "polymorphic" | "polymorphicHelper"
>;

let installed: PolymorphicRoutes | undefined;

export function installPolymorphicRoutes(routes: PolymorphicRoutes): void {
  installed = routes;
}

/** The installed polymorphic routes, if any. */
export function installedPolymorphicRoutes(): PolymorphicRoutes | undefined {
  return installed;
}

/** The polymorphic routes, for `call` (what the application asked: `url_for(Photo)`); an ArgumentError saying what to import where they are not installed. */
export function polymorphicRoutes(call: string): PolymorphicRoutes {
  if (installed !== undefined) return installed;
  throw new ArgumentError(
    `${call} needs polymorphic routes (a route named from a record's class), which switchyard's edge build (a Worker's or a browser's bundle) leaves out: add \`import "switchyard/polymorphic";\` once, or call the named helper (photo_path(photo))`,
  );
}
