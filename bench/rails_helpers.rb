# Measures Rails 6.1's own URL helpers (ActionDispatch from Debian's ruby-actionpack) on the
# same calls bench/helpers.mjs makes, and prints one JSON object: { "name": ns_per_call, ... }.
#   ruby bench/rails_helpers.rb
require "json"
require "action_dispatch"
require "action_controller"
require "active_model"

class Photo
  include ActiveModel::Model
  attr_accessor :id
  def persisted? = !id.nil?
  def to_param = id&.to_s
end
class Magazine < Photo; end
class Ad < Photo; end

routes = ActionDispatch::Routing::RouteSet.new
routes.draw do
  resources :photos
  resources :magazines do
    resources :ads
  end
end

ctx = Class.new { include routes.url_helpers }.new
magazine = Magazine.new(id: 1)
ad = Ad.new(id: 2)

cases = {
  "photo_path(1)" => -> { ctx.photo_path(1) },
  "magazine_ad_path(magazine, ad)" => -> { ctx.magazine_ad_path(magazine, ad) },
  "photo_url(1, {host, format, anchor, params})" => -> { ctx.photo_url(1, host: "example.com", format: "json", anchor: "top", params: { page: 2 }) },
  "url_for({controller, action, id, only_path})" => -> { ctx.url_for(controller: "photos", action: "show", id: 3, only_path: true) },
  "polymorphic_path([magazine, ad])" => -> { ctx.polymorphic_path([magazine, ad]) },
}

expected = {
  "photo_path(1)" => "/photos/1",
  "magazine_ad_path(magazine, ad)" => "/magazines/1/ads/2",
  "photo_url(1, {host, format, anchor, params})" => "http://example.com/photos/1.json?page=2#top",
  "url_for({controller, action, id, only_path})" => "/photos/3",
  "polymorphic_path([magazine, ad])" => "/magazines/1/ads/2",
}

def measure(fn)
  # warm up, then take the best of 5 timed runs of ~0.3s each
  2_000.times { fn.call }
  n = 1
  loop do
    t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    n.times { fn.call }
    break if Process.clock_gettime(Process::CLOCK_MONOTONIC) - t > 0.05
    n *= 2
  end
  n = (n * 6).to_i
  best = Float::INFINITY
  5.times do
    t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    n.times { fn.call }
    el = Process.clock_gettime(Process::CLOCK_MONOTONIC) - t
    best = [best, el / n * 1e9].min
  end
  best
end

out = {}
cases.each do |name, fn|
  got = fn.call
  raise "#{name}: got #{got.inspect}, want #{expected[name].inspect}" unless got == expected[name]
  out[name] = measure(fn).round(1)
end
out["_ruby"] = RUBY_DESCRIPTION
out["_actionpack"] = ActionPack.version.to_s
puts JSON.generate(out)
