// The compiled strategy: per verb, a token trie that keeps registration order, a map of static
// paths, and the few routes only a regexp can match. The trie is built from objects and then
// laid out flat, in one Int32Array (see `TrieWriter`).
//
// Choices, each measured on the benchmark tables (bench/RESULTS.md; 2 shared cores, Node 20; time
// by interleaved A/B rounds, instructions with bench/instructions.mjs). On the Rails-style app the
// walk now runs fewer instructions than memoirist and still takes 1.1x its time: what is left is
// loads and branches. Instructions that matter: a `charCodeAt` is ~27 of them in optimized code,
// so each path character is read as few times as possible.
// - Routes are bucketed by verb at draw time (an any-verb route is in every bucket): a request
//   never looks at another verb's routes.
// - Static paths (a route expansion without parameters) answer from one `Map<path, route>`
//   lookup — but only when no earlier route (dynamic, conditional, or regexp-only) could also
//   match that path, which is decided at draw time by running the full matcher on the path. A
//   filter on (length, last character) keeps dynamic paths from paying for the lookup.
// - The trie's edges are tokens (`/word`, `.word`), so `(.:format)` is just one more optional
//   token level (`/photos/:id` and `/photos/:id.:format`) rather than a regexp. Each node knows
//   the smallest route priority below it; the walk explores children in that order and prunes
//   every subtree that cannot beat the best match found so far, so first-match order costs
//   nothing on resourceful tables (`/photos/new` before `/photos/:id` is found first and `:id`
//   is never tried).
// - The walk reads the raw request path and checks on the way that `normalize_path` would leave
//   it alone; only a path that is not normal is normalized and walked again (see `walk`).
// - Static words are matched in place, in a table keyed by their first one or two characters, or
//   (where many share those) hashed over numbers the walk has in hand (see `WordTable`): no
//   substring is cut and no string hashed.
// - The sealed trie is one Int32Array of records (see `TrieWriter`): nodes, word tables and word
//   codes of a subtree next to one another. It ran ~5% more instructions than the object trie
//   it replaced (a typed-array load is a bounds check and an address computation) and was 2-4%
//   faster on the small benchmark tables and 10-25% on the 10,000-route one in interleaved A/B
//   (fewer cache lines per step); the 10,000-route table holds 8.3 MB instead of 12.8, and
//   none of it is scanned or copied by the garbage collector.
// - Parameters are captured as offsets; strings are cut only for the winning route, by code
//   generated per params layout (see `captureParams`).
// - Requirements of the form `X+` (`\d+`, `[^\/]+`, `[a-z0-9-]+`) are a 128-entry table lookup
//   per character: no regexp runs for them.
// - Regexp-only routes (globs, `:a-:b`, arbitrary requirements, mounts) are tried in order after
//   the walk, and only those that precede the walk's best match and whose literal prefix the
//   path starts with.
// - Generating JavaScript for the trie itself (a function per node) was tried and dropped: on the
//   430-route table most of its ~440 functions ran too rarely to be optimized, and recognition
//   was 1.6x slower than this interpreted walk, whose few functions stay hot.
//
// Files, in the order a table goes through them:
// - trie.ts      the trie while building: `TrieNode`, `WordTable`, `TrieBuilder`, the `Terminal`s
// - flat.ts      the flat layout, `TrieWriter` that writes it and the word tables' modes
// - walk.ts      one request's search: the walk over the flat trie, then the regexp-only routes
// - compiled-strategy.ts  `Bucket`s by verb, compiling a table into them, `CompiledStrategy`
// - dump.ts      a sealed trie as text (`dumpTrie`, `CompiledStrategy#dump`)
// - chars.ts     the character codes compared

export { CompiledStrategy } from "./compiled-strategy.js";
