# Asks Rails 6.1 what its routing assertions (ActionDispatch::Assertions::RoutingAssertions) answer
# for each case of routing-assertions.cases.json: pass, the failure message (Minitest::Assertion),
# or the error another exception gives. The route sets are drawn here in Ruby; the test draws the
# same ones with switchyard (routing-assertions.test.ts). To regenerate the fixture:
#
#     ruby test/testing/rails-routing-assertions.rb > test/testing/routing-assertions.rails.json
#
# Needs Debian's ruby-actionpack (Rails 6.1) and minitest; railties (Rails::Engine) is not needed.
require "json"
require "minitest"
require "action_controller"
require "action_dispatch"
require "action_dispatch/testing/assertions"
require "action_controller/test_case"

class ArticlesController < ActionController::Base; end
class SecureArticlesController < ArticlesController; end
class BlockArticlesController < ArticlesController; end
class QueryArticlesController < ArticlesController; end
class FeedsController < ActionController::Base; end
class PhotosController < ActionController::Base; end
module Admin; class UsersController < ActionController::Base; end; end

ROUTE_SETS = {
  # The route set of Rails' own routing_assertions_test.rb (its engine, which needs railties,
  # is a Rack app here), and a few routes for the cases Rails' tests do not cover.
  "main" => proc {
    resources :articles

    scope "secure", constraints: { protocol: "https://" } do
      resources :articles, controller: "secure_articles"
    end

    scope "block", constraints: lambda { |r| r.ssl? } do
      resources :articles, controller: "block_articles"
    end

    scope "query", constraints: lambda { |r| r.params[:use_query] == "true" } do
      resources :articles, controller: "query_articles"
    end

    mount ->(env) { [200, {}, ["shelf"]] }, at: "/shelf"
    get "/shelf/foo", controller: "query_articles", action: :index

    get "old", to: redirect("/articles")
    get "feeds/:id", to: "feeds#show", constraints: { id: /\d+/ }, defaults: { format: "rss" }
    get "photos/*other", to: "photos#unknown"
    namespace :admin do
      resources :users, only: [:index, :show]
    end
  },
  # Rails' test_with_routing draws this one.
  "artikel" => proc {
    resources :articles, path: "artikel"
  },
}

class Probe
  include Minitest::Assertions
  include ActionDispatch::Assertions::RoutingAssertions
  attr_accessor :assertions

  def initialize(routes)
    @routes = routes
    self.assertions = 0
  end
end

# JSON to what a Ruby test writes: hash keys as symbols.
def rubify(v)
  case v
  when Hash then v.each_with_object({}) { |(k, x), h| h[k.to_sym] = rubify(x) }
  when Array then v.map { |x| rubify(x) }
  else v
  end
end

sets = ROUTE_SETS.transform_values do |block|
  set = ActionDispatch::Routing::RouteSet.new
  set.draw(&block)
  set
end

cases = JSON.parse(File.read(File.join(__dir__, "routing-assertions.cases.json")))
results = cases.map do |c|
  probe = Probe.new(sets.fetch(c.fetch("routes", "main")))
  outcome =
    begin
      probe.public_send(c.fetch("call"), *rubify(c.fetch("args")))
      { "pass" => true }
    rescue Minitest::Assertion => e
      { "failure" => e.message }
    rescue StandardError => e
      { "error" => e.class.name, "message" => e.message }
    end
  { "id" => c.fetch("id") }.merge(outcome)
end
puts JSON.pretty_generate(results)
