/**
 * `switchyard routes --verify [GLOB...]`: every `p(...)` and p`...` of the application's source
 * checked against its routes, as `tsc` checks the call form once `switchyard types` has run — for
 * JavaScript, for the tagged form (whose pieces TypeScript does not type), and for CI.
 *
 * The source is read with oxc-parser, a parser made for tools that read code without compiling
 * it: TypeScript, TSX, JavaScript and JSX by the file's extension, and a module record that names
 * each import's bindings. It is switchyard's own dependency, so `--verify` works whatever
 * TypeScript the application has — 5, 7 (whose package has no compiler API) or none — and a
 * tokenizer of our own would have to follow template nesting, regexp literals and JSX, which is
 * the parser's job. (@babel/parser reads the same syntax in pure JavaScript, but its current line
 * needs Node 22; oxc-parser ships a binary per platform with a WebAssembly fallback and parses an
 * application in milliseconds.) Only files that import `p` from `switchyard` are read for calls
 * (under whatever local name, or as `ns.p` of a namespace import), so a local function named `p`
 * is left alone.
 */
import fs from "node:fs";
import path from "node:path";
import type { Expression, Program, TemplateLiteral } from "oxc-parser";
import { glob } from "tinyglobby";
import { matchPath, pathTree, type PathTemplate } from "../generate/verified-path.js";
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

type Parser = typeof import("oxc-parser");

/** A file the parser could not read: where, and its first error. */
interface ParseFailure {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** The parser's language for a file: by extension, JSX allowed in JavaScript as TypeScript's own reading of .js allows it. */
function langOf(file: string): "ts" | "tsx" | "jsx" {
  if (/\.[cm]?ts$/.test(file)) return "ts";
  if (/\.tsx$/.test(file)) return "tsx";
  return "jsx";
}

/** The local names `p` is imported under from `switchyard`, and the names of namespace imports of it. */
function importsOfP(parser: Parser, imports: ReturnType<Parser["parseSync"]>["module"]["staticImports"]) {
  const names = new Set<string>();
  const namespaces = new Set<string>();
  for (const st of imports) {
    if (st.moduleRequest.value !== "switchyard") continue;
    for (const entry of st.entries) {
      if (entry.isType) continue;
      if (entry.importName.kind === parser.ImportNameKind.NamespaceObject) namespaces.add(entry.localName.value);
      else if (entry.importName.kind === parser.ImportNameKind.Name && entry.importName.name === "p")
        names.add(entry.localName.value);
    }
  }
  return { names, namespaces };
}

/** A template literal's pieces around each `${...}` (their cooked text, as the string at run time has it). */
function templatePieces(template: TemplateLiteral): PathTemplate {
  return template.quasis.map((q) => q.value.cooked ?? q.value.raw);
}

/**
 * The `p` calls of one file's source, or the parser's first error: a file that does not parse
 * cannot be verified, and is reported rather than passed over.
 */
export function findPathUses(parser: Parser, file: string, source: string): PathUse[] | ParseFailure {
  const lineStarts = [0];
  for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const at = (offset: number): { line: number; column: number } => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };
  const result = parser.parseSync(file, source, { lang: langOf(file), preserveParens: false });
  const error = result.errors[0];
  if (error !== undefined) {
    return { file, ...at(error.labels[0]?.start ?? 0), message: error.message };
  }
  const { names, namespaces } = importsOfP(parser, result.module.staticImports);
  if (names.size === 0 && namespaces.size === 0) return [];

  const isP = (callee: Expression): boolean =>
    (callee.type === "Identifier" && names.has(callee.name)) ||
    (callee.type === "MemberExpression" &&
      !callee.computed &&
      callee.object.type === "Identifier" &&
      namespaces.has(callee.object.name) &&
      callee.property.type === "Identifier" &&
      callee.property.name === "p");
  const uses: PathUse[] = [];
  const use = (node: { start: number; end: number }, pieces: PathTemplate | null): void => {
    const text = source.slice(node.start, node.end).split("\n")[0]!;
    uses.push({ file, ...at(node.start), text, pieces });
  };
  new parser.Visitor({
    CallExpression(node) {
      if (!isP(node.callee)) return;
      const arg = node.arguments[0];
      if (arg?.type === "Literal" && typeof arg.value === "string") use(node, [arg.value]);
      else if (arg?.type === "TemplateLiteral") use(node, templatePieces(arg));
      else use(node, null);
    },
    TaggedTemplateExpression(node) {
      if (isP(node.tag)) use(node, templatePieces(node.quasi));
    },
  }).visit(result.program as Program);
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
): Promise<{ text: string; found: number }> {
  const parser = await import("oxc-parser");
  const tree = pathTree(routes);
  const lines: string[] = [];
  let count = 0;
  let unparsed = 0;
  for (const file of files) {
    const found = findPathUses(parser, file, fs.readFileSync(path.resolve(cwd, file), "utf8"));
    if (!Array.isArray(found)) {
      lines.push(
        `${found.file}:${found.line}:${found.column}  does not parse (${found.message}): its paths cannot be verified`,
      );
      unparsed++;
      continue;
    }
    for (const use of found) {
      count++;
      const problem =
        use.pieces === null
          ? "not a literal path: give p a string or a template literal to verify it"
          : matchPath(tree, use.pieces)
            ? null
            : "no route matches";
      if (problem !== null) lines.push(`${use.file}:${use.line}:${use.column}  ${use.text}  ${problem}`);
    }
  }
  const checked = `${count} path${count === 1 ? "" : "s"} in ${files.length} file${files.length === 1 ? "" : "s"}`;
  const summary =
    lines.length === 0
      ? `Every path matches a route (${checked}).`
      : `${lines.length - unparsed} of ${checked} failed verification${unparsed === 0 ? "" : `; ${unparsed} file${unparsed === 1 ? " does" : "s do"} not parse`}.`;
  return { text: [...lines, summary].join("\n"), found: lines.length };
}
