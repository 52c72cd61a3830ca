// The routes of a small blog, declared with switchyard — the TypeScript twin of a Rails
// `config/routes.rb`. `switchyard routes --root examples/blog` (or `npm start`) prints them.
//
// The file default-exports a declaration function, as the files under config/routes/ do;
// `loadRoutes({ root })` draws it with `config/routes/` as the directory for `r.draw(name)`.
import { defineRoutes, type RequestInfo } from "switchyard";

/** A fetch-style handler mounted at `/up`: the load balancer's health check. */
function healthCheck(_request: Request): Response {
  return new Response("ok", { headers: { "content-type": "text/plain" } });
}

/** A fetch-style handler mounted at `/admin/jobs`, only for staff (see `staffOnly`). */
async function jobsDashboard(_request: Request): Promise<Response> {
  return Response.json({ queues: { default: 0, mailers: 0 } });
}

/** A constraint object (Rails: an object responding to `matches?`). A real app would check a session. */
const staffOnly = {
  matches: (req: RequestInfo) => req.headers?.["x-role"] === "staff",
};

export default defineRoutes((r) => {
  r.defaultUrlOptions({ host: "blog.example.com", protocol: "https" });

  r.root("home#index");

  r.concern("commentable", () => {
    r.resources("comments", { only: ["index", "create"] });
  });

  // Everything readers see, under an optional locale: /posts, /en/posts, /nl/posts.
  r.scope("(:locale)", { constraints: { locale: /en|nl/ } }, () => {
    r.resources("posts", { concerns: "commentable", shallow: true }, () => {
      r.collection(() => {
        r.get("drafts");
        r.get("search");
      });
      r.member(() => {
        r.post("publish");
        r.delete("publish", { action: "unpublish" });
      });
      r.new(() => {
        r.get("preview");
      });
      r.resources("revisions", { only: ["index", "show"] });
      r.resources("images", { controller: "post_images", only: ["create", "destroy"] });
    });
    r.resources("tags", { only: "show", param: "slug" });
    r.resources("authors", { path: "writers", only: ["index", "show"] }, () => {
      r.nested(() => {
        r.get("followers");
      });
    });
    r.get("archive/:year(/:month)", {
      to: "archives#show",
      as: "archive",
      constraints: { year: /\d{4}/, month: /\d{2}/ },
    });
    r.controller("pages", () => {
      r.get({ about: Symbol.for("about") });
      r.get({ privacy: Symbol.for("privacy") });
    });
  });

  r.resources("galleries", { only: "show" }, () => {
    r.concerns("commentable");
  });
  r.resource("profile", { only: ["show", "edit", "update"] }, () => {
    r.put("avatar");
  });
  r.resource("session", { only: ["new", "create", "destroy"], pathNames: { new: "sign_in" } });
  r.get({ login: "sessions#new" });
  r.delete("logout", { to: "sessions#destroy", as: "logout" });
  r.resources("users", { only: ["new", "create"], path: "signup", as: "registrations" });
  r.resources("uploads", { module: "media", only: ["create", "destroy"] });

  r.scope({ module: "account", path: "me", as: "account" }, () => {
    r.resources("notifications", { only: ["index", "destroy"] }, () => {
      r.patch("read", { on: "member" });
      r.delete("clear", { on: "collection" });
    });
  });

  r.defaults({ format: "atom" }, () => {
    r.get("feed", { to: "feeds#show" });
  });
  r.match("search", { to: "search#index", via: ["get", "post"] });
  r.get("/articles/:id", { to: r.redirect("/posts/%{id}") });
  r.get("/blog", { to: r.redirect("/", { status: 302 }) });

  // Readers who opted into the beta get the new editor; everyone else the old one.
  r.constraints(
    (req: RequestInfo) => /(?:^|;\s*)beta=1(?:;|$)/.test(req.headers?.["cookie"] ?? ""),
    () => {
      r.get("editor", { to: "editor#beta" });
    },
  );
  r.get("editor", { to: "editor#show" });

  r.namespace("admin", () => {
    r.root("dashboard#show");
    r.resources("posts", { except: ["show"] }, () => {
      r.patch("restore", { on: "member" });
    });
    r.resources("users", { param: "username", only: ["index", "show", "destroy"] });
    r.draw("admin/reports"); // config/routes/admin/reports.ts, inside this namespace
    r.constraints(staffOnly, () => {
      r.mount(jobsDashboard, { at: "/jobs", as: "jobs" });
    });
  });

  r.draw("api"); // config/routes/api.ts
  r.mount({ "/up": healthCheck }); // Rails: mount HealthCheck => "/up"

  r.direct("source_code", () => "https://github.com/example/blog");
  r.resolve("Profile", () => ["profile"]);
});
