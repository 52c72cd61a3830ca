/**
 * `switchyard routes --verify [GLOB...]`: every `p(...)` and p`...` of the application's source
 * checked against its routes, as `tsc` checks the call form once `switchyard types` has run — for
 * JavaScript, for the tagged form (whose pieces TypeScript does not type), and for CI.
 *
 * The source is read with the TypeScript compiler's parser (no type-checking: one parse per file),
 * the application's own `typescript` when it has one, else switchyard's: a tokenizer of our own
 * would have to follow template nesting, regexp literals and JSX to find the calls, which is the
 * parser's job. Only files that import `p` from `switchyard` are read for calls (under whatever
 * local name, or as `ns.p` of a namespace import), so a local function named `p` is left alone.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { glob } from "tinyglobby";
import type * as TS from "typescript";
import { matchPath, pathShapes, type PathTemplate } from "../generate/verified-path.js";
import type { Route } from "../table/route.js";

/** What `--verify` reads without a GLOB: the application's app/ and config/ source. */
export const DEFAULT_VERIFY_GLOBS: readonly string[] = [
  "app/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}",
  "config/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}",
];

/** One `p` call in the source. */
export interface PathUse {
  /** The file, relative to the directory the globs are read from. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The call as written (its first line). */
  readonly text: string;
  /** The path's literal pieces around each `${...}`, or null when the argument is not a literal path. */
  readonly pieces: PathTemplate | null;
}

/** Loads the TypeScript compiler: the application's (resolved from `root`), else switchyard's own install. */
async function loadTypeScript(root: string): Promise<typeof TS> {
  for (const from of [path.join(root, "package.json"), import.meta.url]) {
    try {
      const resolved = createRequire(from).resolve("typescript");
      const mod = (await import(resolved)) as { default?: typeof TS } & typeof TS;
      return mod.default ?? mod;
    } catch {
      // not installed there
    }
  }
  throw new Error(
    `switchyard routes --verify reads the source with the TypeScript compiler, which is not installed: run \`npm install --save-dev typescript\` in ${root}`,
  );
}

/** The `p` calls of one file's source. */
export function findPathUses(ts: typeof TS, file: string, source: string): PathUse[] {
  const kind = /\.[cm]?tsx$|\.jsx$/.test(file)
    ? ts.ScriptKind.TSX
    : /\.[cm]?js$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const names = new Set<string>();
  const namespaces = new Set<string>();
  for (const st of sf.statements) {
    if (
      !ts.isImportDeclaration(st) ||
      !ts.isStringLiteral(st.moduleSpecifier) ||
      st.moduleSpecifier.text !== "switchyard"
    )
      continue;
    const bindings = st.importClause?.namedBindings;
    if (bindings === undefined) continue;
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else for (const el of bindings.elements) if ((el.propertyName ?? el.name).text === "p") names.add(el.name.text);
  }
  if (names.size === 0 && namespaces.size === 0) return [];

  const isP = (callee: TS.Expression): boolean =>
    (ts.isIdentifier(callee) && names.has(callee.text)) ||
    (ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      namespaces.has(callee.expression.text) &&
      callee.name.text === "p");
  const piecesOf = (arg: TS.Node | undefined): PathTemplate | null => {
    if (arg === undefined) return null;
    if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return [arg.text];
    if (ts.isTemplateExpression(arg)) return [arg.head.text, ...arg.templateSpans.map((s) => s.literal.text)];
    return null;
  };
  const uses: PathUse[] = [];
  const visit = (node: TS.Node): void => {
    let pieces: PathTemplate | null | undefined;
    if (ts.isCallExpression(node) && isP(node.expression)) pieces = piecesOf(node.arguments[0]);
    else if (ts.isTaggedTemplateExpression(node) && isP(node.tag)) pieces = piecesOf(node.template);
    if (pieces !== undefined) {
      const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      uses.push({ file, line: line + 1, column: character + 1, text: node.getText(sf).split("\n")[0]!, pieces });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return uses;
}

/** The files the globs name under `cwd` (node_modules and dist left out), sorted. */
export async function verifyFiles(cwd: string, globs: readonly string[]): Promise<string[]> {
  const files = await glob([...globs], {
    cwd,
    ignore: ["**/node_modules/**", "**/dist/**", "**/*.d.ts"],
    onlyFiles: true,
  });
  return files.sort();
}

/** The `--verify` report of every `p` use in `files` (relative to `cwd`): its text, and how many match no route. */
export async function verifyPaths(
  routes: readonly Route[],
  cwd: string,
  files: readonly string[],
  root: string,
): Promise<{ text: string; found: number }> {
  const ts = await loadTypeScript(root);
  const shapes = pathShapes(routes);
  const lines: string[] = [];
  let count = 0;
  for (const file of files) {
    for (const use of findPathUses(ts, file, fs.readFileSync(path.resolve(cwd, file), "utf8"))) {
      count++;
      const problem =
        use.pieces === null
          ? "not a literal path: give p a string or a template literal to verify it"
          : matchPath(shapes, use.pieces)
            ? null
            : "no route matches";
      if (problem !== null) lines.push(`${use.file}:${use.line}:${use.column}  ${use.text}  ${problem}`);
    }
  }
  const checked = `${count} path${count === 1 ? "" : "s"} in ${files.length} file${files.length === 1 ? "" : "s"}`;
  const summary =
    lines.length === 0
      ? `Every path matches a route (${checked}).`
      : `${lines.length} of ${checked} failed verification.`;
  return { text: [...lines, summary].join("\n"), found: lines.length };
}
