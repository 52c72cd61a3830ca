// Start-up in instructions: what bench/startup.mjs times (a fresh process that draws N routes, or
// imports the module `switchyard build` wrote for them, and answers its first request), counted
// with callgrind (single-threaded, seeded: bench/callgrind.mjs), which the load of a shared machine
// does not move the way it moves CPU time. The whole process is counted, Node's own start included.
// Run after `npm run build`: node bench/startup-instructions.mjs [--base DIR] [routes ...]
// --base DIR: the same programs with DIR's build (another checkout, built), beside this one's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { countInstructions, requireValgrind } from "./callgrind.mjs";

requireValgrind();
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const base = args.includes("--base") ? path.resolve(args[args.indexOf("--base") + 1]) : null;
const sizes = args.filter((a, i) => /^\d+$/.test(a) && args[i - 1] !== "--base").map(Number);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-startup-instructions-"));
process.on("exit", () => fs.rmSync(tmp, { recursive: true, force: true }));

const declare = (n) =>
  `(r) => { for (let i = 0; i < ${n / 5}; i++) r.resources("r" + i, { only: ["index", "show", "create", "update", "destroy"] }); }`;

/** The scripts of DIR's build for n routes: drawing at start, and loading the built module. */
async function programs(dir, tag, n) {
  const dist = (file) => JSON.stringify(path.join(dir, "dist", file));
  const { draw } = await import(path.join(dir, "dist", "files", "index.js"));
  const { builtTableData } = await import(path.join(dir, "dist", "files", "built.js"));
  const module = path.join(tmp, `${tag}-${n}.built.mjs`);
  // (The table written from the per-file build, as bench/startup.mjs writes it.)
  const data = builtTableData(draw(new Function(`return ${declare(n)}`)()));
  fs.writeFileSync(
    module,
    `import { builtRoutes } from ${dist("index.js")};\nexport default builtRoutes(JSON.parse(${JSON.stringify(JSON.stringify(data))}), import.meta.url);\n`,
  );
  const serve = `const { createHandler } = await import(${dist("http/index.js")});
const ok = () => "ok";
const controllers = {};
for (let i = 0; i < ${n / 5}; i++) controllers["r" + i] = { index: ok, show: ok, create: ok, update: ok, destroy: ok };
const handler = createHandler(routes, { env: "production", logger: false, controllers });
const res = await handler(new Request("http://localhost/r${n / 5 - 1}/42"));
if (res.status !== 200) throw new Error("status " + res.status);\n`;
  const write = (name, text) => {
    const file = path.join(tmp, `${tag}-${n}-${name}.mjs`);
    fs.writeFileSync(file, text);
    return file;
  };
  return {
    [`drawn${tag}`]: write(
      "drawn",
      `const { draw } = await import(${dist("index.js")});\nconst routes = draw(${declare(n)});\n${serve}`,
    ),
    [`built${tag}`]: write("built", `const { default: routes } = await import(${JSON.stringify(module)});\n${serve}`),
  };
}

console.log(
  `node ${process.version}: instructions (millions) of a fresh process answering its first request, callgrind`,
);
for (const n of sizes.length > 0 ? sizes : [100, 1000, 10000]) {
  const scripts = {
    ...(await programs(root, "", n)),
    ...(base === null ? {} : await programs(base, "@base", n)),
  };
  const counts = Object.entries(scripts).map(
    ([name, file]) => `${name} ${(countInstructions(file, [], `${name}, ${n} routes`) / 1e6).toFixed(0)} M`,
  );
  console.log(`${String(n).padStart(6)} routes   ${counts.join("   ")}`);
}
