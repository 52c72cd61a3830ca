/**
 * A route table written as data (`switchyard build`) and read back without the DSL, the path
 * parser, the Ruby regexp translator or the recognizer's compiler: `builtTableData` turns a drawn
 * route set into JSON-safe data, its compiled recognizer with it (the tries, laid out: see
 * recognize/compiled/data.ts), and `builtRoutes` makes the same route set from it. The two are each
 * other's inverse, and live together so that a field added to a route is added to both.
 *
 * A built table holds data only. A route whose behaviour is a function — a lambda or `matches?`
 * constraint, a redirect block, a mounted handler, a `direct` or `resolve` — cannot be written as
 * data: building refuses it, naming the route and its declaration (an `ArgumentError` saying what to do instead).
 */
import { ArgumentError } from "./errors.js";
import type { PatternNode } from "./pattern/ast.js";
import { type PathPattern, restorePattern } from "./pattern/path.js";
import { hasRecognizerCompiler, RouteSet } from "./route-set.js";
import {
  MalformedStrategy,
  type Recognizer,
  recognizerData,
  restoreRecognizer,
  type StrategyData,
} from "./recognize/index.js";
import type { Translation } from "./pattern/ruby-regexp.js";
import { rememberTranslations, translated } from "./pattern/translations.js";
import { journeyRegExp } from "./pattern/regexp.js";
import { hasLinearMatcher, installLinearMatcher, type LinearDecision } from "./pattern/linear-exec.js";
import { linearMatcher } from "./pattern/linear/index.js";
import { factsOf, type RegExpFacts, recordFacts } from "./support/regexp-forms.js";
import { rubyInspect } from "./support/ruby.js";
import { builtin, environmentVariable } from "./support/runtime.js";
import { Redirect } from "./table/redirect-endpoint.js";
import type { Endpoint, Route, RouteSource } from "./table/route.js";
import type { ResourceDeclaration } from "./table/route-table.js";
import { sourceText } from "./table/source.js";
import type { UrlOptions } from "./table/url-options.js";

/** The format's version: a built module of another version is refused, with the command that writes it anew. */
const VERSION = 3;

/** A value that is not JSON: `["r", index]` a RegExp of `regexps`, `["u"]` undefined, `["n", text]` a non-finite number, `["o", {...}]` an object with a `$sy` key. */
type Special = { readonly $sy: readonly unknown[] };

/** A route as data: its fields in `Route`'s order, the pattern as an index into `patterns`, its verbs and required defaults into `lists`. */
type RouteData = readonly [
  name: string | null,
  verbs: number,
  verb: string,
  pattern: number,
  endpoint: EndpointData,
  controller: string | null,
  action: string | null,
  requirements: unknown,
  defaults: unknown,
  requiredDefaults: number,
  conditions: unknown,
  anchor: boolean,
  constraints: unknown,
  reqs: string,
  source: RouteSource | null,
];

/** `0` for `controller#action`; a redirect's status and its path or options. */
type EndpointData =
  | 0
  | readonly [status: number, path: string]
  | readonly [status: number, options: unknown, "options"];

/** A route file the table was drawn from, relative to the built module, and the SHA-256 of its text. */
export interface BuiltSource {
  readonly file: string;
  readonly sha256: string;
}

/** What `switchyard build` writes: a route set as JSON-safe data. */
export interface BuiltTableData {
  readonly version: number;
  readonly sources: readonly BuiltSource[];
  readonly defaultUrlOptions: unknown;
  /** The lists of strings routes share (their verbs, their required defaults), each once. */
  readonly lists: readonly (readonly string[])[];
  readonly patterns: readonly (readonly [
    spec: string,
    ast: readonly PatternNode[],
    names: readonly string[],
    optionalNames: readonly string[],
    globNames: readonly string[],
  ])[];
  readonly regexps: readonly (readonly [source: string, flags: string, facts: RegExpFacts | null])[];
  readonly routes: readonly RouteData[];
  /** The named routes, by name: the index of each one's route (not every route's name is one: `as: false`). */
  readonly named: readonly (readonly [name: string, route: number])[];
  readonly emptyResources: unknown;
  /**
   * The Ruby regexp translations the recognizer and the helpers ask for (pattern/translations.ts):
   * each string requirement's, and each list requirement's as Journey reads it under a glob.
   */
  readonly translations: readonly (readonly [source: string, translation: Translation | null])[];
  /**
   * Whether a route's Journey regexp could backtrack super-linearly, so that recognition runs it
   * in the linear matcher (pattern/linear): the module then passes the matcher to `builtRoutes`.
   */
  readonly linear: boolean;
  /**
   * The compiled recognizer (its tries, static paths and regexp routes by verb), read back at load
   * instead of compiled; null where it could not be written (a trie past what a built table holds):
   * the module then passes the compiler to `builtRoutes`, which compiles it at load.
   */
  readonly recognizer: StrategyData | null;
}

/** What a built table's module passes to `builtRoutes` beside its data: the machinery its routes need. */
export interface BuiltMachinery {
  /** The linear matcher (`linearMatcher` from "switchyard"), for a table whose data says `linear`. */
  readonly linearMatcher?: LinearDecision;
  /** The recognizer's compiler (`compileRecognizer` from "switchyard"), for a table whose data holds no `recognizer`. */
  readonly compileRecognizer?: (routes: readonly Route[]) => Recognizer;
}

/** What a built table's data holds that does not fit its format (the recognizer's data: `MalformedStrategy`); `builtRoutes` throws it as an `ArgumentError`. */
class Malformed extends Error {}

/** A value or declaration a built table cannot hold (a function); `builtTableData` lists every one in its error. */
class Unbuildable extends Error {}

/**
 * The data `switchyard build` writes for `set`. Throws an `ArgumentError` for a route set holding
 * functions (a lambda or `matches?` constraint, a redirect block, a mount, a `direct`, a
 * `resolve`): it lists each, the routes by number, path and (when drawn with `sourceLocations`)
 * line, and says what to do instead.
 */
export function builtTableData(set: RouteSet, sources: readonly BuiltSource[] = []): BuiltTableData {
  const unbuildable: string[] = [];
  const attempt = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      if (!(error instanceof Unbuildable)) throw error;
      unbuildable.push(error.message);
      return undefined;
    }
  };
  const lists = new Map<string, number>();
  const listData: (readonly string[])[] = [];
  const list = (strings: readonly string[]) => {
    const key = JSON.stringify(strings);
    let i = lists.get(key);
    if (i === undefined) lists.set(key, (i = listData.push(strings) - 1));
    return i;
  };
  const patterns = new Map<PathPattern, number>();
  const patternData: BuiltTableData["patterns"][number][] = [];
  const regexps = new Map<RegExp, number>();
  const regexpData: BuiltTableData["regexps"][number][] = [];
  const encode = (value: unknown, where: () => string): unknown => {
    if (value === null || typeof value === "string" || typeof value === "boolean") return value;
    if (typeof value === "number") return Number.isFinite(value) ? value : special("n", String(value));
    if (value === undefined) return special("u");
    if (value instanceof RegExp) {
      let i = regexps.get(value);
      if (i === undefined) {
        regexps.set(value, (i = regexpData.length));
        regexpData.push([value.source, value.flags, factsOf(value) ?? null]);
      }
      return special("r", i);
    }
    if (Array.isArray(value)) return value.map((v, i) => encode(v, () => `${where()}[${i}]`));
    const proto = typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
    if (proto === Object.prototype || proto === null) {
      // (own properties made with fromEntries: a key `__proto__` stays a key, not the prototype)
      const out: Record<string, unknown> = Object.fromEntries(
        Object.keys(value as object).map((key) => [
          key,
          encode((value as Record<string, unknown>)[key], () => `${where()}.${key}`),
        ]),
      );
      return Object.hasOwn(out, "$sy") ? special("o", out) : out;
    }
    const kind =
      typeof value === "function"
        ? "a function"
        : typeof value === "object"
          ? "an object of a class"
          : `a ${typeof value}`;
    throw new Unbuildable(`${where()}: ${kind}`);
  };
  const routeData = (route: Route): RouteData => {
    const named = () => routeText(route);
    if (route.blocks.length > 0)
      throw new Unbuildable(`${named()}: its constraint is a function (a lambda or an object with matches/call)`);
    let pattern = patterns.get(route.pattern);
    if (pattern === undefined) {
      const p = route.pattern;
      patterns.set(p, (pattern = patternData.length));
      patternData.push([p.spec, p.ast, p.names, p.optionalNames, p.globNames]);
    }
    return [
      route.name,
      list(route.verbs),
      route.verb,
      pattern,
      endpointData(route, named, encode),
      route.controller,
      route.action,
      encode(route.requirements, () => `${named()}'s requirements`),
      encode(route.defaults, () => `${named()}'s defaults`),
      list(route.requiredDefaults),
      encode(route.conditions, () => `${named()}'s conditions`),
      route.anchor,
      encode(route.constraints, () => `${named()}'s constraints`),
      route.reqs,
      route.source,
    ];
  };
  const routes = set.routes.map((route) => attempt(() => routeData(route))!);
  const translations = new Map<string, Translation | null>();
  for (const route of set.routes)
    for (const key in route.requirements) {
      const requirement = route.requirements[key];
      if (requirement instanceof RegExp) continue;
      const source = Array.isArray(requirement) ? rubyInspect(requirement) : String(requirement);
      if (!translations.has(source)) translations.set(source, translated(source));
    }
  for (const [name] of set.directs) unbuildable.push(`\`direct :${name}\`: a function`);
  for (const [name] of set.resolves) unbuildable.push(`\`resolve "${name}"\`: a function`);
  const defaultUrlOptions = attempt(() => encode(set.defaultUrlOptions, () => "the default URL options"));
  const emptyResources = attempt(() => encode(set.emptyResources, () => "an empty resource's declaration"));
  if (unbuildable.length > 0) {
    const shown = unbuildable
      .slice(0, 10)
      .map((line) => `\n  ${line}`)
      .join("");
    const more = unbuildable.length > 10 ? `\n  ... and ${unbuildable.length - 10} more` : "";
    throw new ArgumentError(
      `Cannot build the route table: it holds functions, and a built table holds data only:${shown}${more}\n` +
        "Draw this table at start instead of building it (switchyard build is for tables without lambdas, redirect blocks, mounts, directs or resolves)",
    );
  }
  return {
    version: VERSION,
    sources,
    defaultUrlOptions,
    lists: listData,
    patterns: patternData,
    regexps: regexpData,
    routes,
    named: [...set.namedRoutes].map(([name, route]) => [name, route.index] as const),
    emptyResources,
    translations: [...translations],
    linear: set.routes.some((r) => linearMatcher(journeyRegExp(r.pattern.ast, r.requirements, r.anchor)) !== null),
    recognizer: writtenRecognizer(set.routes),
  };
}

/** The compiled recognizer of `routes` as data, read back once as `builtRoutes` will: null if it does not load. */
function writtenRecognizer(routes: readonly Route[]): StrategyData | null {
  try {
    const data = recognizerData(routes);
    restoreRecognizer(routes, JSON.parse(JSON.stringify(data)) as StrategyData);
    return data;
  } catch (error) {
    if (error instanceof MalformedStrategy) return null;
    throw error;
  }
}

const special = (...parts: unknown[]): Special => ({ $sy: parts });

/** `route 3 (GET /photos/:id, config/routes.ts:4)`: a route as an error names it. */
function routeText(route: Route): string {
  const at = sourceText(route.source);
  return `route ${route.index} (${route.verb === "" ? "" : `${route.verb} `}${route.path}${at === "" ? "" : `, ${at}`})`;
}

function endpointData(
  route: Route,
  named: () => string,
  encode: (v: unknown, where: () => string) => unknown,
): EndpointData {
  const endpoint = route.endpoint;
  if (endpoint.kind === "dispatch") return 0;
  if (endpoint.kind === "app")
    throw new Unbuildable(`${named()}: it routes to a handler (${endpoint.label}), a function`);
  const { status, target } = endpoint.redirect;
  if (target.kind === "path") return [status, target.path];
  if (target.kind === "options")
    return [status, encode(target.options, () => `${named()}'s redirect options`), "options"];
  throw new Unbuildable(`${named()}: its redirect is a block (a function)`);
}

const DISPATCH: Endpoint = Object.freeze({ kind: "dispatch" });

/**
 * The route set a built module holds (what `switchyard build` writes calls it): the same routes,
 * recognition, helpers and sheet as the drawn table it was built from, without running the DSL.
 * `moduleUrl` is the built module's `import.meta.url`: outside production, where the runtime can
 * read files (Node, Bun, Deno), each route file it was built from is hashed and a changed one
 * throws, saying to run `switchyard build` again. `machinery` is what its routes need beyond the
 * data: the linear matcher where a regexp could backtrack (an app's bundle carries it only then).
 */
export function builtRoutes(data: BuiltTableData, moduleUrl?: string, machinery: BuiltMachinery = {}): RouteSet {
  try {
    return restored(data, moduleUrl, machinery);
  } catch (error) {
    // (What the module holds is read as it is: whatever does not fit the format is one error.)
    if (error instanceof ArgumentError) throw error;
    throw new ArgumentError(
      `This built route table is malformed (${error instanceof MalformedStrategy || error instanceof Malformed ? error.message : String(error)}): run \`switchyard build\` again`,
      { cause: error },
    );
  }
}

function restored(data: BuiltTableData, moduleUrl: string | undefined, machinery: BuiltMachinery): RouteSet {
  if (data.version !== VERSION)
    throw new ArgumentError(
      `This built route table is of format ${String(data.version)}, and this switchyard reads format ${VERSION}: run \`switchyard build\` again`,
    );
  if (moduleUrl !== undefined && environmentVariable("NODE_ENV") !== "production")
    checkSources(data.sources, moduleUrl);
  if (data.linear) {
    if (machinery.linearMatcher !== undefined) installLinearMatcher(machinery.linearMatcher);
    else if (!hasLinearMatcher())
      throw new ArgumentError(
        'This built route table has routes whose regexps could backtrack, which run in the linear matcher: pass it, `builtRoutes(data, import.meta.url, { linearMatcher })` with `import { linearMatcher } from "switchyard"` (the module `switchyard build` writes does), or run `switchyard build` again',
      );
  }
  rememberTranslations(data.translations);
  const regexps = data.regexps.map(([source, flags, facts]) => {
    const re = new RegExp(source, flags);
    if (facts !== null) recordFacts(re, facts);
    return re;
  });
  const decode = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return Object.freeze(value.map(decode));
    const tagged = (value as Partial<Special>).$sy;
    if (tagged !== undefined) {
      const [kind, arg] = tagged;
      if (kind === "r") return regexps[arg as number];
      if (kind === "u") return undefined;
      if (kind === "n") return Number(arg);
      value = arg;
    }
    const object = value as Record<string, unknown>;
    return Object.freeze(Object.fromEntries(Object.keys(object).map((key) => [key, decode(object[key])])));
  };
  const patterns = data.patterns.map(([spec, ast, names, optionalNames, globNames]) =>
    restorePattern(spec, ast, names, optionalNames, globNames),
  );
  // (One frozen list for the routes that share it, as a draw's routes do: the recognizer prepares
  // one verb set per list, and 10,000 lists, one a route, took ~9 ms of a 10,000-route start.)
  const lists = data.lists.map((list) => Object.freeze(list));
  const shared = (index: number) => {
    const list = lists[index];
    if (list === undefined || !Number.isInteger(index)) throw new Malformed(`a list's index (${String(index)})`);
    return list;
  };
  const routes: Route[] = [];
  const namedRoutes = new Map<string, Route>();
  for (const [index, r] of data.routes.entries()) {
    const endpoint = r[4];
    const route: Route = Object.freeze({
      index,
      name: r[0],
      verbs: shared(r[1]),
      verb: r[2],
      path: patterns[r[3]]!.spec,
      pattern: patterns[r[3]]!,
      endpoint:
        endpoint === 0
          ? DISPATCH
          : Object.freeze({
              kind: "redirect" as const,
              redirect: new Redirect(
                endpoint[0],
                endpoint.length === 3
                  ? { kind: "options", options: decode(endpoint[1]) as Readonly<Record<string, unknown>> }
                  : { kind: "path", path: endpoint[1] },
              ),
            }),
      controller: r[5],
      action: r[6],
      requirements: decode(r[7]) as Route["requirements"],
      defaults: decode(r[8]) as Route["defaults"],
      requiredDefaults: shared(r[9]),
      conditions: decode(r[10]) as Route["conditions"],
      blocks: NO_BLOCKS,
      anchor: r[11],
      constraints: decode(r[12]) as Route["constraints"],
      reqs: r[13],
      source: r[14],
    });
    routes.push(route);
  }
  for (const [name, index] of data.named) {
    const route = Number.isInteger(index) ? routes[index] : undefined;
    if (route === undefined) throw new Malformed(`the route of ${String(name)} (${String(index)})`);
    namedRoutes.set(name, route);
  }
  let recognizer: Recognizer | undefined;
  if (data.recognizer !== null) recognizer = restoreRecognizer(routes, data.recognizer);
  else if (machinery.compileRecognizer !== undefined) recognizer = machinery.compileRecognizer(routes);
  else if (!hasRecognizerCompiler())
    throw new ArgumentError(
      'This built route table holds no compiled recognizer, which is then compiled at load: pass the compiler, `builtRoutes(data, import.meta.url, { compileRecognizer })` with `import { compileRecognizer } from "switchyard"` (the module `switchyard build` writes does), or run `switchyard build` again',
    );
  return new RouteSet(
    {
      routes,
      namedRoutes,
      defaultUrlOptions: decode(data.defaultUrlOptions) as UrlOptions,
      directs: new Map(),
      resolves: new Map(),
      emptyResources: decode(data.emptyResources) as ResourceDeclaration[],
    },
    recognizer,
  );
}

const NO_BLOCKS: Route["blocks"] = Object.freeze([]);

/** Throws when a route file changed since the table was built, where it can be read. */
function checkSources(sources: readonly BuiltSource[], moduleUrl: string): void {
  const fs = builtin("node:fs");
  const crypto = builtin("node:crypto");
  const url = builtin("node:url");
  const paths = builtin("node:path");
  if (!fs || !crypto || !url || !paths || !moduleUrl.startsWith("file:")) return;
  const built = url.fileURLToPath(moduleUrl);
  for (const source of sources) {
    const file = paths.resolve(paths.dirname(built), source.file);
    let text: Uint8Array;
    try {
      text = fs.readFileSync(file);
    } catch {
      // Not there, or not readable (a bundle away from the sources, Deno without --allow-read):
      // nothing to compare with. (A route file no longer drawn changed the file that drew it.)
      continue;
    }
    if (crypto.createHash("sha256").update(text).digest("hex") !== source.sha256)
      throw new ArgumentError(
        `${paths.basename(built)} is out of date: ${source.file} changed since it was built. Run \`switchyard build\` again (in development, \`switchyard serve\` draws the route files themselves)`,
      );
  }
}
