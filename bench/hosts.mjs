// What a request with a Host never seen before costs when its action reads `ctx.helpers`: a
// 10,000-route table (1,250 `resources`) served through the fetch handler in production, one
// action calling `thing_url(1)`. Prints the median CPU time per request for a Host rotating on
// every request and for one fixed Host, in alternating rounds so that the machine's load falls on
// both alike. Nothing goes over the network.
//
//   npm run build && node bench/hosts.mjs [--rounds N] [--requests N]
const { draw } = await import(process.env.SWITCHYARD_ENTRY ?? "../dist/index.js");
const { createHandler } = await import(
  process.env.SWITCHYARD_HTTP_ENTRY ?? new URL("../dist/http/index.js", import.meta.url).href
);

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const rounds = arg("--rounds", 7);
const requests = arg("--requests", 40);

const RESOURCES = 1250;
const routes = draw((r) => {
  for (let i = 0; i < RESOURCES; i++) r.resources(`things${i}`);
});
const handler = createHandler(routes, {
  env: "production",
  logger: false,
  controllers: { things0: { show: (ctx) => ctx.helpers.things0_url(ctx.params.id) } },
});

let serial = 0;
const request = async (host) => {
  const res = await handler(new Request(`http://${host}/things0/1`));
  const body = await res.text();
  if (res.status !== 200 || !body.endsWith("/things0/1")) throw new Error(`unexpected answer ${res.status} ${body}`);
};
const variants = {
  rotating: () => request(`h${serial++}.example.com`),
  fixed: () => request("example.com"),
};

/** Median CPU time (ms) of one request, over `requests` requests. */
const measure = async (name) => {
  const cpu = [];
  for (let i = 0; i < requests; i++) {
    const c = process.cpuUsage();
    await variants[name]();
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  return median(cpu);
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (let i = 0; i < 3; i++) for (const name of Object.keys(variants)) await variants[name]();
const results = { rotating: [], fixed: [] };
for (let i = 0; i < rounds; i++)
  for (const name of i % 2 === 0 ? ["rotating", "fixed"] : ["fixed", "rotating"])
    results[name].push(await measure(name));

console.log(`${routes.routes.length} routes; median CPU time a request, median of ${rounds} rounds of ${requests}`);
for (const name of Object.keys(results)) console.log(`  ${name} Host: ${median(results[name]).toFixed(3)} ms`);
