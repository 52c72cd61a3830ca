import { Resource, SingletonResource } from "../dsl/resource.js";
import type { ResourceDeclaration } from "../table/route-table.js";
import { sourceText } from "../table/source.js";

export type { ResourceDeclaration };

export interface EmptyResourceFinding {
  readonly kind: "empty-resource";
  readonly declaration: ResourceDeclaration;
  readonly message: string;
}

/** The actions a declaration draws after `only`/`except` (Rails' `Resource#actions`); null when the options name no valid action list. */
export function resourceActions(decl: ResourceDeclaration): string[] | null {
  const Kind = decl.kind === "resources" ? Resource : SingletonResource;
  try {
    return new Kind(decl.name, !!decl.apiOnly, false, { only: decl.only, except: decl.except }).actions();
  } catch {
    // An action name that is not one of the seven: the mapper rejects the declaration itself.
    return null;
  }
}

/** A finding when the declaration draws no route at all. */
export function emptyResource(decl: ResourceDeclaration): EmptyResourceFinding | null {
  const actions = resourceActions(decl);
  if (actions === null || actions.length > 0) return null;
  if (decl.routesDrawn !== undefined ? decl.routesDrawn > 0 : decl.hasBlock) return null;
  const options = [
    decl.only !== undefined ? `only: ${JSON.stringify(decl.only)}` : null,
    decl.except !== undefined ? `except: ${JSON.stringify(decl.except)}` : null,
  ].filter((o) => o !== null);
  const Kind = decl.kind === "resources" ? Resource : SingletonResource;
  const valid = Kind.validActions.filter((a) => !decl.apiOnly || (a !== "new" && a !== "edit"));
  const at = sourceText(decl.source);
  const where = `${decl.scope ? ` in ${decl.scope}` : ""}${at === "" ? "" : ` (at ${at})`}`;
  const from = decl.inherited ? ` (from its scope)` : "";
  return {
    kind: "empty-resource",
    declaration: decl,
    message:
      `${decl.kind} ${JSON.stringify(decl.name)}${where}, ${options.join(", ")}${from} draws no route: ` +
      `${options.length > 1 ? "together they leave" : "it leaves"} none of the actions (${valid.join(", ")})` +
      `${decl.hasBlock ? " and its block declares none" : ""}. Remove the declaration, or list the actions it should have in only:.`,
  };
}
