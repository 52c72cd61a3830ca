/**
 * Forgery protection, on by default (Rails' `protect_from_forgery`, by the stateless check of Go
 * 1.25's `http.CrossOriginProtection` instead of a session token): a state-changing request —
 * any method but GET, HEAD and OPTIONS, as the client sent it (so a form POST whatever its
 * `_method`) — that a browser says came from another site is refused with 403 before the action
 * runs, and the log says, as Rails', `Can't verify CSRF token authenticity.`.
 *
 * The browser says so by `Sec-Fetch-Site` (every current browser sends it): `same-origin` and
 * `none` (typed in the address bar, a bookmark) pass, anything else (`cross-site`, `same-site`) is
 * refused. Without it, an `Origin` whose host is not the request's `Host` is refused. A request
 * with neither header is not from a browser that a page could drive (curl, a server, a mobile
 * app, a test's `new Request(...)`), and passes, as Go lets it: API clients are unaffected.
 *
 * Exempt: origins listed in `trustedOrigins` (`https://app.example.com`: scheme, host and port),
 * and a controller's actions after `skipForgeryProtection` (Rails' `skip_forgery_protection`).
 * Only controller actions are checked, as in Rails: redirect routes and mounted apps are not.
 */
import { ArgumentError } from "../errors.js";
import type { Exchange } from "./transport/exchange.js";

/** The `forgeryProtection` option of `createHandler`. */
export interface ForgeryProtectionOptions {
  /**
   * Origins whose requests pass though they come from another site (Go's `AddTrustedOrigin`):
   * `scheme://host[:port]`, nothing after it (`https://admin.example.com`).
   */
  readonly trustedOrigins?: readonly string[];
}

/** A request refused as a possible forgery: answered 403 before the action runs. */
export class InvalidCrossOriginRequest extends Error {
  override name = "InvalidCrossOriginRequest" as const;
}

/** Rails' warning, written to the request log before `Completed 403`. */
export const FORGERY_WARNING = "Can't verify CSRF token authenticity.";

export class ForgeryProtection {
  readonly #trusted: ReadonlySet<string>;

  constructor(options: ForgeryProtectionOptions = {}) {
    for (const key of Object.keys(options))
      if (key !== "trustedOrigins")
        throw new ArgumentError(
          `forgeryProtection: unknown option ${JSON.stringify(key)}: the one option is trustedOrigins (or give true or false)`,
        );
    const trusted = new Set<string>();
    for (const origin of options.trustedOrigins ?? []) trusted.add(checkedOrigin(origin));
    this.#trusted = trusted;
  }

  /** Why `ex` is refused (a sentence for its 403), or null when it passes. */
  refusal(ex: Exchange): string | null {
    const method = ex.originalMethod;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
    const site = ex.header("sec-fetch-site");
    const origin = ex.header("origin");
    let seen: string;
    if (site !== undefined && site !== "") {
      if (site === "same-origin" || site === "none") return null;
      seen = `Sec-Fetch-Site: ${site}`;
    } else {
      if (origin === undefined || origin === "") return null;
      if (hostOf(origin) === ex.authority.toLowerCase()) return null;
      seen = `Origin ${origin} for the host ${ex.authority}`;
    }
    if (origin !== undefined && this.#trusted.has(origin)) return null;
    return `Forbidden: a ${method} from another site (${seen}) is refused as a possible forgery. Send it from a page of this site, list its origin in createHandler's forgeryProtection: { trustedOrigins: [...] }, or skipForgeryProtection() in the controller`;
  }
}

/** The host (with its port) of an `Origin` header, or null for one that is no URL (`null`). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** A trusted origin as an `Origin` header carries it, or an `ArgumentError` naming it and the form wanted. */
function checkedOrigin(origin: string): string {
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    url = undefined;
  }
  const bare = url !== undefined && url.host !== "" && `${url.protocol}//${url.host}` === origin;
  if (!bare)
    throw new ArgumentError(
      `forgeryProtection.trustedOrigins: ${JSON.stringify(origin)} is not an origin: give the scheme, host and port only, as a browser sends Origin (e.g. "https://app.example.com")`,
    );
  return origin;
}
