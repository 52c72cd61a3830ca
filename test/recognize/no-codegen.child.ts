// Run by no-codegen.test.ts in a child process, with or without code generation from strings:
// prints whether `new Function` works there and what a few recognitions answer.
import { draw } from "../../src/index.js";

let codegen = true;
try {
  new Function("");
} catch {
  codegen = false;
}
const routes = draw((r) => {
  r.resources("photos", () => r.resources("comments"));
  r.get("files/:name", { to: "files#show", defaults: { kind: "doc" } });
  r.get(":__proto__/:constructor", { to: "weird#show" });
});
const paths = ["/photos/1/comments/2.json", "/files/a%20b", "/photos", "/__proto__/constructor", "/photos/1/comments/x.y.z"];
const answers = paths.map((p) => {
  const res = routes.recognize("GET", p);
  if (res === null || !("params" in res)) return res;
  // Own keys in order, and the prototype chain, as a caller sees them.
  return { name: res.name, keys: Object.keys(res.params), params: { ...res.params }, chain: Object.getPrototypeOf(Object.getPrototypeOf(res.params)) === null };
});
console.log(JSON.stringify({ codegen, answers }));
