// Every compile error the docs show is the compilers' own text. The examples are found, not
// listed: in README.md and docs/*.md,
//   - a ```ts block with `// error ...` comments: each such line must be an error there (with the
//     code and message shown, when shown: `// error TS2554: Expected 1-3 arguments, but got 0.`, a
//     message running on over `//` lines below it) and every other line must compile;
//   - a ```ts block followed by a ```text block starting `error TS...: ...`: the block must be that
//     one error, its message's first line and every further line shown among the compiler's.
// Each example is compiled as a module of an application whose `switchyard types` declarations
// come from APP below, after the PRELUDE (what a page's examples take as given: `r`, `routes`,
// `id`), by TypeScript 5.9 and by TypeScript 7, which must both print what the page shows.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { draw, renderHelperTypes } from "../../src/index.js";
import { COMPILERS, typecheck } from "./tsc.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The routes the examples are written against (the docs' photos, their comments, galleries). */
const APP = () =>
  draw((r) => {
    r.root("pages#home");
    r.resources("photos", () => {
      r.resources("comments", { only: ["index"] });
    });
    r.resources("galleries", { only: [] }, () => {
      r.resources("comments", { only: ["index"] });
    });
  });

/** What the examples take as given (and `p`, unless the example imports it). */
const PRELUDE = [
  'import type { Mapper, RouteSet } from "switchyard";',
  "declare const r: Mapper;",
  "declare const routes: RouteSet;",
  "declare const id: number;",
  "declare const a: string;",
  "declare const b: string;",
  "",
].join("\n");

interface Expected {
  /** 1-based line in the example's code, or 0: anywhere in it (a ```text block's error). */
  readonly line: number;
  readonly code: string | null;
  /** The message's first line, then lines that must appear among the rest (null: any message). */
  readonly message: readonly string[] | null;
}

interface Example {
  readonly where: string;
  readonly code: string;
  readonly errors: readonly Expected[];
}

/** `error TS2345: text`, `error: text`, `error` (any), after `//` or at the start of a ```text block. */
function parseError(text: string): Omit<Expected, "line"> {
  const m = /^error(?: (TS\d+))?(?::\s*(.*))?/.exec(text)!;
  return { code: m[1] ?? null, message: m[2] === undefined ? null : [m[2].trim()] };
}

function examplesOf(file: string): Example[] {
  const doc = fs.readFileSync(path.join(root, file), "utf8");
  const out: Example[] = [];
  const blocks = /```ts\n((?:(?!```)[\s\S])*)```(?:\n\n```text\n(error[^\n]*\n(?:(?!```)[\s\S])*)```)?/g;
  for (const m of doc.matchAll(blocks)) {
    const where = `${file}:${doc.slice(0, m.index).split("\n").length + 1}`;
    const lines = m[1]!.split("\n");
    if (m[2] !== undefined) {
      const [head, ...rest] = m[2].trimEnd().split("\n");
      const error = parseError(head!);
      out.push({
        where,
        code: m[1]!,
        errors: [{ line: 0, code: error.code, message: [...(error.message ?? []), ...rest.map((l) => l.trim())] }],
      });
      continue;
    }
    const errors: Expected[] = [];
    lines.forEach((line, i) => {
      const comment = /\/\/ (error\b.*)$/.exec(line);
      if (comment === null || /^\s*\/\//.test(line)) return;
      const at = line.indexOf(comment[0]);
      let text = comment[1]!;
      // A message running on over `//` lines aligned below it.
      for (let j = i + 1; j < lines.length; j++) {
        const more = /^(\s*)\/\/\s+(.*)$/.exec(lines[j]!);
        if (more === null || more[1]!.length !== at) break;
        text += ` ${more[2]!.trim()}`;
      }
      errors.push({ line: i + 1, ...parseError(text) });
    });
    if (errors.length > 0) out.push({ where, code: m[1]!, errors });
  }
  return out;
}

const pages = [
  "README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const examples = pages.flatMap(examplesOf);

/** tsc's `--pretty false` output as diagnostics: file, line, code, and the message's lines (trimmed). */
function diagnostics(out: string): { file: string; line: number; code: string; lines: string[] }[] {
  const found: { file: string; line: number; code: string; lines: string[] }[] = [];
  for (const line of out.split("\n")) {
    const m = /^(.*?)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (m) found.push({ file: path.basename(m[1]!), line: Number(m[2]), code: m[3]!, lines: [m[4]!] });
    else if (line.trim() !== "" && found.length > 0) found.at(-1)!.lines.push(line.trim());
  }
  return found;
}

test("the docs show compile errors, and each is found", () => {
  assert.ok(
    examples.some((e) => e.where.startsWith("README.md")) && examples.some((e) => e.where.startsWith("docs/types.md")),
    examples.map((e) => e.where).join(", "),
  );
});

for (const compiler of COMPILERS) {
  test(`${compiler.name} prints each compile error the docs show, where they show it, and nothing else`, () => {
    const offset = PRELUDE.split("\n").length - 1;
    const files = Object.fromEntries(
      examples.map((e, i) => {
        const p = /^import \{[^}]*\bp\b[^}]*\} from "switchyard";$/m.test(e.code)
          ? ""
          : 'import { p } from "switchyard"; ';
        return [`example${i}.ts`, `${p}${PRELUDE}${e.code}\nexport {};\n`];
      }),
    );
    const found = diagnostics(
      typecheck(compiler, path.join(root, "test", "types"), renderHelperTypes(APP()), [], files),
    );
    const problems: string[] = [];
    examples.forEach((example, i) => {
      const mine = found.filter((d) => d.file === `example${i}.ts`).map((d) => ({ ...d, line: d.line - offset }));
      for (const want of example.errors) {
        const at = want.line === 0 ? mine : mine.filter((d) => d.line === want.line);
        const hit = at.find(
          (d) =>
            (want.code === null || d.code === want.code) &&
            (want.message === null ||
              (d.lines[0] === want.message[0] && want.message.slice(1).every((l) => d.lines.includes(l)))),
        );
        if (hit === undefined)
          problems.push(
            `${example.where}, line ${want.line || "(any)"}: the docs show ${want.code ?? "an error"} ${JSON.stringify(want.message)}; ${compiler.name} printed ${JSON.stringify(at.map((d) => [d.code, ...d.lines]))}`,
          );
      }
      const expectedLines = new Set(example.errors.map((e) => e.line));
      for (const d of mine)
        if (!expectedLines.has(d.line) && !expectedLines.has(0))
          problems.push(
            `${example.where}, line ${d.line}: an error the docs do not show: ${d.code} ${d.lines.join(" ")}`,
          );
    });
    assert.deepEqual(problems, []);
  });
}
