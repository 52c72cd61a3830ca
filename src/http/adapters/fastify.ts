/**
 * `switchyard/fastify`: a handler from `createHandler` as a Fastify plugin.
 *
 *     await app.register(switchyard, { handler });            // or { handler, prefix: "/blog" }
 *
 * The plugin registers one catch-all route (every method, `/*`) in its own encapsulated context,
 * with a content-type parser that leaves the body to switchyard (Rails' form, multipart and JSON
 * params, its limit). Fastify's own routes still win where they match. A request none of
 * switchyard's routes matches goes to Fastify's not-found handler (`reply.callNotFound()`),
 * unless `fallthrough: false` makes it answer 404 itself. The plugin's prefix is the script name.
 * Replies go through Fastify's `reply` (its hooks and logging see them); a mounted node listener
 * gets the raw request and response (`reply.hijack()`). Fastify answers some requests before any
 * route runs: a malformed `%`-escape (400 FST_ERR_BAD_URL), a Content-Type it cannot parse (415
 * FST_ERR_CTP_INVALID_MEDIA_TYPE, such as the `application/x-www-form-urlencoded, text/plain`
 * Rack reads as a form). Actions see Fastify's own `{ request, reply }` as `ctx.framework` (what
 * its hooks and decorators set on them).
 */
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import {
  bodyToSend,
  dispatcherOf,
  HANDLED,
  NodeExchange,
  nodeExchange,
  Reply,
  serveExchange,
  Unmatched,
  type Outcome,
} from "../transport/index.js";

export interface FastifyAdapterOptions {
  /** The handler to serve (made by `createHandler`). */
  handler: (request: Request) => Promise<Response>;
  /** Fastify's not-found handler for a request no route matches (default true); false answers it 404 here. */
  fallthrough?: boolean;
}

const byteLength = (body: string | Uint8Array): number =>
  typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;

/** Fastify's own objects for a request, as actions see them (`ctx.framework`). */
export interface FastifyObjects {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

declare module "../action-context.js" {
  interface FrameworkObjects {
    /** Served by `switchyard/fastify`. */
    fastify: FastifyObjects;
  }
}

/** A Fastify request: its `request`/`reply` for actions; a mounted node listener takes the raw response over (`hijack`). */
class FastifyExchange extends NodeExchange {
  request: FastifyRequest | undefined;
  reply: FastifyReply | undefined;
  #framework: FastifyObjects | undefined;
  override get framework(): FastifyObjects {
    return (this.#framework ??= { request: this.request!, reply: this.reply! });
  }
  protected override handOver(): void {
    this.reply?.hijack();
  }
}

function send(reply: FastifyReply, outcome: Reply | Response, ex: NodeExchange): FastifyReply {
  if (outcome instanceof Reply) {
    const body = bodyToSend(outcome, ex.method, ex.originalMethod, byteLength);
    return reply
      .code(outcome.status)
      .headers(outcome.headers)
      .send(body ?? undefined);
  }
  if (ex.method === "HEAD") {
    outcome.body?.cancel().catch(() => {});
    const headers = Object.fromEntries(outcome.headers);
    if (ex.originalMethod !== "HEAD") headers["content-length"] = "0";
    return reply.code(outcome.status).headers(headers).send();
  }
  return reply.send(outcome);
}

/** The Fastify plugin: `app.register(fastifyPlugin, { handler })`. */
export const fastifyPlugin: FastifyPluginCallback<FastifyAdapterOptions> = (fastify, options, done) => {
  const dispatcher = dispatcherOf(options.handler);
  if (dispatcher === undefined) {
    done(
      new TypeError(
        "switchyard/fastify needs { handler }: a handler made by createHandler(routes, options) from switchyard/http",
      ),
    );
    return;
  }
  const fallthrough = options.fallthrough ?? true;
  const prefix = fastify.prefix.replace(/\/+$/, "");
  fastify.removeAllContentTypeParsers();
  // The body stays unread: switchyard reads it (from request.raw) when a route needs it.
  fastify.addContentTypeParser("*", (_request, _payload, parsed) => parsed(null, undefined));
  const answer = (outcome: Outcome, ex: FastifyExchange): unknown => {
    const reply = ex.reply!;
    if (outcome === HANDLED) return reply;
    return send(reply, outcome instanceof Unmatched ? dispatcher.notFound(outcome) : outcome, ex);
  };
  const passOn = fallthrough ? (_: Unmatched, ex: FastifyExchange): unknown => ex.reply!.callNotFound() : undefined;
  const serve = (request: FastifyRequest, reply: FastifyReply): unknown => {
    const ex = nodeExchange(FastifyExchange, request.raw, reply.raw, prefix, prefix);
    ex.request = request;
    ex.reply = reply;
    return serveExchange(dispatcher, ex, answer, passOn);
  };
  // Every method this Fastify accepts (its defaults and any `addHttpMethod`), HEAD among them.
  const methods = [...fastify.supportedMethods];
  fastify.route({ method: methods, url: "/*", handler: serve });
  fastify.route({ method: methods, url: "/", handler: serve });
  done();
};

export default fastifyPlugin;
