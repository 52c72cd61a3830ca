import type { Route } from "../table/route.js";
import { unescapeParam } from "../uri/path.js";
import {
  journeyRegExp,
  requirementSource,
  simulatorRegExp,
  usesSimulator,
  type JourneyRegExp,
} from "../pattern/regexp.js";
import { hasAnyKey } from "../support/objects.js";

/** Parameters of a recognized request: controller, action, the route's defaults and the unescaped path parameters. No inherited keys. */
export type RouteParams = Record<string, unknown>;

/** Builds a route's params from the raw values captured for its names (`escaped`: they may hold `%xx`). */
type ParamsBuilder = (values: readonly (string | undefined)[], escaped: boolean) => RouteParams;

/** A params object: no prototype chain beyond an empty, frozen, prototype-less object. */
const Params = function Params(this: RouteParams) {} as unknown as new () => RouteParams;
Params.prototype = Object.freeze(Object.create(null));

/**
 * What every matching strategy needs to know about a route, computed once at draw time: its
 * verbs, its Journey regexp (and simulator filter), its request conditions in a form that is safe
 * to evaluate repeatedly, and how its params object is laid out.
 */
export interface PreparedRoute {
  /** Position in the table: the precedence. */
  readonly index: number;
  readonly route: Route;
  /** Upper-case verbs, or null when the route answers any verb. */
  readonly verbs: ReadonlySet<string> | null;
  /** Parameter names, in pattern order: the slots of a match's captured values. */
  readonly names: readonly string[];
  /** Request conditions as entries; RegExps stripped of `g`/`y` so that testing them has no state. */
  readonly conditions: ReadonlyArray<readonly [string, unknown]>;
  readonly hasBlocks: boolean;
  readonly name: string | null;
  /** Neither blocks nor a redirect or handler: the answer is `{ name, params }` as soon as the route matches. */
  readonly plain: boolean;
  /** Journey's regexp (built on first use: the compiled strategy needs few of them). */
  readonly journey: JourneyRegExp;
  /** The GTG simulator filter, for routes Journey sends through it. */
  readonly simulator: RegExp | null;
  /** For each capture group of `journey.re`, the slot in `names` (or -1). */
  readonly groupSlots: Int32Array;
  readonly defaultKeys: readonly string[];
  readonly defaultValues: readonly unknown[];
  /** `route.defaults.merge(path_parameters)`: defaults first, then each captured value unescaped. */
  readonly params: ParamsBuilder;
}

/** The request methods `ActionDispatch::Request` accepts (others raise `UnknownHttpMethod`). */
export const HTTP_METHODS: ReadonlySet<string> = new Set(
  (
    "OPTIONS GET HEAD POST PUT DELETE TRACE CONNECT PROPFIND PROPPATCH MKCOL COPY MOVE LOCK UNLOCK " +
    "VERSION-CONTROL REPORT CHECKOUT CHECKIN UNCHECKOUT MKWORKSPACE UPDATE LABEL MERGE BASELINE-CONTROL " +
    "MKACTIVITY ORDERPATCH ACL SEARCH MKCALENDAR PATCH"
  ).split(" "),
);

/** Request-condition RegExps as tested: Ruby's reading (its dot, `i` spelled out), stateless (no `g`/`y`); one per RegExp. */
const testers = new WeakMap<RegExp, RegExp>();

/** A request condition as `conditionsMatch` tests it: a RegExp as Ruby's `===` reads it (see `requirementSource`). */
function conditionValue(v: unknown): unknown {
  if (!(v instanceof RegExp)) return v;
  let tester = testers.get(v);
  if (tester === undefined) {
    tester = new RegExp(requirementSource(v), v.flags.includes("u") || v.flags.includes("v") ? "u" : "");
    testers.set(v, tester);
  }
  return tester;
}

const NO_CONDITIONS: ReadonlyArray<readonly [string, unknown]> = Object.freeze([]);

/** Upper-case verb sets, one per verb list (routes share their lists: one set for all `GET` routes, not 10,000). Pure by key: a route's verb list is frozen. */
const verbSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function verbSet(verbs: readonly string[]): ReadonlySet<string> {
  let set = verbSets.get(verbs);
  if (set === undefined) verbSets.set(verbs, (set = new Set(verbs.map((v) => v.toUpperCase()))));
  return set;
}

/**
 * What a route builds on first use: the keys and values of its defaults and its params builder
 * (on its first recognition), its Journey regexp, simulator filter and group slots (only for the
 * few routes the compiled strategy leaves to regexps). One object for them all, made on first use,
 * rather than six fields of every route: `Prepared` is 96 bytes instead of 136, 0.4 MB less of
 * the 10,000-route table that every scavenge of the draw copies.
 */
class Lazy {
  defaultKeys: readonly string[] | undefined = undefined;
  defaultValues: readonly unknown[] | undefined = undefined;
  journey: JourneyRegExp | undefined = undefined;
  simulator: RegExp | null | undefined = undefined;
  groupSlots: Int32Array | undefined = undefined;
  params: ParamsBuilder | undefined = undefined;
}

class Prepared implements PreparedRoute {
  readonly verbs: ReadonlySet<string> | null;
  readonly names: readonly string[];
  readonly conditions: ReadonlyArray<readonly [string, unknown]>;
  readonly hasBlocks: boolean;
  readonly name: string | null;
  readonly plain: boolean;
  #lazy: Lazy | undefined = undefined;

  #parts(): Lazy {
    return (this.#lazy ??= new Lazy());
  }

  constructor(
    readonly route: Route,
    readonly index: number,
  ) {
    this.verbs = route.verbs.length === 0 ? null : verbSet(route.verbs);
    this.names = route.pattern.names;
    this.conditions = !hasAnyKey(route.conditions)
      ? NO_CONDITIONS
      : Object.entries(route.conditions).map(([k, v]) => [k, conditionValue(v)] as const);
    this.hasBlocks = route.blocks.length > 0;
    this.name = route.name;
    this.plain = !this.hasBlocks && route.endpoint.kind === "dispatch";
  }

  // Keys and values of the defaults: read only to build params, on a route's first recognition.
  get defaultKeys(): readonly string[] {
    const b = this.#parts();
    return (b.defaultKeys ??= Object.keys(this.route.defaults));
  }

  get defaultValues(): readonly unknown[] {
    const b = this.#parts();
    return (b.defaultValues ??= Object.values(this.route.defaults));
  }

  get journey(): JourneyRegExp {
    const b = this.#parts();
    return (b.journey ??= journeyRegExp(this.route.pattern.ast, this.route.requirements, this.route.anchor));
  }

  get params(): ParamsBuilder {
    const b = this.#parts();
    return (b.params ??= paramsBuilder(this.defaultKeys, this.defaultValues, this.names));
  }

  get simulator(): RegExp | null {
    const b = this.#parts();
    if (b.simulator === undefined) {
      const r = this.route;
      b.simulator = usesSimulator(r.pattern.ast, r.requirements, r.anchor) ? simulatorRegExp(r.pattern.ast) : null;
    }
    return b.simulator;
  }

  get groupSlots(): Int32Array {
    const b = this.#parts();
    if (b.groupSlots === undefined) {
      const groupNames = this.journey.groupNames;
      const slots = new Int32Array(groupNames.length + 1).fill(-1);
      groupNames.forEach((name, i) => {
        if (name !== null) slots[i + 1] = this.names.indexOf(name);
      });
      b.groupSlots = slots;
    }
    return b.groupSlots;
  }
}

/**
 * A route's params builder (`route.defaults.merge(path_parameters)`).
 *
 * Storing keys from arrays (`p[keys[i]] = ...`) makes every store megamorphic. Instead, code is
 * generated once per layout (`controller, action, id`), shared by every route with that layout:
 * the stores are by name and monomorphic, and the few layouts a resourceful table has stay hot
 * (the Rails-style app's 430 routes have 37 capture layouts). It took ~30 ns off a recognition
 * there (interleaved A/B, 2-core machine). Code per route instead stayed cold: most routes are
 * hit too rarely to be optimized. Where `new Function` is forbidden, the array loop.
 */
export type Layout<A> = (source: A, escaped: boolean, defaults: readonly unknown[]) => RouteParams;

/**
 * Params functions by layout, shared by every route (of any table) with that layout. Pure by key:
 * the key is the layout's source (`layoutSource`), and the fallback stored under it where `new
 * Function` is forbidden reads only what the source encodes, the defaults coming as an argument.
 */
const layouts = new Map<string, Layout<any>>();

/**
 * The source of a layout's params function: `a` the values or captures, `e` whether they need
 * unescaping, `d` the route's default values; `P` the params class, `u` the unescaper. `valueOf(i)`
 * is the expression reading name `i`'s raw value (null: the layout never has one).
 */
function layoutSource(
  keys: readonly string[],
  names: readonly string[],
  valueOf: (i: number) => string | null,
): string {
  const lines = ["const p = new P();"];
  keys.forEach((k, i) => lines.push(`p[${JSON.stringify(k)}] = d[${i}];`));
  names.forEach((n, i) => {
    const v = valueOf(i);
    if (v !== null) lines.push(`{ const x = ${v}; if (x !== undefined) p[${JSON.stringify(n)}] = e ? u(x) : x; }`);
  });
  lines.push("return p;");
  return `"use strict";\nreturn function params(a, e, d) {\n${lines.join("\n")}\n};`;
}

/** The source of the params function of a route with these default keys and names, from an array of raw values (see `ParamsBuilder`). */
export function valuesLayoutSource(keys: readonly string[], names: readonly string[]): string {
  return layoutSource(keys, names, (i) => `a[${i}]`);
}

/** The same from a walk's captures, the k-th capture being the value of name `slots[k]` (see `captureParams`). */
export function capturesLayoutSource(keys: readonly string[], names: readonly string[], slots: Int32Array): string {
  return layoutSource(keys, names, (i) => {
    const k = slots.lastIndexOf(i);
    return k < 0 ? null : `a.path.slice(a.bestCaps[${2 * k}], a.bestCaps[${2 * k + 1}])`;
  });
}

/** The params function compiled from `source`, made once per source; `fallback` where code generation is forbidden. */
function layout<A>(source: string, fallback: Layout<A>): Layout<A> {
  let fn = layouts.get(source) as Layout<A> | undefined;
  if (fn !== undefined) return fn;
  try {
    fn = new Function("P", "u", source)(Params, unescapeParam) as Layout<A>;
  } catch (e) {
    if (!(e instanceof EvalError)) throw e;
    fn = fallback;
  }
  layouts.set(source, fn);
  return fn;
}

function paramsBuilder(keys: readonly string[], defaults: readonly unknown[], names: readonly string[]): ParamsBuilder {
  const fn = layout<readonly (string | undefined)[]>(valuesLayoutSource(keys, names), (values, escaped, d) => {
    const p = new Params();
    for (let i = 0; i < keys.length; i++) p[keys[i]!] = d[i];
    for (let i = 0; i < names.length; i++) {
      const v = values[i];
      if (v !== undefined) p[names[i]!] = escaped ? unescapeParam(v) : v;
    }
    return p;
  });
  return (values, escaped) => fn(values, escaped, defaults);
}

/** Where a walk left its captures: the path, and start/end offsets of the k-th capture at `2k`, `2k + 1`. */
export interface Captures {
  readonly path: string;
  readonly bestCaps: Int32Array;
  /** A captured value holds a `%`: the values need unescaping. */
  readonly escaped: boolean;
}

/** What a walk's answer carries to build its params: the route's name, whether it is plain, its builder (set by then) and default values. */
export interface CaptureLayout {
  readonly name: string | null;
  readonly plain: boolean;
  readonly build: Layout<Captures> | null;
  readonly defaults: readonly unknown[];
}

/**
 * Params straight from a walk's capture offsets, for a route reached with captures in `slots`
 * order (the k-th capture is the value of name `slots[k]`; a later capture of a name wins): no
 * intermediate array of values.
 */
export function captureParams(r: PreparedRoute, slots: Int32Array): Layout<Captures> {
  const keys = r.defaultKeys;
  const names = r.names;
  return layout<Captures>(capturesLayoutSource(keys, names, slots), (a, escaped, defaults) => {
    const p = new Params();
    keys.forEach((k, i) => (p[k] = defaults[i]));
    names.forEach((n, i) => {
      const k = slots.lastIndexOf(i);
      if (k >= 0) {
        const v = a.path.slice(a.bestCaps[2 * k], a.bestCaps[2 * k + 1]);
        p[n] = escaped ? unescapeParam(v) : v;
      }
    });
    return p;
  });
}

export function prepareRoute(route: Route, index: number): PreparedRoute {
  return new Prepared(route, index);
}

/** Whether a route is in the bucket of a request verb: `HEAD` holds only explicit HEAD routes (Rails' `match_head_routes`). */
export function answersVerb(r: PreparedRoute, verb: string): boolean {
  if (r.verbs === null) return verb !== "HEAD";
  return r.verbs.has(verb);
}
