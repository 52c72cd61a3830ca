// What `p()` costs the compiler as the route table grows: generated applications of about 100,
// 1,000 and 10,000 routes (resources with nesting, shallow nesting, namespaces, member and
// collection routes, constraints, an optional locale scope, a glob and a mount), each with its
// `switchyard types` declarations and the same typed code (action params, helper calls), checked
// by `tsc --noEmit --extendedDiagnostics` without and with a file of 100 `p()` calls, on
// TypeScript 5.9 and 7. Runs are interleaved (none, 100, 100, none, ...) and the medians printed
// as a Markdown table for bench/RESULTS.md, with the load average before and after.
//
//   npm run build && node --import tsx bench/types.mjs [--sizes 100,1000,10000] [--runs 5] [--baseline app|stub] [--keep DIR] [--check-declarations] [--completions]
//
// --baseline app (the default): the application is what `switchyard new` writes (its layout, its
// pages controller) and, for each resource the table has at the top level (three blocks in five;
// not those in a namespace or under `(:locale)`), the model and controller `switchyard generate
// resource NAME title:string body:text published:boolean` writes (src/cli/generate.ts's own plan,
// hence tsx), all checked with the typed code.
// --baseline stub: the typed code alone (40 helper calls, 40 `ActionParams`), the earlier baseline.
// The CPU time of each `tsc` (user + system, from the kernel's accounting of the child: Linux)
// is printed beside the wall-clock check time.
// --completions: instead, how long each compiler's language service (5.9: tsserver; 7: `tsc --lsp
// --stdio`) takes to answer completions inside `p("/` (the file opened, then completions at the
// cursor: cold, the first request; warm, the same request again after an edit), medians of the
// runs, and what it offers.
// --check-declarations: skipLibCheck off (the declarations file and switchyard's own checked too,
// the default libraries not), as a project without skipLibCheck compiles.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..");
const { draw, renderHelperTypes } = await import("../dist/index.js");
const { newApp } = await import("../src/cli/new.ts");
const { resourcePlan } = await import("../src/cli/generate.ts");

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "100,1000,10000" },
    runs: { type: "string", default: "5" },
    keep: { type: "string" },
    "check-declarations": { type: "boolean", default: false },
    completions: { type: "boolean", default: false },
    baseline: { type: "string", default: "app" },
  },
});
if (!["app", "stub"].includes(args.baseline)) throw new Error(`--baseline ${args.baseline}: use app or stub`);
const SIZES = args.sizes.split(",").map(Number);
const RUNS = Number(args.runs);
// Each compiler's check time with the digits it prints (5.9: 0.12s; 7: 0.123s).
const COMPILERS = [
  { name: "TypeScript 5.9", pkg: "typescript", digits: 2 },
  { name: "TypeScript 7", pkg: "typescript7", digits: 3 },
];
const CALLS = 100;

const NOUNS = ["photos", "posts", "comments", "orders", "invoices", "projects", "tasks", "teams", "users", "events"];
const CHILDREN = ["notes", "tags", "attachments", "reviews", "versions"];

/** The routes of an application of `blocks` blocks of resources, drawn with the DSL as an application would write it. */
function drawApp(blocks) {
  const resources = [];
  const routes = draw((r) => {
    r.root("pages#home");
    r.get("files/*path", { to: "files#show", as: "file" });
    r.mount((_req) => new Response("ok"), { at: "/status", as: "status" });
    let i = 0;
    const block = () => {
      // A name `generate resource` takes (a plural with a singular): photos, g1_photos, ...
      const group = Math.floor(i / NOUNS.length);
      const name = `${group ? `g${group}_` : ""}${NOUNS[i % NOUNS.length]}`;
      const kind = i % 5;
      i++;
      const nested = () => {
        r.member(() => r.post("archive"));
        r.collection(() => r.get("search"));
        for (const child of CHILDREN.slice(0, 1 + (i % 3))) r.resources(child, { only: ["index", "show", "create"] });
      };
      // The generated controller calls `photo_path(photo)`: it fits a resource at the top level
      // (as `generate resource` routes it), not one in a namespace (`admin3_photo_path`) or under
      // `(:locale)` (whose helper takes the locale first, as Rails' does).
      if (kind !== 2 && kind !== 4) resources.push(name);
      if (kind === 0) r.resources(name, nested);
      else if (kind === 1) r.resources(name, { shallow: true }, nested);
      else if (kind === 2) r.namespace(`admin${Math.floor(i / 5)}`, () => r.resources(name, nested));
      else if (kind === 3) r.resources(name, { constraints: { id: /\d+/ } }, nested);
      else r.scope("(:locale)", { locale: /en|nl/ }, () => r.resources(name, { except: ["destroy"] }, nested));
    };
    for (let n = 0; n < blocks; n++) block();
  });
  return { routes, resources };
}

/** An application of about `size` routes: its table, and the resources `generate resource` makes controllers for. */
function app(size) {
  const per = drawApp(20).routes.routes.length / 20;
  return drawApp(Math.max(1, Math.round(size / per)));
}

/** The fields each generated resource has: `generate resource NAME title:string body:text published:boolean`. */
const FIELDS = ["title:string", "body:text", "published:boolean"];

/**
 * The application's own code under `dir`: what `switchyard new` writes (its routes.d.ts, tests and
 * config aside) and, for each of `resources`, the model and controller `generate resource` writes.
 * Returns the files to check, relative to `dir`.
 */
function writeApplication(dir, resources) {
  const silent = { stdout: { write() {} }, stderr: { write: (text) => process.stderr.write(text) } };
  const at = path.join(dir, "application");
  fs.rmSync(at, { recursive: true, force: true });
  if (newApp(at, silent) !== 0) throw new Error(`switchyard new ${at} failed`);
  for (const name of resources) {
    const { files } = resourcePlan(name, FIELDS);
    for (const [file, text] of Object.entries(files)) {
      if (!file.startsWith("app/")) continue;
      fs.mkdirSync(path.dirname(path.join(at, file)), { recursive: true });
      fs.writeFileSync(path.join(at, file), text);
    }
  }
  return fs
    .readdirSync(path.join(at, "app"), { recursive: true })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .sort()
    .map((f) => path.join("application", "app", f));
}

/** `CALLS` paths an application would write: routes spread over the table, a `${...}` for each segment value. */
function pathCalls(routes) {
  const candidates = routes.routes.filter((route) => route.anchor && /^\/[\w/:().-]*$/.test(route.path));
  const calls = [];
  for (let k = 0; k < CALLS; k++) {
    const route = candidates[Math.floor((k * candidates.length) / CALLS)];
    let spec = route.path.replace(/\(\.:format\)$/, k % 4 === 0 ? ".json" : "").replace(/\([^)]*\)/g, "");
    spec = spec.replace(/:\w+/g, (m) => (m === ":locale" ? "en" : "${id}"));
    calls.push(`  p(\`${spec || "/"}\`),`);
  }
  return calls;
}

function writeApp(dir, { routes, resources }) {
  fs.mkdirSync(dir, { recursive: true });
  const application = args.baseline === "app" ? writeApplication(dir, resources) : [];
  fs.writeFileSync(path.join(dir, "routes.d.ts"), renderHelperTypes(routes));
  const named = [...routes.namedRoutes.keys()].filter((n) => !n.includes("locale")).slice(0, 40);
  const actions = [...new Set(routes.routes.map((r) => r.reqs).filter((x) => /^[\w/]+#\w+$/.test(x)))].slice(0, 40);
  fs.writeFileSync(
    path.join(dir, "uses.ts"),
    [
      'import type { ActionParams, Register } from "switchyard";',
      "type Helpers = Register extends { helpers: infer H } ? H : never;",
      "declare const helpers: Helpers;",
      "declare const id: number;",
      "export const links: string[] = [",
      ...named.map(
        (n) =>
          `  helpers.${n}_path({ ${routes.namedRoutes
            .get(n)
            .pattern.requiredNames.map((k) => `${k}: id`)
            .join(", ")} }),`,
      ),
      "];",
      ...actions.map((a, k) => `export type Params${k} = ActionParams<${JSON.stringify(a)}>["controller"];`),
      "",
    ].join("\n"),
  );
  fs.writeFileSync(
    path.join(dir, "paths.ts"),
    [
      'import { p } from "switchyard";',
      "declare const id: number;",
      "export const paths: string[] = [",
      ...pathCalls(routes),
      "];",
      "",
    ].join("\n"),
  );
  for (const [name, files] of [
    ["none", ["routes.d.ts", "uses.ts", ...application]],
    ["calls", ["routes.d.ts", "uses.ts", ...application, "paths.ts"]],
  ]) {
    fs.writeFileSync(
      path.join(dir, `tsconfig.${name}.json`),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2023", "DOM"],
          skipLibCheck: !args["check-declarations"],
          skipDefaultLibCheck: true,
          types: [],
          paths: {
            switchyard: [path.join(root, "dist", "index.d.ts")],
            "switchyard/http": [path.join(root, "dist", "http", "index.d.ts")],
          },
        },
        files,
      }),
    );
  }
}

/**
 * The CPU time (s, user + system) of this process's finished children so far, from the kernel's
 * accounting (Linux's /proc/self/stat, in clock ticks of 1/100 s); null elsewhere.
 */
function childrenCpu() {
  if (!fs.existsSync("/proc/self/stat")) return null;
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** One `tsc --extendedDiagnostics` run: check time (s), memory (MB), instantiations, tsc's CPU (s); throws on a type error. */
function measure(compiler, dir, variant) {
  const tsc = path.join(root, "node_modules", compiler.pkg, "bin", "tsc");
  let out;
  const cpuBefore = childrenCpu();
  try {
    out = execFileSync(
      process.execPath,
      [tsc, "-p", path.join(dir, `tsconfig.${variant}.json`), "--extendedDiagnostics"],
      {
        encoding: "utf8",
        maxBuffer: 1 << 26,
      },
    );
  } catch (e) {
    throw new Error(`${compiler.name} ${variant} in ${dir}:\n${String(e.stdout ?? e).slice(0, 2000)}`);
  }
  const figure = (label) => {
    const m = new RegExp(`^${label}:\\s+([\\d.]+)(s|K)?$`, "m").exec(out);
    if (!m) throw new Error(`no "${label}" in ${compiler.name}'s output:\n${out}`);
    return Number(m[1]);
  };
  const cpuAfter = childrenCpu();
  return {
    cpu: cpuBefore === null ? Number.NaN : cpuAfter - cpuBefore,
    check: figure("Check time"),
    memory: figure("Memory used") / 1024,
    instantiations: figure("Instantiations"),
  };
}

/**
 * A language server over stdio: messages framed by `Content-Length` both ways (tsserver reads a
 * request per line, writes framed answers). `request` sends and resolves with the answer; a
 * request from the server (an LSP server asks for configuration) is answered with null.
 */
function stdioServer(command, args, { lineRequests }) {
  const server = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
  let buffer = Buffer.alloc(0);
  const waiting = new Map();
  const write = (message) => {
    const text = JSON.stringify(message);
    server.stdin.write(lineRequests ? text + "\n" : `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  };
  server.stdout.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString("utf8"));
      buffer = buffer.subarray(end + 4 + length);
      const id = message.request_seq ?? (message.method === undefined ? message.id : undefined);
      if (waiting.has(id)) waiting.get(id)(message);
      else if (message.method !== undefined && message.id !== undefined)
        write({ jsonrpc: "2.0", id: message.id, result: null });
    }
  });
  let seq = 0;
  return {
    request(message) {
      const id = ++seq;
      write(lineRequests ? { seq: id, type: "request", ...message } : { jsonrpc: "2.0", id, ...message });
      return new Promise((resolve) => waiting.set(id, resolve));
    },
    notify: (message) => write({ jsonrpc: "2.0", ...message }),
    close: () => server.kill(),
  };
}

/**
 * How long `compiler`'s language service takes to answer completions inside `p("/`, in `dir`:
 * `complete.ts` (its last line `p("/`) opened, completions asked at its end — cold, the first
 * request (the project loaded and checked for it), and warm, the same request after an edit —
 * in milliseconds, with the names offered. TypeScript 5.9: tsserver; 7: `tsc --lsp --stdio`.
 */
async function completions(dir, compiler) {
  const file = path.join(dir, "complete.ts");
  const text = 'import { p } from "switchyard";\nexport const x = p("/';
  fs.writeFileSync(file, text);
  const config = JSON.parse(fs.readFileSync(path.join(dir, "tsconfig.none.json"), "utf8"));
  config.files.push("complete.ts");
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(config));
  const lines = text.split("\n");
  const timed = async (ask) => {
    const t = performance.now();
    const answer = await ask();
    return { ms: performance.now() - t, answer };
  };
  if (compiler.pkg === "typescript") {
    const server = stdioServer(
      process.execPath,
      [path.join(root, "node_modules", "typescript", "lib", "tsserver.js")],
      {
        lineRequests: true,
      },
    );
    const at = { file, line: lines.length, offset: lines.at(-1).length + 1 };
    try {
      server.request({ command: "open", arguments: { file, fileContent: text, projectRootPath: dir } });
      const cold = await timed(() => server.request({ command: "completionInfo", arguments: at }));
      await server.request({
        command: "change",
        arguments: { file, line: 1, offset: 1, endLine: 1, endOffset: 1, insertString: " " },
      });
      const warm = await timed(() => server.request({ command: "completionInfo", arguments: at }));
      return { coldMs: cold.ms, warmMs: warm.ms, names: (cold.answer.body?.entries ?? []).map((e) => e.name) };
    } finally {
      server.close();
    }
  }
  const exe = (await import(path.join(root, "node_modules", compiler.pkg, "lib", "getExePath.js"))).default();
  const server = stdioServer(exe, ["--lsp", "--stdio"], { lineRequests: false });
  const uri = pathToFileURL(file).href;
  const position = { line: lines.length - 1, character: lines.at(-1).length };
  try {
    await server.request({
      method: "initialize",
      params: {
        processId: process.pid,
        rootUri: pathToFileURL(dir).href,
        workspaceFolders: [{ uri: pathToFileURL(dir).href, name: "bench" }],
        capabilities: { textDocument: { completion: { completionItem: {} } } },
      },
    });
    server.notify({ method: "initialized", params: {} });
    server.notify({
      method: "textDocument/didOpen",
      params: { textDocument: { uri, languageId: "typescript", version: 1, text } },
    });
    const ask = () =>
      server.request({ method: "textDocument/completion", params: { textDocument: { uri }, position } });
    const cold = await timed(ask);
    server.notify({
      method: "textDocument/didChange",
      params: { textDocument: { uri, version: 2 }, contentChanges: [{ text: text.replace("p(", "p (") }] },
    });
    const warm = await timed(() =>
      server.request({
        method: "textDocument/completion",
        params: { textDocument: { uri }, position: { ...position, character: position.character + 1 } },
      }),
    );
    const items = cold.answer.result?.items ?? cold.answer.result ?? [];
    return { coldMs: cold.ms, warmMs: warm.ms, names: items.map((i) => i.label) };
  } finally {
    server.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const base = args.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-types-bench-"));
const loadBefore = os.loadavg();
/** The table's last line: what its figures are, and the load average before the runs and now. */
const loadLine = (what) => {
  const load = (xs) => xs.map((x) => x.toFixed(2)).join(" ");
  return `${what}; load average ${load(loadBefore)} before, ${load(os.loadavg())} after (${os.cpus().length} cores).`;
};
const rows = [];
if (args.completions) {
  const table = [
    '| routes | compiler | completions in `p("/`, cold | warm | offered |',
    "| -----: | -------- | --------------------------: | ---: | ------- |",
  ];
  try {
    for (const size of SIZES) {
      const application = app(size);
      const { routes } = application;
      const dir = path.join(base, String(size));
      writeApp(dir, application);
      for (const compiler of COMPILERS) {
        const runs = [];
        for (let k = 0; k < RUNS; k++) runs.push(await completions(dir, compiler));
        const offered = runs[0].names.length === 0 ? "nothing" : runs[0].names.slice(0, 5).join(", ");
        const row = `| ${routes.routes.length.toLocaleString("en-US")} | ${compiler.name} | ${Math.round(median(runs.map((r) => r.coldMs)))} ms | ${Math.round(median(runs.map((r) => r.warmMs)))} ms | ${offered} |`;
        console.error(row);
        table.push(row);
      }
    }
  } finally {
    if (args.keep === undefined) fs.rmSync(base, { recursive: true, force: true });
  }
  table.push("", loadLine(`Medians of ${RUNS} runs`));
  console.log(table.join("\n"));
  process.exit(0);
}
try {
  for (const size of SIZES) {
    const application = app(size);
    const { routes } = application;
    const dir = path.join(base, String(size));
    writeApp(dir, application);
    for (const compiler of COMPILERS) {
      const runs = { none: [], calls: [] };
      for (let k = 0; k < RUNS; k++) {
        const order = k % 2 === 0 ? ["none", "calls"] : ["calls", "none"];
        for (const variant of order) runs[variant].push(measure(compiler, dir, variant));
      }
      const m = (variant, key) => median(runs[variant].map((r) => r[key]));
      const row = {
        routes: routes.routes.length,
        compiler: compiler.name,
        digits: compiler.digits,
        check: [m("none", "check"), m("calls", "check")],
        cpu: [m("none", "cpu"), m("calls", "cpu")],
        memory: [m("none", "memory"), m("calls", "memory")],
        instantiations: [m("none", "instantiations"), m("calls", "instantiations")],
      };
      rows.push(row);
      console.error(JSON.stringify(row));
    }
  }
} finally {
  if (args.keep === undefined) fs.rmSync(base, { recursive: true, force: true });
}

const fmt = (n, digits) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const lines = [
  `| routes | compiler | check, none | check, ${CALLS} p() | ratio | tsc CPU, none | tsc CPU, ${CALLS} p() | ratio | memory, none | memory, ${CALLS} p() | instantiations added |`,
  "| -----: | -------- | ----------: | ---------: | ----: | ----------: | ----------: | ----: | -----------: | ----------: | -------------------: |",
  ...rows.map(
    (r) =>
      `| ${fmt(r.routes, 0)} | ${r.compiler} | ${fmt(r.check[0], r.digits)} s | ${fmt(r.check[1], r.digits)} s | ${fmt(r.check[1] / r.check[0], 2)}x | ${fmt(r.cpu[0], 2)} s | ${fmt(r.cpu[1], 2)} s | ${fmt(r.cpu[1] / r.cpu[0], 2)}x | ${fmt(r.memory[0], 0)} MB | ${fmt(r.memory[1], 0)} MB | ${fmt(r.instantiations[1] - r.instantiations[0], 0)} |`,
  ),
  "",
  loadLine(
    `Baseline: ${args.baseline === "app" ? "the application (`switchyard new`'s files, and the model and controller `generate resource` writes for each top-level resource)" : "the typed code alone (40 helper calls, 40 `ActionParams`)"}; skipLibCheck ${args["check-declarations"] ? "off" : "on"}. Medians of ${RUNS} interleaved runs each`,
  ),
];
console.log(lines.join("\n"));
