import { ArgumentError } from "../errors.js";
import { pluralize, singularize } from "../support/inflections.js";
import type { RESOURCE_OWN_OPTIONS, ResourceOptions } from "./options.js";

/** The seven conventional actions. */
export type ResourceAction = "index" | "create" | "new" | "show" | "update" | "destroy" | "edit";

/**
 * What a resource is named and routed by: its own options (`RESOURCE_OWN_OPTIONS`), each also
 * `null` as Rails' nil. `only` and `except` are whatever the caller passed (JavaScript is not
 * checked), read by `actions()`, which rejects what is not an action; the `concerns` it replays are
 * the mapper's business.
 */
export type ResourceNaming = {
  [K in Exclude<keyof typeof RESOURCE_OWN_OPTIONS, "concerns" | "only" | "except">]?: ResourceOptions[K] | null;
} & { only?: unknown; except?: unknown };

const PLURAL_ACTIONS: readonly ResourceAction[] = ["index", "create", "new", "show", "update", "destroy", "edit"];
const PLURAL_API_ACTIONS: readonly ResourceAction[] = ["index", "create", "show", "update", "destroy"];
const SINGULAR_ACTIONS: readonly ResourceAction[] = ["show", "create", "update", "destroy", "new", "edit"];
const SINGULAR_API_ACTIONS: readonly ResourceAction[] = ["show", "create", "update", "destroy"];

const toList = (v: unknown): string[] => (v == null ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

/**
 * A plural resource (`resources :photos`): answers the naming and path questions the mapper asks
 * (Rails' `Mapper::Resources::Resource`), so they can be tested without the DSL.
 */
export class Resource {
  /** The actions a resource of this kind can have (what `only`/`except` may name). */
  static readonly validActions: readonly ResourceAction[] = PLURAL_ACTIONS;

  readonly name: string;
  readonly path: string;
  readonly controller: string;
  readonly param: string;
  readonly shallow: boolean;
  protected readonly as: string | null;
  protected readonly apiOnly: boolean;
  private readonly only: string[] | null;
  private readonly except: string[] | null;
  // Asked for every route the resource declares; worked out once, as Rails memoizes `singular`/`plural`.
  #actions: string[] | undefined;
  #singular: string | undefined;
  #plural: string | undefined;

  constructor(entity: string, apiOnly: boolean, shallow: boolean, options: ResourceNaming = {}) {
    if (options.param != null && String(options.param).includes(":")) {
      throw new ArgumentError(":param option can't contain colons");
    }
    this.name = String(entity);
    this.path = String(options.path ?? this.name);
    this.controller = String(options.controller ?? this.defaultController());
    this.as = options.as ?? null;
    this.param = String(options.param ?? "id");
    this.shallow = shallow;
    this.apiOnly = apiOnly;
    this.only = options.only != null ? toList(options.only) : null;
    this.except = options.except != null ? toList(options.except) : null;
    this.checkActionNames();
  }

  protected defaultController(): string {
    return this.name;
  }

  isSingleton(): boolean {
    return false;
  }

  defaultActions(): readonly ResourceAction[] {
    return this.apiOnly ? PLURAL_API_ACTIONS : PLURAL_ACTIONS;
  }

  /** The actions this resource draws, after `only:`/`except:`. */
  actions(): string[] {
    const available = this.only ?? [...this.defaultActions()];
    return this.except ? available.filter((a) => !this.except!.includes(a)) : available;
  }

  hasAction(action: ResourceAction): boolean {
    return (this.#actions ??= this.actions()).includes(action);
  }

  /** Rails 8 rejects `only`/`except` naming actions a resource cannot have; so do we. */
  private checkActionNames(): void {
    if (this.only === null && this.except === null) return;
    const valid = (this.constructor as typeof Resource).validActions;
    for (const [key, list] of [
      ["only", this.only],
      ["except", this.except],
    ] as const) {
      const bad = (list ?? []).filter((a) => !(valid as readonly string[]).includes(a));
      if (bad.length > 0) {
        const kind = this.isSingleton() ? "resource" : "resources";
        throw new ArgumentError(
          `${kind} ${JSON.stringify(this.name)}: ${key}: ${JSON.stringify(bad.length === 1 ? bad[0] : bad)} is not an action ` +
            `of ${this.isSingleton() ? "a singular resource" : "a resource"}; ${key} takes ${valid.join(", ")}. ` +
            `Declare other actions with member or collection routes.`,
        );
      }
    }
  }

  /** The name routes are named after: `as:` or the resource name. */
  get routeName(): string {
    return this.as ?? this.name;
  }
  get plural(): string {
    return (this.#plural ??= this.pluralName());
  }
  get singular(): string {
    return (this.#singular ??= this.singularName());
  }
  protected pluralName(): string {
    return this.routeName;
  }
  protected singularName(): string {
    return singularize(this.routeName);
  }
  get memberName(): string {
    return this.singular;
  }
  /** `photos`, or `sheep_index` when singular and plural are the same word. */
  get collectionName(): string {
    return this.singular === this.plural ? `${this.plural}_index` : this.plural;
  }
  get resourceScope(): string {
    return this.controller;
  }
  get collectionScope(): string {
    return this.path;
  }
  get memberScope(): string {
    return `${this.path}/:${this.param}`;
  }
  get shallowScope(): string {
    return this.memberScope;
  }
  newScope(newPath: string): string {
    return `${this.path}/${newPath}`;
  }
  /** The parent's segment name in nested routes: `photo_id`, or `photo_slug` with `param: "slug"`. */
  get nestedParam(): string {
    return `${this.singular}_${this.param}`;
  }
  get nestedScope(): string {
    return `${this.path}/:${this.nestedParam}`;
  }
}

/** A singular resource (`resource :profile`): no index, no `:id`, controller named in the plural. */
export class SingletonResource extends Resource {
  static override readonly validActions: readonly ResourceAction[] = SINGULAR_ACTIONS;

  /** Rails pluralizes the resource name here, never `as:` (`resource :profile, as: :me` -> `profiles`). */
  protected override defaultController(): string {
    return pluralize(this.name);
  }
  override isSingleton(): boolean {
    return true;
  }
  override defaultActions(): readonly ResourceAction[] {
    return this.apiOnly ? SINGULAR_API_ACTIONS : SINGULAR_ACTIONS;
  }
  protected override pluralName(): string {
    return pluralize(this.routeName);
  }
  protected override singularName(): string {
    return this.routeName;
  }
  override get collectionName(): string {
    return this.singular;
  }
  override get memberScope(): string {
    return this.path;
  }
  override get nestedScope(): string {
    return this.path;
  }
}
