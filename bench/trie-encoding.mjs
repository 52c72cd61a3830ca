// How a built table writes its tries' arrays (recognize/compiled/data.ts), measured: the CPU of a
// fresh process importing a module that holds the 10,000-route table's arrays (its six buckets)
// and decodes them into Int32Arrays, per encoding, interleaved, medians of RUNS, the load average
// beside them; and each module's size, raw and gzipped. "none" is a module holding nothing: what
// every process costs.
// Run after `npm run build`: node bench/trie-encoding.mjs [runs]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.argv[2] ?? 15);
const { draw } = await import(path.join(root, "dist", "files", "index.js"));
const { recognizerData } = await import(path.join(root, "dist", "files", "recognize", "index.js"));

const routes = draw((r) => {
  for (let i = 0; i < 2000; i++) r.resources("r" + i, { only: ["index", "show", "create", "update", "destroy"] });
}).routes;
// (The format's zero runs, decoded here to the arrays themselves.)
const arrays = recognizerData(routes).buckets.map(([runs]) => {
  const T = new Int32Array(runs[0]);
  let j = 0;
  for (const x of runs.slice(1)) {
    if (x < 0) j -= x;
    else T[j++] = x;
  }
  return T;
});
const zeroRuns = (T) => {
  const out = [T.length];
  for (let i = 0; i < T.length; ) {
    if (T[i] !== 0) out.push(T[i++]);
    else {
      const from = i;
      while (i < T.length && T[i] === 0) i++;
      out.push(from - i);
    }
  }
  return out;
};
const base64 = (T) => Buffer.from(T.buffer, T.byteOffset, T.byteLength).toString("base64");
/** A module holding `value` as `switchyard build` writes its data (JSON text in a string), decoding it with `decode`. */
const moduleOf = (value, decode) => `const data = JSON.parse(${JSON.stringify(JSON.stringify(value))});
export const arrays = data.map(${decode});\n`;

const MODULES = {
  "zero runs (the format)": moduleOf(
    arrays.map(zeroRuns),
    `(a) => { const T = new Int32Array(a[0]); let j = 0; for (let i = 1; i < a.length; i++) { const x = a[i]; if (x < 0) j -= x; else T[j++] = x; } return T; }`,
  ),
  "numbers in full": moduleOf(
    arrays.map((T) => [...T]),
    "(a) => Int32Array.from(a)",
  ),
  "base64, atob": moduleOf(
    arrays.map(base64),
    `(s) => { const bin = atob(s); const u = new Uint8Array(bin.length); for (let i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i); return new Int32Array(u.buffer); }`,
  ),
  "base64, Buffer (Node only)": moduleOf(
    arrays.map(base64),
    `(s) => { const b = Buffer.from(s, "base64"); return new Int32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)); }`,
  ),
  none: "export const arrays = [];\n",
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-trie-encoding-"));
process.on("exit", () => fs.rmSync(tmp, { recursive: true, force: true }));
const files = Object.fromEntries(
  Object.entries(MODULES).map(([name, text], i) => {
    const file = path.join(tmp, `m${i}.mjs`);
    fs.writeFileSync(file, text);
    return [name, file];
  }),
);
// (Each decoding checked against the arrays, once.)
for (const [name, file] of Object.entries(files)) {
  if (name === "none") continue;
  const { arrays: decoded } = await import(file);
  if (decoded.some((T, i) => T.length !== arrays[i].length || T.some((x, k) => x !== arrays[i][k])))
    throw new Error(`${name} decodes other arrays`);
}

const CPU = `const u = process.cpuUsage(); console.log((u.user + u.system) / 1000);`;
const runs = Object.fromEntries(Object.keys(files).map((k) => [k, []]));
const load = os.loadavg()[0];
for (let run = 0; run < RUNS; run++)
  for (const [name, file] of Object.entries(files))
    runs[name].push(
      Number(
        execFileSync(
          process.execPath,
          ["--input-type=module", "-e", `await import(${JSON.stringify(file)});\n${CPU}`],
          {
            encoding: "utf8",
          },
        ).trim(),
      ),
    );
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const values = arrays.reduce((n, T) => n + T.length, 0);
const zeros = arrays.reduce((n, T) => n + T.filter((x) => x === 0).length, 0);
console.log(
  `node ${process.version}, ${os.cpus().length} cores: the 10,000-route table's ${arrays.length} trie arrays, ${values} values (${zeros} zeros); CPU ms of a fresh process importing the module, median of ${RUNS}, interleaved (load ${load.toFixed(2)} -> ${os.loadavg()[0].toFixed(2)})`,
);
for (const [name, file] of Object.entries(files)) {
  const text = fs.readFileSync(file);
  console.log(
    `${name.padEnd(28)} ${median(runs[name]).toFixed(1).padStart(7)} ms   ${(text.length / 1024).toFixed(0).padStart(6)} KB, ${(zlib.gzipSync(text).length / 1024).toFixed(0).padStart(5)} KB gzipped`,
  );
}
