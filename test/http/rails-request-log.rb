# Asks Rails 6.1 for its request log (ActionController::LogSubscriber, ActionDispatch::DebugExceptions,
# ActiveSupport::ParameterFilter with the default filter_parameters of a Rails 7 application) for each
# request request-log.test.ts sends, and prints them as JSON. To regenerate the fixture:
#
#     ruby test/http/rails-request-log.rb > test/http/request-log.rails.json
#
# Needs Debian's ruby-actionpack (Rails 6.1). railties is not installed, so the `Started` line of
# Rails::Rack::Logger is reproduced here from its format string (railties 6.1,
# lib/rails/rack/logger.rb: 'Started %s "%s" for %s at %s' of raw_request_method, filtered_path,
# remote_ip, Time.now.to_default_s). In the fixture the time reads <time>, durations `in <n>ms`,
# `Completed`'s "(Views: .. | Allocations: ..)" is cut (switchyard renders no views: see
# src/http/request-log.ts), and a trace keeps its first frame's method name only.
require "json"
require "action_controller"
require "action_dispatch"
require "active_support/all"
require "logger"
require "stringio"
require "rack/mock"

$log = StringIO.new
LOGGER = ActiveSupport::Logger.new($log)
LOGGER.formatter = proc { |_sev, _t, _p, msg| "#{msg}\n" }
ActionController::Base.logger = LOGGER

class PhotosController < ActionController::Base
  def index; render plain: "photos"; end
  def show; render plain: "photo"; end
  def create; redirect_to "http://example.org/photos/1"; end
  def destroy; redirect_to "http://example.org/photos"; end
  def boom; raise "kaboom"; end
end

ROUTES = ActionDispatch::Routing::RouteSet.new
ROUTES.draw do
  get "photos/boom" => "photos#boom"
  resources :photos, only: [:index, :show, :create, :destroy]
  get "old" => redirect("/photos")
end

class StartedLogger
  def initialize(app) @app = app end
  def call(env)
    r = ActionDispatch::Request.new(env)
    LOGGER.info('Started %s "%s" for %s at %s' % [r.raw_request_method, r.filtered_path, r.remote_ip, Time.now.to_default_s])
    @app.call(env)
  end
end

class Env
  def initialize(app) @app = app end
  def call(env)
    env["action_dispatch.parameter_filter"] = [:passw, :secret, :token, :_key, :crypt, :salt, :certificate, :otp, :ssn]
    env["action_dispatch.logger"] = LOGGER
    env["action_dispatch.show_exceptions"] = true
    env["action_dispatch.show_detailed_exceptions"] = true
    env["action_dispatch.backtrace_cleaner"] = ActiveSupport::BacktraceCleaner.new
    @app.call(env)
  end
end

# As in a Rails application's middleware: Rack::MethodOverride and ActionDispatch::RemoteIp (which
# reads X-Forwarded-For for remote_ip) come before Rails::Rack::Logger.
APP = Rack::Builder.new do
  use Env
  use Rack::MethodOverride
  use ActionDispatch::RemoteIp
  use StartedLogger
  use ActionDispatch::ShowExceptions, ActionDispatch::PublicExceptions.new("/nonexistent")
  use ActionDispatch::DebugExceptions
  run ROUTES
end

CASES = [
  ["GET /photos/1", "GET", "/photos/1", {}],
  ["GET /photos", "GET", "/photos", {}],
  ["GET /photos/1.json", "GET", "/photos/1.json", {}],
  ["GET Accept: application/json", "GET", "/photos/1", { "HTTP_ACCEPT" => "application/json" }],
  ["GET query, filtered", "GET", "/photos/1?q=%3Cb%3E&a[]=1&a[]=2&password=x&x[y][salted]=1&Api_Key=3&keys=4", {}],
  ["POST filtered form", "POST", "/photos", { input: "photo[title]=t&photo[password]=p&photo[nested][api_key]=k&user_password=x&otp_attempt=1&authenticity_token=z&tokens[]=a", "CONTENT_TYPE" => "application/x-www-form-urlencoded" }],
  ["GET /nope", "GET", "/nope", {}],
  ["GET /photos/boom", "GET", "/photos/boom", {}],
  ["GET /old", "GET", "/old", {}],
  ["POST _method=delete form", "POST", "/photos/1", { input: "_method=delete", "CONTENT_TYPE" => "application/x-www-form-urlencoded" }],
  ["GET X-Forwarded-For, no IP in it", "GET", "/photos", { "HTTP_X_FORWARDED_FOR" => "<script>alert(1)</script>" }],
  ["GET X-Forwarded-For, text before a proxy", "GET", "/photos", { "HTTP_X_FORWARDED_FOR" => "unknown, 10.0.0.1" }],
  ["GET X-Forwarded-For, entries not IPs", "GET", "/photos", { "HTTP_X_FORWARDED_FOR" => "203.0.113.7 198.51.100.0/24, 1.2.3.4:80, 0177.0.0.1, 198.51.100.9,10.0.0.2" }],
  ["GET Client-Ip", "GET", "/photos", { "HTTP_CLIENT_IP" => "x, 203.0.113.8" }],
]

out = {}
CASES.each do |name, method, path, opts|
  $log.truncate(0); $log.rewind
  Rack::MockRequest.new(APP).request(method, path, opts.merge("REMOTE_ADDR" => "127.0.0.1"))
  text = $log.string
    .gsub(/ at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}$/, " at <time>")
    .gsub(/ in \d+ms( \(.*\))?$/, " in <n>ms")
  lines = text.split("\n")
  # A trace: keep the first frame, as `in '<method>'` (the file is this script, not the app's).
  spacers = lines.each_index.select { |k| lines[k] == "  " }
  if spacers.size == 2
    i = spacers[1]
    lines = lines[0..i] + lines[i + 1, 1].map { |l| l.sub(/^.*:in `/, "in `") }
  end
  out[name] = lines
end
puts JSON.pretty_generate(out)
