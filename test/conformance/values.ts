// The values fixtures describe, as the runners pass them: records (`$record`), symbols, URL options.

// Records as the fixtures describe them: a class per model name, `toParam()` from `param` or `id`.
const classes = new Map<string, new (id: unknown, param: unknown) => object>();
function recordClass(name: string) {
  let C = classes.get(name);
  if (!C) {
    const short = name.split("::").pop()!;
    const made = {
      [short]: class {
        id: unknown;
        _param: unknown;
        constructor(id: unknown, param: unknown) {
          this.id = id ?? null;
          this._param = param ?? null;
        }
        toParam() {
          return this._param ?? (this.id == null ? null : String(this.id));
        }
      },
    }[short]!;
    if (name.includes("::")) (made as unknown as { modelName: string }).modelName = name;
    C = made;
    classes.set(name, C);
  }
  return C;
}
export function materialize(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(materialize);
  if (v && typeof v === "object") {
    const o = v as Record<string, any>;
    if (o.$symbol !== undefined) return o.$symbol;
    if (o.$record) return new (recordClass(o.$record.class))(o.$record.id, o.$record.param);
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, materialize(x)]));
  }
  return v;
}
const CAMEL: Record<string, string> = {
  script_name: "scriptName",
  trailing_slash: "trailingSlash",
  only_path: "onlyPath",
};
export const urlOptions = (o: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [CAMEL[k] ?? k, v]));
