// Instructions per served request, counted with valgrind's callgrind: the figure of bench:http that
// a shared machine cannot move (CPU time per request swings 5-15% between runs there at a load
// average of 2-3; these counts repeat within ~1%). Each server of bench/http/servers runs in one
// process with a minimal client: one keep-alive connection, the rails-app request mix sent one
// request at a time as raw bytes, each response read to its Content-Length. The client's share is
// the same for every server (the same requests, answers checked identical by `npm run bench:http
// -- --check`), and small: it writes a buffer and scans for the end of the head.
//
//   npm run build && node bench/install.mjs && node bench/http/instructions.mjs [--only a,b,...] [--requests N] [--warmup N]
//
// Method (as bench/instructions.mjs): WARMUP requests first (the JIT's warm-up), then N more; the
// count of a run with no extra requests is subtracted and the difference divided by N. Each server
// takes two valgrind runs, ~1-2 minutes each with the defaults. Prints per server the instructions
// per request and, for switchyard's, the ratio to its host's (switchyard-node against the ceiling,
// each adapter against its framework's own routing).
import net from "node:net";
import { fileURLToPath } from "node:url";
import { countInstructions, requireValgrind } from "../callgrind.mjs";
import { HOST, SERVERS } from "./adapters.mjs";
import { loadTable } from "./table.mjs";

const args = process.argv.slice(2);
const option = (flag, fallback) => {
  const i = args.indexOf(flag);
  return i < 0 ? fallback : args[i + 1];
};

if (args[0] === "--child") {
  const [, name, passes, warmup] = args;
  const { default: create } = await import(`./servers/${name}.mjs`);
  const table = loadTable();
  const server = await create(table);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const requests = table.formatRequests.map((r) =>
    Buffer.from(`${r.method} ${r.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, "latin1"),
  );
  const socket = net.connect({ port: server.address().port, host: "127.0.0.1", noDelay: true });
  await new Promise((resolve) => socket.once("connect", resolve));
  const total = Number(warmup) + Number(passes);
  let sent = 0;
  let buffered = Buffer.alloc(0);
  await new Promise((resolve, reject) => {
    const next = () => {
      if (sent === total) return resolve();
      socket.write(requests[sent++ % requests.length]);
    };
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      for (;;) {
        const end = buffered.indexOf("\r\n\r\n");
        if (end < 0) return;
        const head = buffered.toString("latin1", 0, end);
        const length = /\r\ncontent-length: *(\d+)/i.exec(head);
        if (length === null) return reject(new Error(`${name}: an answer without Content-Length:\n${head}`));
        const size = end + 4 + Number(length[1]);
        if (buffered.length < size) return;
        buffered = buffered.subarray(size);
        next();
      }
    });
    next();
  });
  socket.destroy();
  server.close();
  process.exit(0);
}

const only = option("--only", null)?.split(",") ?? SERVERS;
const passes = Number(option("--requests", "6000"));
const warmup = Number(option("--warmup", "6000"));

/** Instructions callgrind counts for one child run. */
const count = (name, n) =>
  countInstructions(fileURLToPath(import.meta.url), ["--child", name, String(n), String(warmup)], name);

requireValgrind();
console.log(
  `rails-app request mix: instructions per served request (server and client in one process; ${passes} requests after ${warmup})`,
);
const figures = {};
for (const name of only) {
  figures[name] = Math.round((count(name, passes) - count(name, 0)) / passes);
  const host = HOST[name];
  const ratio =
    host !== undefined && figures[host] !== undefined
      ? ` (${(figures[name] / figures[host]).toFixed(3)}x ${host})`
      : "";
  console.log(`${name.padEnd(20)} ${figures[name].toLocaleString("en-US").padStart(9)}${ratio}`);
}
