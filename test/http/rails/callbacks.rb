# Asks Rails 6.1 (Debian ruby-actionpack) how a controller's callbacks and rescue_from run: the
# order of before/after/around callbacks through inheritance, only/except/if/unless, skipping, a
# before_action that redirects or renders (halting the chain, and the log line saying so), and the
# handler rescue_from picks. Prints JSON: test/http/callbacks.test.ts declares the same controllers.
#
# Rerun (from the repository root) and review the diff:
#   ruby test/http/rails/callbacks.rb 2>/dev/null > test/http/rails/callbacks.json
require "json"
require "action_controller"
require "rack/mock"
require "logger"
require "stringio"

$calls = []
class ArgError < StandardError; end
class NarrowError < ArgError; end
class OtherError < StandardError; end

class BaseController < ActionController::Base
  before_action { $calls << "b1" }
  after_action { $calls << "a1" }
  around_action :ar1
  before_action { $calls << "b2" }
  after_action { $calls << "a2" }

  private

  def ar1
    $calls << "ar1-in"
    yield
    $calls << "ar1-out"
  end
end

class KidController < BaseController
  before_action :auth, except: [:index]
  after_action { $calls << "a3" }
  skip_before_action :auth, only: [:open]
  def index = (($calls << "index"); render(plain: "index"))
  def show = (($calls << "show"); render(plain: "show"))
  def open = (($calls << "open"); render(plain: "open"))

  private

  def auth
    $calls << "auth"
    redirect_to "/login"
  end
end

class RescueController < ActionController::Base
  before_action :gate, if: -> { params[:x] }, unless: -> { params[:y] }
  after_action { $calls << "after" }
  around_action :ar
  rescue_from StandardError, with: :std
  rescue_from ArgError, with: :arg
  def narrow = (($calls << "narrow"); raise(NarrowError, "narrow"))
  def other = (($calls << "other"); raise(OtherError, "other"))
  def ok = (($calls << "ok"); render(plain: "ok"))

  private

  def ar
    $calls << "ar-in"
    yield
    $calls << "ar-out"
  end

  def gate = ($calls << "gate")
  def std(e) = (($calls << "std"); render(plain: "std #{e.class}", status: 500))
  def arg(e) = (($calls << "arg"); render(plain: "arg #{e.class}", status: 400))
end

class RenderController < ActionController::Base
  before_action :deny
  def show = render(plain: "show")

  private

  def deny = render(plain: "denied", status: 401)
end

def serve(controller, action, query = "")
  $calls = []
  out = StringIO.new
  ActionController::Base.logger = Logger.new(out, formatter: ->(_s, _t, _p, msg) { "#{msg}\n" })
  status, headers, body = controller.action(action).call(Rack::MockRequest.env_for("/#{action}#{query}"))
  text = +""
  body.each { |part| text << part }
  lines = out.string.lines.map(&:chomp).reject { |l| l.start_with?("Processing", "Completed", "  Parameters") }
  { controller: controller.name, action: action, query: query, status: status,
    body: headers["Location"] ? nil : text, location: headers["Location"], calls: $calls, log: lines }
end

skipped_undefined = begin
  Class.new(ActionController::Base) { skip_before_action :nope }
  nil
rescue ArgumentError => e
  e.message
end

puts JSON.pretty_generate(
  requests: [
    serve(KidController, "index"),
    serve(KidController, "show"),
    serve(KidController, "open"),
    serve(RescueController, "narrow"),
    serve(RescueController, "other"),
    serve(RescueController, "ok", "?x=1"),
    serve(RescueController, "ok", "?x=1&y=1"),
    serve(RescueController, "ok"),
    serve(RenderController, "show"),
  ],
  skipUndefined: skipped_undefined,
)
