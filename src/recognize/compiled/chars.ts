/** The character codes the compiled strategy compares: separators, and what `normalize_path` acts on. */
export const SLASH = 47;
export const DOT = 46;
export const HASH = 35;
export const PERCENT = 37;
export const QUESTION = 63;
