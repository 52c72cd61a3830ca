// The docs show, for each declaration, the sheet Rails prints for it (docs/dsl.md), and calls with
// their results (README.md, docs/). Every such example runs here, so the docs cannot drift from the code.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { draw, ruby, type Mapper } from "switchyard";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const doc = fs.readFileSync(path.join(projectRoot, "docs/dsl.md"), "utf8");

/** Each ```ts block directly followed by a plain ``` block (the sheet it produces). */
const examples = [...doc.matchAll(/```ts\n((?:(?!```)[\s\S])*)```\n\n```\n((?:(?!```)[\s\S])*)```/g)].map((m) => ({
  code: m[1]!,
  sheet: m[2]!.trimEnd(),
  line: doc.slice(0, m.index).split("\n").length,
}));

// The route file that the `r.draw("admin")` example loads (shown just above it in the doc).
const drawDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-docs-"));
fs.writeFileSync(
  path.join(drawDir, "admin.ts"),
  `import { defineRoutes } from "switchyard";\nexport default defineRoutes((r) => {\n  r.namespace("admin", () => {\n    r.resources("comments", { only: "index" });\n  });\n});\n`,
);

test("docs/dsl.md has an example for every declaration", () => {
  assert.ok(examples.length >= 50, `found ${examples.length} examples`);
  const code = examples.map((e) => e.code).join("\n");
  for (const method of [
    "resources",
    "resource",
    "namespace",
    "scope",
    "controller",
    "constraints",
    "defaults",
    "collection",
    "member",
    "new",
    "nested",
    "shallow",
    "match",
    "get",
    "post",
    "patch",
    "put",
    "delete",
    "options",
    "root",
    "concern",
    "concerns",
    "redirect",
    "mount",
    "draw",
  ]) {
    assert.ok(code.includes(`r.${method}(`), `an example uses r.${method}`);
  }
  for (const option of [
    "only:",
    "except:",
    "path:",
    "as:",
    "controller:",
    "module:",
    "param:",
    "pathNames:",
    "format:",
    "concerns:",
    "shallow:",
    "shallowPath:",
    "shallowPrefix:",
    "constraints:",
    "defaults:",
    "via:",
    "on:",
    "anchor:",
  ]) {
    assert.ok(code.includes(option), `an example uses ${option}`);
  }
});

for (const example of examples) {
  test(`docs/dsl.md:${example.line} prints the sheet shown`, () => {
    const js = ts.transpileModule(example.code, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
    const declare = (r: Mapper) => (new Function("r", "ruby", js) as (r: Mapper, tag: typeof ruby) => void)(r, ruby);
    const apiOnly = example.code.includes("apiOnly: true");
    const routes = draw((r) => declare(r), { apiOnly, drawPaths: [drawDir] });
    assert.equal(routes.inspect(), example.sheet);
  });
}

// The README and the reference also show calls with their results in a comment
// (`photo_path(1); // "/photos/1"`, `// throws UrlGenerationError: ...`). Each such call runs
// here, against the routes the page declares just before it, and must give what the comment says.

interface Block {
  code: string;
  line: number;
  file: string;
}

function tsBlocks(file: string): Block[] {
  const text = fs.readFileSync(path.join(projectRoot, file), "utf8");
  return [...text.matchAll(/```ts\n((?:(?!```)[\s\S])*)```/g)].map((m) => ({
    code: m[1]!,
    line: text.slice(0, m.index).split("\n").length,
    file,
  }));
}

type Expected = { value: unknown } | { throws: string; message: string };

/** A result comment's meaning: a string or object literal, `null`, or `throws Name: message`; else not a result. */
function parseResult(comment: string): Expected | undefined {
  const thrown = /^throws (\w+): (.*)$/.exec(comment);
  if (thrown) return { throws: thrown[1]!, message: thrown[2]! };
  const str = /^"(?:[^"\\]|\\.)*"/.exec(comment);
  if (str) return { value: JSON.parse(str[0]) };
  if (/^(\{.*\}|null)$/.test(comment)) return { value: new Function(`return (${comment});`)() };
  return undefined;
}

/** The block's statements with a result comment, rewritten as `check(() => (call), expected, line)`. */
function checkedCalls(block: Block): { js: string; expected: Expected[] } | undefined {
  const lines = block.code.split("\n");
  const expected: Expected[] = [];
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const inline = /^([^/\s].*?);\s*\/\/ (.+)$/.exec(line);
    const next = /^\/\/ (.+)$/.exec(lines[i + 1] ?? "");
    const call = inline ? inline[1]! : /^([^/\s].*);$/.exec(line)?.[1];
    const result = inline ? parseResult(inline[2]!) : next ? parseResult(next[1]!) : undefined;
    if (call === undefined || result === undefined) {
      out.push(line);
      continue;
    }
    out.push(`check(() => (${call}), ${expected.length}, ${block.line + i + 1});`);
    expected.push(result);
  }
  return expected.length ? { js: out.join("\n"), expected } : undefined;
}

function runnable(code: string): string {
  const js = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  return js.replace(/^import .*$/gm, "").replace(/^export /gm, "");
}

for (const file of ["README.md", "docs/dsl.md", "docs/coming-from-rails.md"]) {
  let declaration: Block | undefined;
  for (const block of tsBlocks(file)) {
    const calls = checkedCalls(block);
    if (calls === undefined) {
      if (!block.code.includes("defineRoutes")) declaration = block;
      continue;
    }
    const before = declaration;
    test(`${file}:${block.line} calls give the results shown`, () => {
      let prelude = "";
      if (!block.code.includes("draw(")) {
        assert.ok(before, "a declaration precedes the calls");
        prelude = before.code.includes("draw(")
          ? before.code
          : `const routes = draw((r) => {\n${before.code}\n}, { defaultUrlOptions: { host: "example.com" } });\n`;
      }
      const seen: number[] = [];
      const check = (fn: () => unknown, index: number, line: number) => {
        seen.push(index);
        const want = calls.expected[index]!;
        const where = `${file}:${line}`;
        if ("throws" in want) {
          assert.throws(
            fn,
            (e: Error) => {
              assert.equal(e.name, want.throws, where);
              assert.equal(e.message, want.message, where);
              return true;
            },
            where,
          );
        } else {
          // Params objects have no prototype; compare them as the plain objects the docs show.
          assert.deepEqual(JSON.parse(JSON.stringify(fn()) ?? "null"), want.value, where);
        }
      };
      new Function("draw", "check", "ruby", runnable(prelude) + "\n" + runnable(calls.js))(draw, check, ruby);
      assert.equal(seen.length, calls.expected.length);
    });
  }
}

test("README.md: the Usage routes print the sheet shown under Inspect", () => {
  const readme = fs.readFileSync(path.join(projectRoot, "README.md"), "utf8");
  const usage = tsBlocks("README.md").find((b) => b.code.includes("draw("))!;
  const sheet = /console\.log\(routes\.inspect\(\)\);\n```\n\n```\n((?:(?!```)[\s\S])*)```/.exec(readme)![1]!.trimEnd();
  const routes = new Function("draw", runnable(usage.code) + "\nreturn routes;")(draw) as ReturnType<typeof draw>;
  assert.equal(routes.inspect(), sheet);
});

// The README's console sessions: `$ switchyard ...` commands with what they print (and `$ echo $?`
// with the exit status), run against the application the same section shows — its ```ts blocks
// whose first line names their file (`// config/routes.ts`) — unless the command names a --root.
test("README.md: the console sessions print what they show", async () => {
  const readme = fs.readFileSync(path.join(projectRoot, "README.md"), "utf8");
  const sessions = [...readme.matchAll(/```console\n((?:(?!```)[\s\S])*)```/g)];
  assert.ok(sessions.length >= 3, `found ${sessions.length} console sessions`);
  const { run } = await import("./run.js");
  for (const session of sessions) {
    const line = readme.slice(0, session.index).split("\n").length;
    const section = readme
      .slice(0, session.index)
      .split(/\n(?=#{2,3} )/)
      .pop()!;
    const app = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-readme-"));
    for (const [, file, code] of section.matchAll(
      /```ts\n\/\/ ((?:config|app)\/[\w/.]+\.ts)\n((?:(?!```)[\s\S])*)```/g,
    )) {
      fs.mkdirSync(path.join(app, path.dirname(file!)), { recursive: true });
      fs.writeFileSync(path.join(app, file!), `// ${file}\n${code}`);
    }
    // Each `$ ` line starts a command; the lines up to the next are what it printed.
    const steps = session[1]!
      .split(/^\$ /m)
      .slice(1)
      .map((step) => {
        const [command, ...output] = step.split("\n");
        return { command: command!, output: output.join("\n") };
      });
    let last: Awaited<ReturnType<typeof run>> | undefined;
    for (const { command, output } of steps) {
      const where = `README.md:${line} ${command}`;
      if (command === "echo $?") {
        assert.equal(`${last!.code}\n`, output, where);
        continue;
      }
      const argv = command.split(" ");
      assert.equal(argv.shift(), "switchyard", where);
      last = await run(...(argv.includes("--root") ? argv : [...argv, "--root", app]));
      assert.equal(last.stderr, "", where);
      assert.equal(last.stdout, output, where);
    }
    fs.rmSync(app, { recursive: true, force: true });
  }
});
