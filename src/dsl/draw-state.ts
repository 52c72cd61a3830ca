// What the DSL's modules share while a declaration function runs: the scope declarations are
// made in, the table they add to, and the mapper that blocks receive.
import { ArgumentError } from "../errors.js";
import type { ConcernCallback } from "./concerns.js";
import type { Mapper, MapperContext } from "./mapper.js";
import { lastNameJoiner, type RouteNameInput } from "./naming.js";
import type { Block, PathNames } from "./options.js";
import { type ActionPathInput, lastFullPath } from "./paths.js";
import type { Resource } from "./resource.js";
import { MERGE, Scope, type ScopeLevel } from "./scope.js";
import type { TableBuilder } from "./table-builder.js";

type Writable<T> = { -readonly [K in keyof T]: T[K] };

export class DrawState {
  /** The scope the next declaration is made in: each block runs in a scope of its own, restored afterwards ({@link within}). */
  scope: Scope;
  /**
   * `ctx.builder`, held directly: read through `ctx` on every route, V8 specialised the code on the
   * first draw's context object and deoptimized it at the start of the next draw (--trace-deopt).
   */
  readonly builder: TableBuilder;
  readonly apiOnly: boolean;
  readonly drawFile: MapperContext["drawFile"];
  /** The mapper blocks and concerns are called with (the `r` of the declaration function). */
  readonly mapper: Mapper;
  readonly concerns = new Map<string, ConcernCallback>();
  /** Name and path joiners that keep their last answer (see `lastNameJoiner`). */
  readonly joinName = lastNameJoiner();
  readonly fullPath = lastFullPath();
  /**
   * The inputs of `routeName` and `pathForAction`: one object of each, refilled for every route
   * (both return before anything can declare another route). A new pair per route (~90 bytes)
   * made the DSL part of drawing synth-10000 run ~37% more instructions.
   */
  readonly nameInput: Writable<RouteNameInput>;
  readonly pathInput: Writable<ActionPathInput> = {
    scopePath: undefined,
    action: "",
    path: undefined,
    canonical: false,
    pathNames: undefined,
  };

  constructor(mapper: Mapper, ctx: MapperContext, pathNames: PathNames) {
    this.mapper = mapper;
    this.builder = ctx.builder;
    this.apiOnly = ctx.apiOnly;
    this.drawFile = ctx.drawFile;
    this.scope = Scope.root({ ...pathNames });
    const builder = ctx.builder;
    // Whether a route name is taken: `routeName` asks it of every name it generates.
    const isTaken = (name: string) => builder.hasNamedRoute(name);
    this.nameInput = {
      as: undefined,
      action: null,
      canonical: false,
      namePrefix: undefined,
      level: null,
      resource: undefined,
      isTaken,
    };
  }

  /** Runs `fn` in `scope`, then restores the scope it was called in. */
  within(scope: Scope, fn: () => void): void {
    const saved = this.scope;
    this.scope = scope;
    try {
      fn();
    } finally {
      this.scope = saved;
    }
  }

  withLevel(level: ScopeLevel, fn: () => void): void {
    this.within(this.scope.enterLevel(level), fn);
  }

  pathScope(path: string, fn: () => void): void {
    this.within(this.scope.extend({ path: MERGE.path(this.scope.values.path, path) as string }), fn);
  }

  /** Calls a declaration block with the mapper. */
  run(block: Block | undefined): void {
    block?.(this.mapper);
  }

  /** The resource being declared, if any. */
  get parentResource(): Resource | undefined {
    return this.scope.values.scopeLevelResource;
  }

  requireResourceScope(what: string): Resource {
    if (!this.scope.isResourceScope()) throw new ArgumentError(`can't use ${what} outside resource(s) scope`);
    return this.parentResource!;
  }
}
