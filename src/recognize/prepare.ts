import type { Route } from "../table/route.js";
import { journeyRegExp, simulatorRegExp, usesSimulator, type JourneyRegExp } from "./regexp.js";

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
  /** Journey's regexp (built on first use: the compiled strategy needs few of them). */
  readonly journey: JourneyRegExp;
  /** The GTG simulator filter, for routes Journey sends through it. */
  readonly simulator: RegExp | null;
  /** For each capture group of `journey.re`, the slot in `names` (or -1). */
  readonly groupSlots: Int32Array;
  readonly defaultKeys: readonly string[];
  readonly defaultValues: readonly unknown[];
}

/** The request methods `ActionDispatch::Request` accepts (others raise `UnknownHttpMethod`). */
export const HTTP_METHODS: ReadonlySet<string> = new Set(
  ("OPTIONS GET HEAD POST PUT DELETE TRACE CONNECT PROPFIND PROPPATCH MKCOL COPY MOVE LOCK UNLOCK " +
    "VERSION-CONTROL REPORT CHECKOUT CHECKIN UNCHECKOUT MKWORKSPACE UPDATE LABEL MERGE BASELINE-CONTROL " +
    "MKACTIVITY ORDERPATCH ACL SEARCH MKCALENDAR PATCH").split(" "),
);

const stateless = (v: unknown): unknown =>
  v instanceof RegExp && (v.global || v.sticky) ? new RegExp(v.source, v.flags.replace(/[gy]/g, "")) : v;

class Prepared implements PreparedRoute {
  readonly verbs: ReadonlySet<string> | null;
  readonly names: readonly string[];
  readonly conditions: ReadonlyArray<readonly [string, unknown]>;
  readonly hasBlocks: boolean;
  readonly defaultKeys: readonly string[];
  readonly defaultValues: readonly unknown[];
  #journey: JourneyRegExp | undefined;
  #simulator: RegExp | null | undefined;
  #groupSlots: Int32Array | undefined;

  constructor(readonly route: Route, readonly index: number) {
    this.verbs = route.verbs.length === 0 ? null : new Set(route.verbs.map((v) => v.toUpperCase()));
    this.names = route.pattern.names;
    this.conditions = Object.entries(route.conditions).map(([k, v]) => [k, stateless(v)] as const);
    this.hasBlocks = route.blocks.length > 0;
    this.defaultKeys = Object.keys(route.defaults);
    this.defaultValues = Object.values(route.defaults);
  }

  get journey(): JourneyRegExp {
    return (this.#journey ??= journeyRegExp(this.route.pattern.ast, this.route.requirements, this.route.anchor));
  }

  get simulator(): RegExp | null {
    if (this.#simulator === undefined) {
      const r = this.route;
      this.#simulator = usesSimulator(r.pattern.ast, r.requirements, r.anchor) ? simulatorRegExp(r.pattern.ast) : null;
    }
    return this.#simulator;
  }

  get groupSlots(): Int32Array {
    if (this.#groupSlots === undefined) {
      const groupNames = this.journey.groupNames;
      const slots = new Int32Array(groupNames.length + 1).fill(-1);
      groupNames.forEach((name, i) => {
        if (name !== null) slots[i + 1] = this.names.indexOf(name);
      });
      this.#groupSlots = slots;
    }
    return this.#groupSlots;
  }
}

export function prepareRoute(route: Route, index: number): PreparedRoute {
  return new Prepared(route, index);
}

/** Whether a route is in the bucket of a request verb: `HEAD` holds only explicit HEAD routes (Rails' `match_head_routes`). */
export function answersVerb(r: PreparedRoute, verb: string): boolean {
  if (r.verbs === null) return verb !== "HEAD";
  return r.verbs.has(verb);
}
