import { rubyInspect } from "../support/ruby.js";
import type { RequestInfo } from "./request.js";

/**
 * A redirect endpoint (`r.redirect(...)`), Rails' `ActionDispatch::Routing::Redirect` family:
 * a path template with `%{param}` interpolation, an options map (`host`, `subdomain`, `path`,
 * `protocol`, `port`, ...), or a callback computing the location. Serving (computing the
 * `Location` for a request) lives with the recognizer; the table only stores and prints it.
 */
export type RedirectCallback =
  | ((params: Record<string, string>, request: RequestInfo) => string)
  | ((params: Record<string, string>) => string);

export interface RedirectOptions {
  status?: number;
  path?: string;
  host?: string;
  subdomain?: string;
  domain?: string;
  protocol?: string;
  port?: number | string;
  [key: string]: unknown;
}

export type RedirectTarget =
  | { readonly kind: "path"; readonly path: string }
  | { readonly kind: "options"; readonly options: Readonly<Record<string, unknown>> }
  | { readonly kind: "callback"; readonly callback: RedirectCallback };

export class Redirect {
  constructor(
    readonly status: number,
    readonly target: RedirectTarget,
  ) {}

  /** As Rails' `Redirect#inspect`, shown in the route sheet: `redirect(301, /articles/%{id})`. */
  inspect(): string {
    const t = this.target;
    if (t.kind === "path") return `redirect(${this.status}, ${t.path})`;
    if (t.kind === "options") {
      // Ruby's "#{k}: #{v}": a string as it is, nil as nothing, a Hash or Array as its inspect
      const parts = Object.entries(t.options).map(
        ([k, v]) => `${k}: ${typeof v === "string" ? v : v == null ? "" : rubyInspect(v)}`,
      );
      return `redirect(${this.status}, ${parts.join(", ")})`;
    }
    return `redirect(${this.status})`;
  }

  toString(): string {
    return this.inspect();
  }
}
