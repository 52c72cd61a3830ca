/**
 * `switchyard generate resource NAME [field:type...]` and `switchyard generate controller NAME
 * [action...]`, as Rails' generators: the route goes into `config/routes.ts` where Rails' `route`
 * puts it — first in the routes block, right after the line that opens it — and is not added twice;
 * then the files: for a resource, an in-memory model, a controller with the seven actions and HTML
 * forms, and an integration test; for a controller, its actions (each with a `get` route) and a test.
 * Existing files are never overwritten.
 */
import fs from "node:fs";
import path from "node:path";
import { camelize, underscore } from "../support/inflector.js";
import { pluralize, singularize } from "../support/inflections.js";
import { renderHelperTypes } from "../generate/declarations.js";
import { loadRoutes } from "../draw.js";
import { renderTemplate, ROUTE_TYPES_FILE, writeFile } from "./new.js";
import { escapeRegExp } from "../support/regexp-escape.js";

/** A field of `generate resource` (`title:string`): its name, Rails type, TypeScript type and the value tests send. */
interface Field {
  name: string;
  type: string;
  ts: "string" | "number" | "boolean";
  sample: string | number | boolean;
}

/** Rails' attribute types, the TypeScript type each becomes and the value Rails' generated fixtures give it. */
const FIELD_TYPES: Readonly<Record<string, { ts: Field["ts"]; sample: Field["sample"] }>> = {
  string: { ts: "string", sample: "MyString" },
  text: { ts: "string", sample: "MyText" },
  integer: { ts: "number", sample: 1 },
  bigint: { ts: "number", sample: 1 },
  float: { ts: "number", sample: 1.5 },
  decimal: { ts: "number", sample: 9.99 },
  boolean: { ts: "boolean", sample: false },
  date: { ts: "string", sample: "2026-01-01" },
  datetime: { ts: "string", sample: "2026-01-01T12:00:00Z" },
  time: { ts: "string", sample: "12:00" },
};

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

/** Where the generators write and what they say. */
export interface GenerateIO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

class GenerateError extends Error {}

/** `switchyard generate KIND NAME ARGS...` in the application at `root`; returns the exit code (1: it could not, having said why). */
export async function generate(
  root: string,
  kind: string,
  name: string,
  args: readonly string[],
  io: GenerateIO,
): Promise<number> {
  try {
    const plan = kind === "resource" ? resourcePlan(name, args) : controllerPlan(name, args.map(parseAction));
    const routesFile = path.join(root, "config", "routes.ts");
    if (!fs.existsSync(routesFile))
      throw new GenerateError(`no ${routesFile}: run in the application's directory, or pass --root DIR`);
    const existing = Object.keys(plan.files).filter((f) => fs.existsSync(path.join(root, f)));
    if (existing.length > 0)
      throw new GenerateError(
        `${existing.join(", ")} already exist${existing.length === 1 ? "s" : ""}: nothing was written (remove or rename first)`,
      );
    const source = fs.readFileSync(routesFile, "utf8");
    const routed = addRoutes(source, plan.routes);
    if (routed !== source) fs.writeFileSync(routesFile, routed);
    io.stdout.write(
      `       route  ${plan.routes.join("\n              ")}${routed === source ? " (already there)" : ""}\n`,
    );
    for (const [file, content] of Object.entries(plan.files)) {
      writeFile(root, file, content);
      io.stdout.write(`      create  ${file}\n`);
    }
    await writeRouteTypes(root, io);
    return 0;
  } catch (error) {
    if (!(error instanceof GenerateError)) throw error;
    io.stderr.write(`switchyard generate ${kind}: ${error.message}\n`);
    return 1;
  }
}

/** Rewrites the typed helpers (app/routes.d.ts) for the routes as they now are; if they cannot load, says to run `npm run types`. */
async function writeRouteTypes(root: string, io: GenerateIO): Promise<void> {
  try {
    const routes = await loadRoutes({ root, sourceLocations: false });
    writeFile(root, ROUTE_TYPES_FILE, renderHelperTypes(routes));
    io.stdout.write(`      update  ${ROUTE_TYPES_FILE}\n`);
  } catch (error) {
    io.stderr.write(
      `switchyard generate: could not load the routes to type their helpers (${error instanceof Error ? error.message : String(error)}): run \`npm run types\` once they load\n`,
    );
  }
}

/** `title:string`, checked: a lower-case name and one of Rails' types (`string` when none is given, as in Rails). */
function parseField(arg: string): Field {
  const [name = "", type = "string", ...rest] = arg.split(":");
  if (!IDENTIFIER.test(name) || rest.length > 0)
    throw new GenerateError(`bad field ${JSON.stringify(arg)}: write NAME:TYPE, the name in snake_case (title:string)`);
  const known = FIELD_TYPES[type];
  if (known === undefined || !Object.hasOwn(FIELD_TYPES, type))
    throw new GenerateError(
      `unknown type ${JSON.stringify(type)} in ${JSON.stringify(arg)}: use one of ${Object.keys(FIELD_TYPES).join(", ")}`,
    );
  if (name === "id") throw new GenerateError(`the field "id" is the record's own: leave it out`);
  return { name, type, ...known };
}

function parseAction(arg: string): string {
  if (!IDENTIFIER.test(arg))
    throw new GenerateError(
      `bad action ${JSON.stringify(arg)}: an action is a snake_case name (index, show, hello_world)`,
    );
  return arg;
}

/** The names Rails derives from a resource or controller name (`photo`, `Photos`, `photos`). */
function namesOf(name: string) {
  const plural = pluralize(underscore(name));
  if (!IDENTIFIER.test(plural))
    throw new GenerateError(
      `bad name ${JSON.stringify(name)}: use a snake_case or CamelCase name (photos, Photo, line_items)`,
    );
  const singular = singularize(plural);
  if (singular === plural)
    throw new GenerateError(`${JSON.stringify(name)} has no singular apart from its plural: pick another name`);
  return { plural, singular, model: camelize(singular), controller: `${camelize(plural)}Controller` };
}

interface Plan {
  routes: string[];
  files: Record<string, string>;
}

/**
 * Adds `lines` first in the routes block of `source` (after the line opening it: `defineRoutes((r) => {`,
 * `draw((r) => {`, `export default (r) => {`, a `function (r) {`), with the block's variable and
 * indentation; a line already in the file is not added again.
 */
export function addRoutes(source: string, lines: readonly string[]): string {
  const opening =
    /^([ \t]*).*?(?:\(\s*(\w+)\b[^()\n]*\)\s*=>|function\b[^(\n]*\(\s*(\w+)\b[^()\n]*\))\s*\{[ \t]*\r?\n/m.exec(source);
  if (opening === null)
    throw new GenerateError(
      `could not find where config/routes.ts opens its routes (a line such as "export default defineRoutes((r) => {"): add ${lines.map((l) => l.replace(/^r\./, "r.")).join(" ")} yourself`,
    );
  const variable = opening[2] ?? opening[3]!;
  const indent = `${opening[1]}  `;
  const missing = lines
    .map((line) => line.replace(/^r\./, `${variable}.`))
    .filter((line) => !new RegExp(`^[ \\t]*${escapeRegExp(line)}[ \\t]*$`, "m").test(source));
  if (missing.length === 0) return source;
  const at = opening.index + opening[0].length;
  return `${source.slice(0, at)}${missing.map((l) => `${indent}${l}\n`).join("")}${source.slice(at)}`;
}

/** The values of the resource templates (templates/resource/) for `n` and its fields. */
function resourceValues(n: ReturnType<typeof namesOf>, fields: readonly Field[]): Record<string, string> {
  const s = n.singular;
  const zero = (f: Field) => (f.ts === "string" ? '""' : f.ts === "number" ? "0" : "false");
  const permit = (f: Field) => {
    const v = `given.${f.name}`;
    if (f.ts === "string") return `    if (typeof ${v} === "string") attributes.${f.name} = ${v};`;
    if (f.ts === "number")
      return `    if (typeof ${v} === "number") attributes.${f.name} = ${v};\n    else if (typeof ${v} === "string" && ${v}.trim() !== "" && Number.isFinite(Number(${v}))) attributes.${f.name} = Number(${v});`;
    return `    if (${v} !== undefined) attributes.${f.name} = ${v} === true || ${v} === "1" || ${v} === "true";`;
  };
  const input = (f: Field) => {
    const name = `${s}[${f.name}]`;
    const value = `\${h(${s}.${f.name})}`;
    if (f.ts === "boolean")
      return `<label><input type="hidden" name="${name}" value="0"><input type="checkbox" name="${name}" value="1"\${${s}.${f.name} ? " checked" : ""}> ${f.name}</label>`;
    if (f.type === "text") return `<label>${f.name} <textarea name="${name}">${value}</textarea></label>`;
    const type = f.ts === "number" ? 'type="number" step="any"' : 'type="text"';
    return `<label>${f.name} <input name="${name}" ${type} value="${value}"></label>`;
  };
  const shown = fields.find((f) => f.ts === "string");
  return {
    singular: s,
    plural: n.plural,
    model: n.model,
    controller: n.controller,
    title: camelize(n.plural),
    label: fields[0] ? `String(${s}.${fields[0].name})` : `\`${n.model} \${${s}.id}\``,
    attributeTypes: fields.map((f) => `  ${f.name}: ${f.ts};`).join("\n"),
    attributeDefaults: fields.map((f) => `  ${f.name}: ${f.ts} = ${zero(f)};`).join("\n"),
    permitted: fields.map(permit).join("\n"),
    shownFields: fields.map((f) => `<dt>${f.name}</dt><dd>\${h(${s}.${f.name})}</dd>`).join("\n"),
    formFields: fields.map(input).join("\n"),
    attributes:
      fields.length === 0 ? "{}" : `{ ${fields.map((f) => `${f.name}: ${JSON.stringify(f.sample)}`).join(", ")} }`,
    bodyCheck: shown ? `\n  assert.match(session.body, /${String(shown.sample)}/);` : "",
  };
}

/**
 * `generate resource NAME FIELD...`: the `resources` route, the model, the controller with its
 * seven actions, and a test (also what bench/types.mjs gives each resource of its applications).
 */
export function resourcePlan(name: string, args: readonly string[]): Plan {
  const n = namesOf(name);
  const values = resourceValues(n, args.map(parseField));
  return {
    routes: [`r.resources(${JSON.stringify(n.plural)});`],
    files: {
      [`app/models/${n.singular}.ts`]: renderTemplate("resource/model.ts.tmpl", values),
      [`app/controllers/${n.plural}_controller.ts`]: renderTemplate("resource/controller.ts.tmpl", values),
      [`test/${n.plural}.test.ts`]: renderTemplate("resource/test.ts.tmpl", values),
    },
  };
}

/** `generate controller`: a `get "name/action"` route and an action for each action, and a test of each. */
function controllerPlan(name: string, actions: readonly string[]): Plan {
  const file = underscore(name).replace(/_controller$/, "");
  if (!IDENTIFIER.test(file))
    throw new GenerateError(
      `bad name ${JSON.stringify(name)}: use a snake_case or CamelCase name (greetings, Greetings)`,
    );
  const controller = `${camelize(file)}Controller`;
  const action = (a: string) =>
    `  ${a}(): string {\n    return layout("${camelize(file)}#${a}", "<p>Find me in app/controllers/${file}_controller.ts</p>");\n  }`;
  const actionTest = (a: string) =>
    `\ntest("${a}", async () => {\n  const session = openSession(handler);\n  await session.get(routes.helpers.${file}_${a}_path());\n  session.assertResponse("success");\n});`;
  const values = {
    controller,
    actions: actions.map(action).join("\n\n"),
    actionTests: actions.map(actionTest).join("\n"),
  };
  return {
    routes: actions.map((a) => `r.get(${JSON.stringify(`${file}/${a}`)});`),
    files: {
      [`app/controllers/${file}_controller.ts`]: renderTemplate("controller/controller.ts.tmpl", values),
      [`test/${file}.test.ts`]: renderTemplate("controller/test.ts.tmpl", values),
    },
  };
}
