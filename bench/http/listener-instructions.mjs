// Instructions per request of switchyard's own part of node:http serving, counted with callgrind:
// the bench app's `toNodeListener(createHandler(...))` (table.mjs' switchyardApp: production, no
// log) called in-process with plain `req`/`res` objects (Host 127.0.0.1, the rails-app request
// mix), no socket and no HTTP parser — so a change of a few hundred instructions in the dispatcher
// or the transport kit shows, where instructions.mjs' whole-server count (~125,000 a request)
// hides it. SWITCHYARD_ROOT measures another build, as for the other bench:http scripts.
//
//   npm run build && node bench/install.mjs && node bench/http/listener-instructions.mjs [--requests N]
//
// Method (as instructions.mjs): WARMUP requests, then N more; the run without the N is subtracted.
import { fileURLToPath } from "node:url";
import { countInstructions, requireValgrind } from "../callgrind.mjs";
import { importSwitchyard, loadTable, switchyardApp } from "./table.mjs";

const WARMUP = 5000;
const args = process.argv.slice(2);

if (args[0] === "--child") {
  const { toNodeListener } = await importSwitchyard("./node");
  const table = loadTable();
  const listener = toNodeListener((await switchyardApp(table)).handler);
  const requests = table.formatRequests;
  const socket = { encrypted: false, remoteAddress: "127.0.0.1", localAddress: "127.0.0.1", localPort: 80 };
  let bytes = 0;
  class Res {
    headersSent = false;
    writableEnded = false;
    writeHead() {
      this.headersSent = true;
      return this;
    }
    end(body) {
      this.writableEnded = true;
      if (body) bytes += body.length;
    }
  }
  for (let i = 0, n = WARMUP + Number(args[1]); i < n; i++) {
    const r = requests[i % requests.length];
    const req = { method: r.method, url: r.path, headers: { host: "127.0.0.1" }, socket, readableEnded: false };
    listener(req, new Res());
  }
  if (bytes === 0) throw new Error("no request was answered with a body");
  process.exit(0);
}

requireValgrind();
const i = args.indexOf("--requests");
const passes = i < 0 ? 5000 : Number(args[i + 1]);
const count = (n) => countInstructions(fileURLToPath(import.meta.url), ["--child", String(n)], "listener");
const per = Math.round((count(passes) - count(0)) / passes);
console.log(
  `switchyard's node listener, in-process: ${per.toLocaleString("en-US")} instructions a request (${passes} after ${WARMUP})`,
);
