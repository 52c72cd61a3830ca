// A minimal layout and form helpers: what Rails' views would render, as template strings.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML (`ERB::Util.html_escape`). */
export const h = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${h(title)} · blog</title></head>
<body>
<h1>${h(title)}</h1>
${body}
</body>
</html>
`;
}

/**
 * A form for `method`, as Rails' `form_with` writes it: browsers send only GET and POST, so any
 * other verb is a POST carrying `_method`, which switchyard (as Rack::MethodOverride) serves as that verb.
 */
export function form(action: string, method: string, fields: string, submit: string): string {
  const verb = method.toUpperCase();
  const override =
    verb === "GET" || verb === "POST" ? "" : `<input type="hidden" name="_method" value="${h(verb.toLowerCase())}">`;
  return `<form action="${h(action)}" method="${verb === "GET" ? "get" : "post"}">${override}${fields}<button>${h(submit)}</button></form>`;
}

/** Rails' `button_to`: a one-button form (a link cannot DELETE). */
export const buttonTo = (label: string, action: string, method: string): string => form(action, method, "", label);

/** A post's fields (`post[title]`, `post[body]`), empty or filled in from `post`. */
export function postFields(post?: { title: string; body: string }): string {
  return `<label>Title <input name="post[title]" value="${h(post?.title ?? "")}"></label>
<label>Body <textarea name="post[body]">${h(post?.body ?? "")}</textarea></label>`;
}
