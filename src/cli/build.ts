/**
 * `switchyard build`: the application's route table written as a module of data
 * (`config/routes.built.js` and its `.d.ts`), which a deployed app imports instead of drawing its
 * route files: no DSL, no path parser, no Ruby regexp translation, no compiling of the recognizer
 * at start, and none of them in a bundle (see src/built.ts for the format and what it refuses).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type BuiltSource, type BuiltTableData, builtTableData } from "../built.js";
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
  const dts = `// Written by \`switchyard build\`: the route table of ${named}.
import type { RouteSet } from "switchyard";

declare const routes: RouteSet;
export default routes;
`;
  return { js: builtModuleSource(data), dts };
}

/** The text of the module holding `data`: it imports from "switchyard" only what its routes need beside `builtRoutes`. */
export function builtModuleSource(data: BuiltTableData): string {
  const machinery = [
    ...(data.linear ? ["linearMatcher"] : []),
    ...(data.recognizer === null ? ["compileRecognizer"] : []),
  ];
  const notes = [
    ...(data.linear ? ["// (A route's regexp could backtrack: recognition runs it in the linear matcher.)\n"] : []),
    ...(data.recognizer === null
      ? ["// (Its recognizer could not be written as data: it is compiled at load, by compileRecognizer.)\n"]
      : []),
  ];
  return `// Written by \`switchyard build\` from ${data.sources.map((s) => s.file).join(", ")}: the route table as data${
    data.recognizer === null ? "," : ", with its compiled\n// recognizer,"
  } loaded without drawing it.
// Do not edit. Run \`switchyard build\` again after changing a route file: outside production
// (NODE_ENV), importing this module throws when one changed.
import { ${["builtRoutes", ...machinery].join(", ")} } from "switchyard";
${notes.length > 0 ? `\n${notes.join("")}` : "\n"}export default builtRoutes(JSON.parse(${JSON.stringify(JSON.stringify(data))}), import.meta.url${
    machinery.length > 0 ? `, { ${machinery.join(", ")} }` : ""
  });
`;
}

/** Where the declarations of a module go: `routes.built.js` -> `routes.built.d.ts` (`.mjs` -> `.d.mts`). */
export function declarationsBeside(out: string): string {
  const ext = path.extname(out);
  return out.slice(0, out.length - ext.length) + ".d" + (ext.endsWith("js") ? ext.replace(/js$/, "ts") : ".ts");
}
