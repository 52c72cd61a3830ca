# Asks Rails 6.1's own ActionDispatch::HostAuthorization (Debian ruby-actionpack) which requests it
# lets through: a table of configurations (config.hosts, and host_authorization's exclude) against
# Host headers (missing, empty, names, IPv4 and IPv6 forms Ruby's IPAddr reads or refuses) and
# X-Forwarded-Host values. Prints JSON: test/http/hosts.test.ts asserts switchyard answers the same.
#
# Rerun (from the repository root) and review the diff:
#   ruby test/http/rails/hosts.rb > test/http/rails/hosts.json
require "json"
require "ipaddr"
require "action_dispatch"
require "rack/mock"

ok = ->(env) { [200, {}, ["ok"]] }
# The answer to a blocked request: Rails' decision, without its default response app (which reads
# `request.host` to log it, and raises for some of these requests, a 500 in an application).
blocked = ->(env) { [403, {}, []] }

# Each configuration as switchyard's `hosts` option writes it, and as Rails' config.hosts.
CONFIGS = {
  "development" => ActionDispatch::HostAuthorization::ALLOWED_HOSTS_IN_DEVELOPMENT,
  "names" => ["example.com", ".example.org", "localhost"],
  "regexp" => [/.*\.example\.net/, /[a-z]+\.test/],
  "ranges" => [IPAddr.new("10.0.0.0/8"), IPAddr.new("127.0.0.0/8"), IPAddr.new("fd00::/8"), IPAddr.new("::1/128")],
}

HOSTS = [
  nil, "", "localhost", "localhost:3000", "LOCALHOST", "app.localhost", "a.b.localhost", "localhost.evil.com",
  "127.0.0.1", "127.0.0.1:3000", "127.1", "0177.0.0.1", "127.000.000.001", "0x7f.0.0.1", "2130706433",
  "10.1.2.3", "10.1.2.3:80", "010.1.2.3", "11.0.0.1", "256.0.0.1", "1.2.3.4.5",
  "[::1]", "[::1]:3000", "::1", "[fd00::1]:443", "fd00::1", "[fe80::1]", "[::ffff:10.0.0.1]", "::ffff:127.0.0.1",
  "[::1", "::1]",
  "example.com", "EXAMPLE.com:8080", "example.com:", "sub.example.com", "example.org", "www.example.org",
  "a.b.example.org", "x.example.net", "example.net", "a.test", "a.test:1", "evil.com", "evil.com:80",
].freeze

FORWARDED = [
  "", " ", "example.com", "example.com,", "example.com, ", "example.com,  ", "example.com,  ,", "example.com,,", ",", ", ",
  "evil.com, example.com", "example.com, evil.com", "evil.com,example.com", "example.com ,evil.com",
  "evil.com", "localhost", "127.0.0.1", "0177.0.0.1", "::1",
].freeze

# 200 (let through) or 403 (blocked). Rails marks a request let through with `request.host`,
# which raises NoMethodError when the last X-Forwarded-Host is empty (`","`): let through by the
# check, then a 500 in an application; recorded as 200 with `raises`.
def answer(app, env)
  { status: app.call(env)[0] }
rescue NoMethodError => e
  raise unless e.backtrace.any? { |l| l.include?("mark_as_authorized") }
  { status: 200, raises: true }
end

def env_for(host, path: "/", forwarded: nil)
  env = Rack::MockRequest.env_for(path)
  env["HTTP_HOST"] = host unless host.nil?
  env["HTTP_X_FORWARDED_HOST"] = forwarded unless forwarded.nil?
  env
end

out = { hosts: [], forwarded: [], exclude: [] }
CONFIGS.each do |name, allowed|
  app = ActionDispatch::HostAuthorization.new(ok, allowed, response_app: blocked)
  HOSTS.each { |host| out[:hosts] << { config: name, host: host, **answer(app, env_for(host)) } }
  %w[example.com localhost].each do |host|
    FORWARDED.each do |forwarded|
      out[:forwarded] << { config: name, host: host, forwarded: forwarded, **answer(app, env_for(host, forwarded: forwarded)) }
    end
  end
end

# Rails 6.1's host_authorization: { exclude: ... }, as Rails 7.1's production.rb uses it for /up.
excluded = ActionDispatch::HostAuthorization.new(ok, ["example.com"], response_app: blocked, exclude: ->(request) { request.path == "/up" })
[["example.com", "/up"], ["10.0.0.7", "/up"], ["10.0.0.7", "/up?x=1"], ["10.0.0.7", "/"], ["10.0.0.7", "/upx"], [nil, "/up"], ["evil.com", "/"]].each do |host, path|
  out[:exclude] << { host: host, path: path, **answer(excluded, env_for(host, path: path)) }
end

puts JSON.pretty_generate(out)
