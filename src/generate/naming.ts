/**
 * ActiveModel::Name's route keys, which polymorphic helpers use to name routes:
 * `Photo` -> `photos`/`photo`, `Admin::Photo` -> `admin_photos`/`admin_photo`, and an
 * uncountable `Sheep` -> `sheep_index`/`sheep` (as `resources :sheep` names its collection).
 */
import { underscore } from "../support/inflector.js";
import { pluralize, singularize } from "../support/inflections.js";
import type { BoundedCache } from "../support/bounded-cache.js";

export interface RouteKeys {
  /** `model_name.route_key`: the collection route name. */
  readonly routeKey: string;
  /** `model_name.singular_route_key`: the member route name. */
  readonly singularRouteKey: string;
}

/** Route keys of a model name; `cache` (one per helpers object) saves re-inflecting the same names. */
export function routeKeys(modelName: string, cache: BoundedCache<string, RouteKeys>): RouteKeys {
  let keys = cache.get(modelName);
  if (keys === undefined) {
    const singular = underscore(modelName).replace(/\//g, "_");
    const plural = pluralize(singular);
    const singularRouteKey = singularize(plural);
    const routeKey = plural === singular ? plural + "_index" : plural;
    keys = Object.freeze({ routeKey, singularRouteKey });
    cache.set(modelName, keys);
  }
  return keys;
}
