// What the request log costs a request: one switchyard node:http server per variant,
// each in its own process — the log off, Rails' development lines, the production line — both
// logs writing to a null sink (a function that drops the line), so the figure is building the
// lines, not a terminal's speed. Short interleaved rounds on 127.0.0.1; each server reports the CPU
// time (user + system) it used, per request. Needs `npm run build`.
//
//     node bench/http/request-log.mjs [--rounds 5] [--seconds 2] [--connections 16]
import { fork } from "node:child_process";
import http from "node:http";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    rounds: { type: "string" },
    seconds: { type: "string" },
    connections: { type: "string" },
    serve: { type: "boolean" },
  },
  allowPositionals: true,
});
const ROUNDS = Number(values.rounds ?? 5),
  SECONDS = Number(values.seconds ?? 2),
  CONNECTIONS = Number(values.connections ?? 16);
const VARIANTS = ["off", "development", "production"];
const PATH = "/photos/1?page=2&token=abc";

if (process.argv[2] === "--serve") {
  const variant = process.argv[3];
  const { draw } = await import("../../dist/index.js");
  const { createHandler } = await import("../../dist/http/index.js");
  const { toNodeListener } = await import("../../dist/http/adapters/node.js");
  const routes = draw((r) => r.resources("photos"));
  const handler = createHandler(routes, {
    env: variant === "production" ? "production" : "development",
    logger: variant === "off" ? false : () => {},
    controllers: { photos: { show: (c) => `photo ${c.params.id}` } },
  });
  const server = http.createServer(toNodeListener(handler));
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
  process.on("message", (m) => {
    if (m === "cpu") {
      const u = process.cpuUsage();
      process.send({ cpu: u.user + u.system });
    } else process.exit(0);
  });
} else {
  const children = {};
  for (const v of VARIANTS) {
    const child = fork(new URL(import.meta.url), ["--serve", v]);
    const port = await new Promise((resolve) => child.once("message", (m) => resolve(m.port)));
    children[v] = { child, port };
  }
  const cpu = (c) =>
    new Promise((resolve) => {
      c.child.once("message", (m) => resolve(m.cpu));
      c.child.send("cpu");
    });
  async function load(port) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const end = Date.now() + SECONDS * 1000;
    let n = 0;
    const loop = async () => {
      while (Date.now() < end) {
        await new Promise((resolve, reject) => {
          http
            .get({ host: "127.0.0.1", port, path: PATH, agent }, (res) => {
              res.resume();
              res.on("end", resolve);
            })
            .on("error", reject);
        });
        n++;
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, loop));
    agent.destroy();
    return n;
  }
  const results = Object.fromEntries(VARIANTS.map((v) => [v, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const v of round % 2 ? [...VARIANTS].reverse() : VARIANTS) {
      const c = children[v];
      const before = await cpu(c);
      const n = await load(c.port);
      const used = (await cpu(c)) - before;
      results[v].push({ usPerReq: used / n, reqPerS: n / SECONDS });
    }
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[s.length >> 1];
  };
  const rows = VARIANTS.map((v) => ({
    variant: v,
    "CPU µs/req median": median(results[v].map((r) => r.usPerReq)).toFixed(1),
    "rounds' range": `${Math.min(...results[v].map((r) => r.usPerReq)).toFixed(1)}-${Math.max(...results[v].map((r) => r.usPerReq)).toFixed(1)}`,
    "req/s median": Math.round(median(results[v].map((r) => r.reqPerS))),
  }));
  console.table(rows);
  const off = median(results.off.map((r) => r.usPerReq));
  for (const v of ["development", "production"])
    console.log(
      `${v} log: +${(median(results[v].map((r) => r.usPerReq)) - off).toFixed(1)} µs CPU a request over the log off`,
    );
  for (const { child } of Object.values(children)) child.send("exit");
}
