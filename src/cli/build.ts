/**
 * `switchyard build`: the application's route table written as a module of data
 * (`config/routes.built.js` and its `.d.ts`), which a deployed app imports instead of drawing its
 * route files: no DSL, no path parser, no Ruby regexp translation at start, and none of them in a
 * bundle (see src/built.ts for the format and what it refuses).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type BuiltSource, builtTableData } from "../built.js";
import type { RouteSet } from "../route-set.js";

/** The module and its declarations, as `switchyard build` writes them. */
export interface BuiltModule {
  readonly js: string;
  readonly dts: string;
}

/**
 * The built module of `routes`, drawn from `files` (the route files, absolute), to be written at
 * `out`: it records each file's hash so that importing it outside production notices an edit.
 * Throws the `ArgumentError` of `builtTableData` for a table holding functions.
 */
export function renderBuiltModule(routes: RouteSet, files: readonly string[], out: string): BuiltModule {
  const sources: BuiltSource[] = files.map((file) => ({
    file: path.relative(path.dirname(out), file).split(path.sep).join("/"),
    sha256: createHash("sha256").update(fs.readFileSync(file)).digest("hex"),
  }));
  const data = builtTableData(routes, sources);
  const named = sources.map((s) => s.file).join(", ");
  const js = `// Written by \`switchyard build\` from ${named}: the route table as data, loaded without drawing it.
// Do not edit. Run \`switchyard build\` again after changing a route file: outside production
// (NODE_ENV), importing this module throws when one changed.
${
  data.linear
    ? `import { builtRoutes, linearMatcher } from "switchyard";

// (A route's regexp could backtrack: recognition runs it in the linear matcher.)
export default builtRoutes(JSON.parse(${JSON.stringify(JSON.stringify(data))}), import.meta.url, { linearMatcher });`
    : `import { builtRoutes } from "switchyard";

export default builtRoutes(JSON.parse(${JSON.stringify(JSON.stringify(data))}), import.meta.url);`
}
`;
  const dts = `// Written by \`switchyard build\`: the route table of ${named}.
import type { RouteSet } from "switchyard";

declare const routes: RouteSet;
export default routes;
`;
  return { js, dts };
}

/** Where the declarations of a module go: `routes.built.js` -> `routes.built.d.ts` (`.mjs` -> `.d.mts`). */
export function declarationsBeside(out: string): string {
  const ext = path.extname(out);
  return out.slice(0, out.length - ext.length) + ".d" + (ext.endsWith("js") ? ext.replace(/js$/, "ts") : ".ts");
}
