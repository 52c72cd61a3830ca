# Asks Rails 6.1 (Debian ruby-actionpack) how it serves the requests production depends on: deep_munge of
# query/form/JSON params, X-Cascade: pass through the router, nesting limits (JSON and Rack's
# nested keys), and ActionDispatch::HostAuthorization. Prints JSON: the tests read it.
#
# Rerun (from the repository root) and review the diff:
#   ruby test/http/rails/production.rb 2>/dev/null > test/http/rails/production.json
require "json"
require "ipaddr"
require "action_dispatch"
require "action_controller"
require "rack/mock"
require "cgi"
require "logger"
ActionController::Base.logger = Logger.new(nil)

class ParamsController < ActionController::Base
  def show
    render json: params.to_unsafe_h.except("controller", "action")
  end
end

class PagesController < ActionController::Base
  def fallback = render(plain: "pages#fallback #{params[:rest]}")
  def show = render(plain: "pages#show")
end

# A Rails app's exception handling, reduced: the status Rails gives an exception (ExceptionWrapper)
# and its message.
class Statuses
  def initialize(app) = @app = app
  def call(env)
    status, headers, body = @app.call(env)
    if headers["X-Cascade"] == "pass"
      [404, { "X-Cascade" => "pass" }, ["No route matches [#{env["REQUEST_METHOD"]}] #{env["PATH_INFO"].inspect}"]]
    else
      [status, headers, body]
    end
  rescue Exception => e
    [ActionDispatch::ExceptionWrapper.status_code_for_exception(e.class.name), {}, ["#{e.class}: #{e.message}"]]
  end
end

ENGINE = ActionDispatch::Routing::RouteSet.new
ENGINE.draw { get "inner", to: "pages#show" }
PASSING = ->(env) { [404, { "X-Cascade" => "pass" }, ["passed"]] }

ROUTES = ActionDispatch::Routing::RouteSet.new
ROUTES.draw do
  get "params", to: "params#show"
  post "params", to: "params#show"
  get "dyn/:controller/:action"
  mount PASSING, at: "/app"
  mount ENGINE, at: "/engine"
  get "*rest", to: "pages#fallback"
end
APP = Statuses.new(ROUTES)

def request(method, uri, body: nil, type: nil, app: APP)
  opts = { method: method }
  opts[:input] = body if body
  opts["CONTENT_TYPE"] = type if type
  status, headers, chunks = app.call(Rack::MockRequest.env_for(uri, opts))
  text = +""
  chunks.each { |c| text << c }
  { status: status, body: text }
end

def nested(depth) = ("{\"a\":" * depth) + "1" + ("}" * depth)

out = {}

out[:deepMunge] = [
  ["query", "d[]&d[]=1"], ["query", "d[]"], ["query", "d[]=&d[]=1"], ["query", "a[][b]=1&a[]"], ["query", "h[x][]&h[y]=2"],
  ["form", "d[]&d[]=1"],
  ["json", '{"arr":[1,null,"x"]}'], ["json", '{"arr":[null]}'], ["json", '{"arr":[]}'], ["json", '{"a":null}'],
  ["json", '{"h":{"arr":[null,[null,1],{"b":[null]}]}}'], ["json", '[null,1]'], ["json", '[[null]]'],
].map do |kind, input|
  r = kind == "query" ? request("GET", "/params?#{input}") : request("POST", "/params", body: input, type: kind == "json" ? "application/json" : "application/x-www-form-urlencoded")
  { kind: kind, input: input, status: r[:status], params: JSON.parse(r[:body]) }
end

out[:cascade] = ["/dyn/nosuch/show", "/dyn/pages/show", "/app/x", "/engine/inner", "/engine/nothing"].map do |path|
  r = request("GET", path)
  { path: path, status: r[:status], body: r[:body] }
end

out[:nesting] = [[100, "json"], [101, "json"], [10_000, "json"], [99, "query"], [100, "query"], [101, "query"], [10_000, "query"]].map do |depth, kind|
  r = if kind == "json"
    request("POST", "/params", body: nested(depth), type: "application/json")
  else
    request("GET", "/params?" + "a" + ("[a]" * (depth - 1)) + "=1")
  end
  { kind: kind, depth: depth, status: r[:status], body: r[:status] == 200 ? nil : r[:body] }
end

ok = ->(env) { [200, {}, ["ok"]] }
hosts = ->(allowed, host, detailed: true, xhr: false) do
  app = ActionDispatch::HostAuthorization.new(ok, allowed)
  env = Rack::MockRequest.env_for("/", "HTTP_HOST" => host)
  env["HTTP_X_REQUESTED_WITH"] = "XMLHttpRequest" if xhr
  env["action_dispatch.show_detailed_exceptions"] = detailed
  status, headers, body = app.call(env)
  text = +""
  body.each { |c| text << c }
  # (the development page's words: its heading, explanation and the line to add; no markup)
  words = text.scan(%r{<(h1|h2|pre)>(.*?)</\1>}m).map { |_, t| CGI.unescapeHTML(t.strip) }
  { status: status, contentType: headers["Content-Type"], body: status == 200 ? nil : words.empty? ? text : words }
end
dev = ActionDispatch::HostAuthorization::ALLOWED_HOSTS_IN_DEVELOPMENT
out[:developmentHosts] = dev.map { |h| h.is_a?(IPAddr) ? "#{h}/#{h.prefix}" : h }
CONFIGS = {
  "development" => dev,
  "strings" => ["example.com", ".example.org"],
  "regexp" => [/.*\.example\.net/],
  "cidr" => [IPAddr.new("10.0.0.0/8"), IPAddr.new("fd00::/8")],
}
out[:hosts] = CONFIGS.flat_map do |name, allowed|
  ["localhost", "localhost:3000", "app.localhost", "127.0.0.1", "127.0.0.1:3000", "[::1]:3000", "example.com", "EXAMPLE.com:8080",
   "sub.example.com", "example.org", "a.example.org", "a.b.example.org", "x.example.net", "example.net", "10.1.2.3", "10.1.2.3:80", "11.0.0.1",
   "[fd00::1]:443", "evil.com"].map { |host| { config: name, host: host }.merge(hosts.(allowed, host)) }
end
out[:blockedProduction] = hosts.(["example.com"], "evil.com", detailed: false)
# An XHR is answered text/plain (the same body: Rails 6.1 renders the HTML page either way).
out[:blockedXhr] = { development: hosts.(dev, "evil.com", xhr: true), production: hosts.(["example.com"], "evil.com", detailed: false, xhr: true) }

puts JSON.pretty_generate(out)
