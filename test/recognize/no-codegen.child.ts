// Run by no-codegen.test.ts in a child process, with or without code generation from strings:
// prints whether `new Function` works there and what a few recognitions answer, by each strategy.
import { draw } from "../../src/index.js";
import { recognizerOf, STRATEGIES } from "./factory.js";

let codegen = true;
try {
  new Function("");
} catch {
  codegen = false;
}
const routes = draw((r) => {
  r.resources("photos", () => r.resources("comments"));
  r.get("files/:name", { to: "files#show", defaults: { kind: "doc" } });
  // Routes with one params layout (`controller, action, id, format`) and other defaults: each
  // answers with its own (the fallback builder is shared by the layout).
  r.get("a/:id", { to: "alpha#x" });
  r.get("b/:id", { to: "beta#x" });
  r.get("sa", { to: "alpha#s" });
  r.get("sb", { to: "beta#s" });
  r.get("ga/*rest", { to: "alpha#g" });
  r.get("gb/*rest", { to: "beta#g" });
  r.get(":__proto__/:constructor", { to: "weird#show" });
}).routes;
const paths = [
  "/photos/1/comments/2.json",
  "/files/a%20b",
  "/photos",
  "/__proto__/constructor",
  "/photos/1/comments/x.y.z",
  "/a/1",
  "/b/1",
  "/sa",
  "/sb",
  "/ga/x/y",
  "/gb/x/y",
];
const answers = STRATEGIES.map((s) => {
  const recognizer = recognizerOf(routes, s);
  return paths.map((p) => {
    const res = recognizer.recognize("GET", p);
    if (res === null || !("params" in res)) return res;
    // Own keys in order, and the prototype chain, as a caller sees them.
    return {
      name: res.name,
      keys: Object.keys(res.params),
      params: { ...res.params },
      chain: Object.getPrototypeOf(Object.getPrototypeOf(res.params)) === null,
    };
  });
});
console.log(JSON.stringify({ codegen, strategies: STRATEGIES, answers }));
