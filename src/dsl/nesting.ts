// Inside a resource: `collection`, `member`, `new`, `nested` and `shallow` (Rails' scope levels),
// each a scope whose path and name come from the resource being declared.
import type { DrawState } from "./draw-state.js";
import type { Block, ScopeOptions } from "./options.js";
import { actionPath } from "./paths.js";
import type { Resource } from "./resource.js";
import type { Hash } from "./scope.js";
import { scope } from "./scoping.js";

/** Routes on the collection (`/photos/search`). */
export function collection(st: DrawState, block: Block): void {
  const resource = st.requireResourceScope("collection");
  st.withLevel("collection", () => st.pathScope(resource.collectionScope, () => st.run(block)));
}

/** Routes on one member (`/photos/:id/like`). */
export function member(st: DrawState, block: Block): void {
  const resource = st.requireResourceScope("member");
  st.withLevel("member", () => {
    const inner = () => st.pathScope(resource.memberScope, () => st.run(block));
    if (isShallow(st)) shallowScope(st, inner);
    else inner();
  });
}

/** Routes on the new-member form (`/photos/new/preview`). */
export function newMember(st: DrawState, block: Block): void {
  const resource = st.requireResourceScope("new");
  st.withLevel("new", () =>
    st.pathScope(resource.newScope(actionPath(st.scope.values.pathNames, "new")), () => st.run(block)),
  );
}

/** Routes nested under one member (`/photos/:photo_id/...`). */
export function nested(st: DrawState, block: Block): void {
  const resource = st.requireResourceScope("nested");
  st.withLevel("nested", () => {
    const inner = () =>
      st.pathScope(resource.nestedScope, () => scope(st, [nestedOptions(st, resource), () => st.run(block)]));
    if (isShallow(st) && shallowNestingDepth(st) >= 1) shallowScope(st, inner);
    else inner();
  });
}

/** `shallow do ... end`: nested members drop their parents from paths and names. */
export function shallow(st: DrawState, block: Block): void {
  st.within(st.scope.extend({ shallow: true }), () => st.run(block));
}

function isShallow(st: DrawState): boolean {
  const resource = st.parentResource;
  return !!resource && !resource.isSingleton() && !!st.scope.values.shallow;
}

function shallowNestingDepth(st: DrawState): number {
  let depth = 0;
  for (const node of st.scope.chain()) if (node.frame.scopeLevelResource?.shallow) depth++;
  return depth;
}

function shallowScope(st: DrawState, fn: () => void): void {
  st.within(
    st.scope.extend({ as: st.scope.values.shallowPrefix ?? null, path: st.scope.values.shallowPath ?? null }),
    fn,
  );
}

function nestedOptions(st: DrawState, resource: Resource): ScopeOptions {
  const options: ScopeOptions = { as: resource.memberName };
  const constraint = (st.scope.values.constraints as Hash | undefined)?.[resource.param];
  if (constraint instanceof RegExp) options.constraints = { [resource.nestedParam]: constraint };
  return options;
}
