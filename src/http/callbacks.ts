/**
 * Controller callbacks and rescue, as ActionController has them (`AbstractController::Callbacks`,
 * `ActiveSupport::Rescuable`):
 *
 *     class PostsController extends Controller<"posts"> {
 *       static {
 *         this.beforeAction("authenticate", { except: ["index", "show"] });
 *         this.aroundAction("timed");
 *         this.rescueFrom(NotFound, "notFound");
 *       }
 *       authenticate(ctx: ActionContext) { if (!ctx.header("authorization")) return this.redirectTo("/login"); }
 *       async timed(ctx: ActionContext, next: () => Promise<unknown>) { const t = Date.now(); await next(); ... }
 *       notFound(error: NotFound) { return new Response(error.message, { status: 404 }); }
 *     }
 *
 * or, for an object of actions, `defineController({ ...actions }, { beforeAction: [["authenticate",
 * { except: ["index"] }]], rescueFrom: [[NotFound, handler]] })`.
 *
 * The chain runs as Rails' does: callbacks in declaration order, a parent class's first; each
 * `around` wraps what was declared after it (so `after` callbacks run in reverse order, inside the
 * arounds declared before them). A `before` callback that returns a `Response` halts the chain (Rails:
 * one that renders or redirects): the action and the `after` callbacks do not run, the enclosing
 * arounds finish, and the log says `Filter chain halted as :authenticate rendered or redirected`.
 * Anything else a `before` or `after` callback returns is ignored. `only`/`except` name actions,
 * `if`/`unless` are methods (by name) or functions of the context, all of which must agree. An error
 * thrown by the action or a callback goes to the most recently declared `rescueFrom` handler whose
 * class it is an instance of; what the handler returns is the answer, as an action's value is.
 *
 * A controller without callbacks or handlers runs its action exactly as before: nothing here is on
 * its path.
 */
import { ArgumentError } from "../errors.js";
import type { ActionContext } from "./action-context.js";
import type { Controller } from "./controllers.js";

/** The names of `Self`'s methods: what a callback, a condition or a rescue handler may name. */
type MethodName<Self> = {
  [K in keyof Self]-?: NonNullable<Self[K]> extends (...args: never[]) => unknown ? K : never;
}[keyof Self] &
  string;

/** The actions of a controller: its methods, short of the `Controller` base's own members. */
type ActionNames<Self> = Exclude<MethodName<Self>, keyof Controller>;

/** A `before` or `after` callback: a method's name, or a function called with the controller as `this`. */
type Callback<Self> = MethodName<Self> | ((this: Self, context: ActionContext) => unknown);

/** An `around` callback: gets the rest of the chain as `next`, which resolves to the action's value. */
type AroundCallback<Self> =
  | MethodName<Self>
  | ((this: Self, context: ActionContext, next: () => Promise<unknown>) => unknown);

/** A condition (`if`/`unless`): a method's name, or a function of the context. */
type Condition<Self> = MethodName<Self> | ((this: Self, context: ActionContext) => unknown);

type OneOrMany<T> = T | readonly T[];

/** Where a callback runs (Rails' `only`/`except`/`if`/`unless`): every one given must agree. */
export interface CallbackOptions<Self, A extends string = ActionNames<Self>> {
  /** Only for these actions. */
  readonly only?: OneOrMany<A>;
  /** For every action but these. */
  readonly except?: OneOrMany<A>;
  /** Only when the condition (each, if several) is truthy. */
  readonly if?: OneOrMany<Condition<Self>>;
  /** Only when the condition (each, if several) is falsy. */
  readonly unless?: OneOrMany<Condition<Self>>;
}

/** Where `skipForgeryProtection` applies (Rails' `skip_forgery_protection`): every action, or these. */
export interface ForgerySkipOptions<A extends string> {
  readonly only?: OneOrMany<A>;
  readonly except?: OneOrMany<A>;
}

/** An error class `rescueFrom` matches (by `instanceof`, so its subclasses too). */
type ErrorClass<E = unknown> = abstract new (...args: any[]) => E;

/** A rescue handler: a method's name, or a function of the error; what it returns is the answer. */
type RescueHandler<Self, E = unknown> = MethodName<Self> | ((this: Self, error: E, context: ActionContext) => unknown);

type Kind = "before" | "after" | "around";
type Fn = (this: unknown, ...args: unknown[]) => unknown;
/** Whether a callback runs, for the controller, the context and the action. */
type Predicate = (self: object, ctx: ActionContext, action: string) => boolean;

interface Entry {
  readonly kind: Kind;
  readonly ref: string | Fn;
  readonly conditions: readonly Predicate[];
}

interface Rescue {
  readonly classes: readonly ErrorClass[];
  readonly handler: string | Fn;
}

/** How Rails' log names a callback: `:authenticate` for a method, `#<Proc:name>` for a function. */
function callbackName(ref: string | Fn): string {
  return typeof ref === "string" ? `:${ref}` : ref.name === "" ? "#<Proc>" : `#<Proc:${ref.name}>`;
}

const list = <T>(v: OneOrMany<T> | undefined): readonly T[] =>
  v === undefined ? [] : Array.isArray(v) ? (v as readonly T[]) : [v as T];

function call(self: object, ref: string | Fn, args: unknown[]): unknown {
  if (typeof ref !== "string") return ref.apply(self, args);
  const method = (self as Record<string, unknown>)[ref];
  if (typeof method !== "function")
    throw new TypeError(
      `the callback :${ref} names no method of ${self.constructor?.name ?? "the controller"}: define ${ref}(), or give a function`,
    );
  return (method as Fn).apply(self, args);
}

function predicates(options: CallbackOptions<object, string> | undefined, declaredBy: string): Predicate[] {
  if (options === undefined) return [];
  const known = new Set(["only", "except", "if", "unless"]);
  for (const key of Object.keys(options))
    if (!known.has(key))
      throw new ArgumentError(`${declaredBy}: unknown option ${JSON.stringify(key)}: use only, except, if or unless`);
  const out: Predicate[] = [];
  const only = list(options.only);
  if (options.only !== undefined) {
    const set = new Set<string>(only);
    out.push((_s, _c, action) => set.has(action));
  }
  if (options.except !== undefined) {
    const set = new Set<string>(list(options.except));
    out.push((_s, _c, action) => !set.has(action));
  }
  for (const c of list(options.if)) out.push((self, ctx) => Boolean(call(self, c as string | Fn, [ctx])));
  for (const c of list(options.unless)) out.push((self, ctx) => !call(self, c as string | Fn, [ctx]));
  return out;
}

/** A controller's callbacks and rescue handlers (a class's own, copied from its parent's on its first declaration). */
export class CallbackChain {
  readonly entries: Entry[];
  readonly rescues: Rescue[];
  /** Methods named as callbacks, conditions or handlers: never actions (Rails keeps them private). */
  readonly helperNames: Set<string>;
  /** `skipForgeryProtection` declarations: whether each skips an action. */
  readonly forgerySkips: ((action: string) => boolean)[];

  constructor(from?: CallbackChain) {
    this.entries = from === undefined ? [] : [...from.entries];
    this.rescues = from === undefined ? [] : [...from.rescues];
    this.helperNames = new Set(from?.helperNames);
    this.forgerySkips = from === undefined ? [] : [...from.forgerySkips];
  }

  /** Rails' `skip_forgery_protection`: the forgery check (forgery.ts) passes these actions' requests. */
  skipForgery(options: ForgerySkipOptions<string> | undefined, declaredBy: string): void {
    const method = `${declaredBy}.skipForgeryProtection`;
    for (const key of Object.keys(options ?? {}))
      if (key !== "only" && key !== "except")
        throw new ArgumentError(`${method}: unknown option ${JSON.stringify(key)}: use only or except`);
    const where = predicates(options, method);
    this.forgerySkips.push((action) => where.every((p) => p(this, undefined as never, action)));
  }

  /** Whether `skipForgeryProtection` covers `action`. */
  skipsForgery(action: string): boolean {
    return this.forgerySkips.some((skips) => skips(action));
  }

  get empty(): boolean {
    return this.entries.length === 0 && this.rescues.length === 0;
  }

  add(kind: Kind, ref: string | Fn, options: CallbackOptions<object, string> | undefined, declaredBy: string): void {
    checkRef(ref, `${declaredBy}.${kind}Action`);
    this.#name(ref);
    for (const c of [...list(options?.if), ...list(options?.unless)]) this.#name(c as string | Fn);
    this.entries.push({ kind, ref, conditions: predicates(options, `${declaredBy}.${kind}Action`) });
  }

  /**
   * Rails' `skip_before_action` (and after, around): without conditions the callback is removed;
   * with them, it no longer runs where they hold. A callback not declared is an error, as in Rails.
   */
  skip(kind: Kind, ref: string | Fn, options: CallbackOptions<object, string> | undefined, declaredBy: string): void {
    const method = `${declaredBy}.skip${kind[0]!.toUpperCase()}${kind.slice(1)}Action`;
    const at = this.entries.findIndex((e) => e.kind === kind && e.ref === ref);
    if (at < 0) {
      const words = kind[0]!.toUpperCase() + kind.slice(1);
      throw new ArgumentError(
        `${words} process_action callback ${callbackName(ref)} has not been defined (${method}): declare it with ${kind}Action first, or name it as it was declared`,
      );
    }
    const skipWhere = predicates(options, method);
    if (skipWhere.length === 0) {
      this.entries.splice(at, 1);
      return;
    }
    const entry = this.entries[at]!;
    const skipped: Predicate = (self, ctx, action) => skipWhere.every((p) => p(self, ctx, action));
    this.entries[at] = { ...entry, conditions: [...entry.conditions, (s, c, a) => !skipped(s, c, a)] };
  }

  rescue(classes: readonly ErrorClass[], handler: string | Fn, declaredBy: string): void {
    if (classes.length === 0 || classes.some((c) => typeof c !== "function"))
      throw new ArgumentError(`${declaredBy}.rescueFrom needs error classes (rescueFrom(NotFound, handler))`);
    checkRef(handler, `${declaredBy}.rescueFrom`);
    this.#name(handler);
    this.rescues.push({ classes, handler });
  }

  #name(ref: string | Fn): void {
    if (typeof ref === "string") this.helperNames.add(ref);
  }

  /** The invoker of `action` (the method `fn`) through this chain. */
  invoker(action: string, fn: Fn, instance: (ctx: ActionContext) => object): (ctx: ActionContext) => unknown {
    const entries = this.entries;
    const rescues = this.rescues;
    return (ctx) => {
      const self = instance(ctx);
      const run = new Run(self, ctx, action, entries, () => fn.call(self, ctx));
      if (rescues.length === 0) return run.result();
      let value: unknown;
      try {
        value = run.result();
      } catch (e) {
        return rescued(self, ctx, rescues, e);
      }
      return value instanceof Promise ? value.catch((e: unknown) => rescued(self, ctx, rescues, e)) : value;
    };
  }
}

function checkRef(ref: unknown, declaredBy: string): void {
  if (typeof ref !== "string" && typeof ref !== "function")
    throw new ArgumentError(`${declaredBy} needs a method's name or a function, not ${String(ref)}`);
}

/** The answer of the most recently declared handler for `error`'s class; else `error` thrown on. */
function rescued(self: object, ctx: ActionContext, rescues: readonly Rescue[], error: unknown): unknown {
  for (let i = rescues.length - 1; i >= 0; i--) {
    const r = rescues[i]!;
    if (r.classes.some((C) => error instanceof C)) return call(self, r.handler, [error, ctx]);
  }
  throw error;
}

/** A before callback halted the chain with `response`: the dispatcher logs `by` and answers the response. */
export class Halted {
  constructor(
    readonly by: string,
    readonly response: Response,
  ) {}
}

const then = (v: unknown, f: (v: unknown) => unknown): unknown => (v instanceof Promise ? v.then(f) : f(v));

/** One request through a chain. */
class Run {
  halted: string | null = null;
  constructor(
    readonly self: object,
    readonly ctx: ActionContext,
    readonly action: string,
    readonly entries: readonly Entry[],
    readonly perform: () => unknown,
  ) {}

  result(): unknown {
    return then(this.from(0), (v) => (this.halted === null ? v : new Halted(this.halted, v as Response)));
  }

  /** The chain from entry `i` on, then the action. */
  from(i: number): unknown {
    const entries = this.entries;
    while (i < entries.length && !this.#applies(entries[i]!)) i++;
    if (i === entries.length) return this.perform();
    const entry = entries[i]!;
    const { self, ctx } = this;
    if (entry.kind === "before") {
      return then(call(self, entry.ref, [ctx]), (r) => {
        if (!(r instanceof Response)) return this.from(i + 1);
        this.halted = callbackName(entry.ref);
        return r;
      });
    }
    if (entry.kind === "after") {
      return then(this.from(i + 1), (v) => (this.halted === null ? then(call(self, entry.ref, [ctx]), () => v) : v));
    }
    let called = false;
    let inner: unknown;
    const next = (): Promise<unknown> => {
      called = true;
      return Promise.resolve(this.from(i + 1)).then((v) => (inner = v));
    };
    return then(call(self, entry.ref, [ctx, next]), (r) => (r === undefined && called ? inner : r));
  }

  #applies(entry: Entry): boolean {
    for (const p of entry.conditions) if (!p(this.self, this.ctx, this.action)) return false;
    return true;
  }
}

/** A subclass of `Controller`, as its static declarations see it. */
type ControllerType = abstract new (...args: any[]) => Controller<any>;

/** `Controller.beforeAction` and its kin: a callback of the class's instances, and where it runs. */
export type DeclareCallback<R extends "plain" | "around"> = <T extends ControllerType>(
  this: T,
  callback: R extends "around" ? AroundCallback<InstanceType<T>> : Callback<InstanceType<T>>,
  options?: CallbackOptions<InstanceType<T>>,
) => void;

/** The static method that adds (or skips) a `kind` callback in the class it is called on. */
export function declarer(kind: Kind, op: "add" | "skip"): DeclareCallback<"plain" | "around"> {
  return function (this: ControllerType, callback: unknown, options?: unknown) {
    ownChain(this)[op](kind, callback as string | Fn, options as CallbackOptions<object, string>, this.name);
  };
}

/** `Controller.rescueFrom`: error classes, and the handler of their instances. */
export type DeclareRescue = <T extends ControllerType, E>(
  this: T,
  errors: ErrorClass<E> | readonly ErrorClass<E>[],
  handler: RescueHandler<InstanceType<T>, E>,
) => void;

/** The static method that declares a rescue handler in the class it is called on. */
export function rescuer(): DeclareRescue {
  return function (this: ControllerType, errors: ErrorClass | readonly ErrorClass[], handler: unknown) {
    ownChain(this).rescue(Array.isArray(errors) ? errors : [errors], handler as string | Fn, this.name);
  };
}

/** `Controller.skipForgeryProtection`: every action of the class, or `only`/`except` these. */
export type DeclareForgerySkip = <T extends ControllerType>(
  this: T,
  options?: ForgerySkipOptions<ActionNames<InstanceType<T>>>,
) => void;

/** The static method that skips forgery protection in the class it is called on. */
export function forgerySkipper(): DeclareForgerySkip {
  return function (this: ControllerType, options?: ForgerySkipOptions<string>) {
    ownChain(this).skipForgery(options, this.name);
  };
}

/** Where a controller's chain is kept: an own static property of its class (or of its object of actions). */
const CHAIN: unique symbol = Symbol("switchyard.callbacks");

/** The chain a controller (a class or an object of actions) declared, if it declared anything. */
export function chainOf(controller: object): CallbackChain | undefined {
  return (controller as { [CHAIN]?: CallbackChain })[CHAIN];
}

/** The chain `controller` declares into: its own, copied from an inherited one on the first declaration. */
function ownChain(controller: object): CallbackChain {
  if (Object.hasOwn(controller, CHAIN)) return (controller as { [CHAIN]: CallbackChain })[CHAIN];
  const chain = new CallbackChain((controller as { [CHAIN]?: CallbackChain })[CHAIN]);
  Object.defineProperty(controller, CHAIN, { value: chain, enumerable: false });
  return chain;
}

/** The callbacks and handlers of an object of actions, as `defineController`'s second argument. */
export interface ControllerCallbacks<Self, A extends string> {
  readonly beforeAction?: readonly (Callback<Self> | readonly [Callback<Self>, CallbackOptions<Self, A>])[];
  readonly afterAction?: readonly (Callback<Self> | readonly [Callback<Self>, CallbackOptions<Self, A>])[];
  readonly aroundAction?: readonly (AroundCallback<Self> | readonly [AroundCallback<Self>, CallbackOptions<Self, A>])[];
  /** `[ErrorClass or classes, handler]` pairs, the last declared winning as in Rails. */
  readonly rescueFrom?: readonly (readonly [OneOrMany<ErrorClass>, RescueHandler<Self>])[];
  /** Rails' `skip_forgery_protection`: `true` for every action, or `{ only }`/`{ except }`. */
  readonly skipForgeryProtection?: true | ForgerySkipOptions<A>;
}

/** Declares `callbacks` on an object of actions (`defineController`'s options). */
export function declareCallbacks(target: object, callbacks: ControllerCallbacks<object, string>, name: string): void {
  const known = new Set(["beforeAction", "afterAction", "aroundAction", "rescueFrom", "skipForgeryProtection"]);
  for (const key of Object.keys(callbacks))
    if (!known.has(key))
      throw new ArgumentError(
        `defineController: unknown option ${JSON.stringify(key)}: use beforeAction, afterAction, aroundAction, rescueFrom or skipForgeryProtection`,
      );
  const chain = ownChain(target);
  for (const kind of ["before", "after", "around"] as const) {
    for (const item of callbacks[`${kind}Action`] ?? []) {
      const [ref, options] = Array.isArray(item) ? item : [item, undefined];
      chain.add(kind, ref as string | Fn, options as CallbackOptions<object, string> | undefined, name);
    }
  }
  for (const [classes, handler] of callbacks.rescueFrom ?? [])
    chain.rescue(list(classes) as ErrorClass[], handler as string | Fn, name);
  const skip = callbacks.skipForgeryProtection;
  if (skip !== undefined) chain.skipForgery(skip === true ? undefined : skip, name);
}
