/**
 * The error classes of switchyard's public interface. Each carries Rails' class name in
 * `name`, so `err.name === "ArgumentError"` works across realms and bundles.
 */

/** A declaration error (Rails' ArgumentError): thrown by `draw` and by helpers given bad arguments. */
export class ArgumentError extends Error {
  override name = "ArgumentError" as const;
}

/** A URL helper could not build a path: required segments missing or not matching their constraints. */
export class UrlGenerationError extends Error {
  override name = "UrlGenerationError" as const;
}

/** A request that no route answers, where the caller asked for an exception rather than `null`. */
export class RoutingError extends Error {
  override name = "RoutingError" as const;
}

/** Rails raises RuntimeError for `direct`/`resolve` inside a scope block; so does switchyard. */
export class RuntimeError extends Error {
  override name = "RuntimeError" as const;
}

/**
 * A redirect's `%{name}` names a parameter the request does not have: Rails' `String#%` raises
 * KeyError (`key{name} not found`), which a Rails app answers with a server error.
 */
export class KeyError extends Error {
  override name = "KeyError" as const;
}

/**
 * A redirect's `Location` is not a URI Ruby's parser accepts (a space, a bare `%`, `|`, a `%{name}`
 * left uninterpolated, non-ASCII text): `URI.parse` in Rails' `Redirect#serve` raises
 * `URI::InvalidURIError`, which a Rails app answers with a server error.
 */
export class InvalidURIError extends Error {
  override name = "InvalidURIError" as const;
}
