# Asks Rails how it routes: reads conformance cases (YAML) and writes, for each file, the JSON
# fixture test/conformance runs — the route table, the `rails routes` sheet, what Rails recognizes
# for each probe and what each helper call returns — beside the declaration in switchyard's DSL.
#
#   apt-get install -y ruby ruby-actionpack ruby-activemodel    # Debian 12: Rails 6.1.7
#   ruby script/rails-oracle.rb OUT_DIR test/conformance/cases/NAME.yml...
#
# A case (docs/contract.md §5 describes the fixture it becomes):
#   id:       a unique name
#   routes:   the body of `Rails.application.routes.draw do ... end`
#   files:    { name: source } route files that `draw :name` loads
#   api_only, default_url_options, host (the host recognition probes are sent to), note
#   ts, ts_files: the declaration in TypeScript, where the mechanical translation cannot write it
#                 (blocks with parameters, lambdas, direct/resolve, Ruby-only regexps)
#   recognize: ["VERB /path", ...]
#   generate:  [[helper_name, arg, ...], ...]; {$record: {class:, id:, param:}} is a model
#              instance, {$symbol: x} a Ruby symbol
require "active_support/core_ext/string/output_safety" # ERB::Util as redirect routes use it
require "fileutils"
require "json"
require "tmpdir"
require "yaml"
require "action_controller"
require "action_dispatch"
require "active_model"
module Rails; class Railtie; end; end unless defined?(Rails::Railtie)
require "action_dispatch/routing/inspector"

module RailsOracle
  IDENTIFIER = /\A[A-Za-z_$][\w$]*\z/

  # Values as Node's util.inspect prints them (single-line), which is how switchyard's route table
  # prints a route's constraints and defaults.
  module NodeInspect
    module_function

    def quote(text) = "'#{text.gsub("\\") { "\\\\" }.gsub("'") { "\\'" }}'"

    def regexp_flags(re)
      (re.options.anybits?(Regexp::IGNORECASE) ? "i" : "") + (re.options.anybits?(Regexp::MULTILINE) ? "s" : "")
    end

    def call(value)
      case value
      when nil then "null"
      when String, Symbol then quote(value.to_s)
      when Regexp then "/#{value.source}/#{regexp_flags(value)}"
      when Array then value.empty? ? "[]" : "[ #{value.map { |v| call(v) }.join(", ")} ]"
      when Hash
        return "{}" if value.empty?
        pairs = value.map do |k, v|
          key = k.to_s
          "#{key.match?(IDENTIFIER) ? key : quote(key)}: #{call(v)}"
        end
        "{ #{pairs.join(", ")} }"
      else value.to_s
      end
    end
  end

  # The Ruby DSL written as switchyard's TypeScript DSL. A BasicObject, so that every DSL word
  # (`format`, `display`, `method` ...) reaches method_missing rather than a Kernel method.
  class Transcriber < BasicObject
    class CannotTranslate < ::StandardError; end
    Code = ::Struct.new(:text)

    CAMEL_OPTIONS = {
      path_names: "pathNames", shallow_path: "shallowPath", shallow_prefix: "shallowPrefix",
      trailing_slash: "trailingSlash", script_name: "scriptName", only_path: "onlyPath",
    }.freeze
    CAMEL_METHODS = { default_url_options: "defaultUrlOptions" }.freeze
    VERBS = %i[get post put patch delete options match].freeze
    # Hashes whose keys are the user's (segment names, defaults), not option names.
    USER_KEYED = %i[constraints defaults path_names].freeze

    # Constants in a case (Float::INFINITY, a constraint class) are the program's, not this class's.
    def self.const_missing(name) = ::Object.const_get(name)

    def self.translate(ruby)
      writer = new(0)
      writer.instance_exec(&RailsOracle.block_of(ruby))
      writer.__lines.join("\n")
    end

    def initialize(depth)
      @depth = depth
      @lines = []
    end

    def __lines = @lines

    def redirect(*args, &block)
      ::Kernel.raise CannotTranslate, "a redirect with a block" if block
      Code.new("r.redirect(#{args.map { |a| Transcriber.value(a) }.join(", ")})")
    end

    def method_missing(name, *args, &block)
      ::Kernel.raise CannotTranslate, "#{name} takes a block of Ruby" if %i[direct resolve].include?(name)
      verb = VERBS.include?(name)
      # `get "a" => "b#c"` with a symbol value: the symbol is an action (Symbol.for in TS).
      hash_form = verb && args.size == 1 && args[0].is_a?(::Hash) && args[0].keys.any? { |k| k.is_a?(::String) }
      # `get :x, path: "y"`: the symbol is an action beside a path, not a path.
      symbol_action = verb && args.any? { |a| a.is_a?(::Hash) && a.key?(:path) }
      parts = args.map do |a|
        if a.is_a?(::Hash) then Transcriber.options(a, hash_form)
        elsif symbol_action && a.is_a?(::Symbol) then "Symbol.for(#{a.to_s.to_json})"
        else Transcriber.value(a)
        end
      end
      parts << __block(name, block) if block
      @lines << "#{"  " * @depth}r.#{CAMEL_METHODS.fetch(name, name.to_s)}(#{parts.join(", ")});"
      nil
    end

    def respond_to_missing?(*) = true

    def __block(name, block)
      ::Kernel.raise CannotTranslate, "a block with parameters (#{name})" if block.arity.positive? && name != :new
      inner = Transcriber.new(@depth + 1)
      inner.instance_eval(&block)
      return "() => {}" if inner.__lines.empty?

      "() => {\n#{inner.__lines.join("\n")}\n#{"  " * @depth}}"
    end

    def self.key(key, option_level)
      return CAMEL_OPTIONS[key.to_sym] if option_level && CAMEL_OPTIONS.key?(key.to_sym)
      return key.to_json if key.is_a?(::String)

      key.to_s.match?(IDENTIFIER) ? key.to_s : key.to_s.to_json
    end

    # An options hash at the top of a call: its keys are option names (camelCased where switchyard
    # renames them) except inside the hashes whose keys are the user's.
    def self.options(hash, hash_form)
      return "{}" if hash.empty?

      pairs = hash.map do |k, v|
        text =
          if hash_form && k.is_a?(::String) && v.is_a?(::Symbol) then "Symbol.for(#{v.to_s.to_json})"
          elsif v.is_a?(::Hash) && !USER_KEYED.include?(k) then options(v, false)
          else value(v)
          end
        "#{key(k, true)}: #{text}"
      end
      "{ #{pairs.join(", ")} }"
    end

    def self.value(v)
      case v
      when Code then v.text
      when nil then "null"
      when true, false, ::Integer, ::Float then v.to_s
      when ::String, ::Symbol then v.to_s.to_json
      when ::Array then "[#{v.map { |x| value(x) }.join(", ")}]"
      when ::Hash
        v.empty? ? "{}" : "{ #{v.map { |k, x| "#{key(k, false)}: #{value(x)}" }.join(", ")} }"
      when ::Regexp then regexp(v)
      else ::Kernel.raise CannotTranslate, "a #{v.class} value"
      end
    end

    def self.regexp(re)
      ::Kernel.raise CannotTranslate, "the x flag of #{re.inspect}" if re.options.anybits?(::Regexp::EXTENDED)
      source = re.source.gsub(%r{(?<!\\)/}) { "\\/" }
      if source.match?(/\\[AzZh]|\(\?[imx-]+[:)]/)
        ::Kernel.raise CannotTranslate, "#{re.inspect} means something else in JavaScript"
      end
      "/#{source}/#{NodeInspect.regexp_flags(re)}"
    end
  end

  # Model instances for helper arguments: ActiveModel classes by name, namespaces included.
  module Records
    @classes = {}

    def self.model(name)
      @classes[name] ||= begin
        owner = name.split("::")[0..-2].reduce(Object) do |mod, part|
          mod.const_defined?(part, false) ? mod.const_get(part, false) : mod.const_set(part, Module.new)
        end
        short = name.split("::").last
        unless owner.const_defined?(short, false)
          owner.const_set(short, Class.new do
            include ActiveModel::Model
            attr_accessor :id, :param

            def persisted? = !id.nil?
            def to_param = param || id&.to_s
          end)
        end
        owner.const_get(short, false)
      end
    end

    def self.argument(value)
      case value
      when Array then value.map { |v| argument(v) }
      when Hash
        if value.key?("$symbol") then value["$symbol"].to_sym
        elsif value.key?("$record")
          r = value["$record"]
          model(r["class"]).new(id: r["id"], param: r["param"])
        else value.to_h { |k, v| [k.to_sym, argument(v)] }
        end
      else value
      end
    end
  end

  module_function

  # A case's Ruby as a block, compiled where no local variable is in scope: `root [...]` must call
  # the DSL's `root`, not index a local of this program that happens to share its name.
  def block_of(ruby) = empty_binding.eval("proc do\n#{ruby}\nend", "(routes)", 0)

  def empty_binding = binding

  def symbol_keys(value)
    case value
    when Hash then value.to_h { |k, v| [k.to_s.start_with?("$") ? k : k.to_sym, symbol_keys(v)] }
    when Array then value.map { |v| symbol_keys(v) }
    else value
    end
  end

  def utf8(text) = text.dup.force_encoding(Encoding::UTF_8)

  # A Ruby value as JSON: symbols as strings, regexps as {$regexp, flags}, bytes that are not
  # UTF-8 as {$binary: [...]} (the runners skip those probes).
  def json(value)
    case value
    when Hash then value.to_h { |k, v| [k.to_s, json(v)] }
    when Array then value.map { |v| json(v) }
    when Symbol then value.to_s
    when Regexp then { "$regexp" => value.source, "flags" => NodeInspect.regexp_flags(value) }
    when String then utf8(value).valid_encoding? ? utf8(value) : { "$binary" => value.bytes }
    else value
    end
  end

  # An exception's message without what changes from run to run (object addresses) or from
  # version to version (did-you-mean suggestions); `whole` keeps paragraphs after the first.
  def message_of(error, whole: false)
    text = utf8(error.message).scrub
    text = text.split(/\nDid you mean\?/).first.to_s
    text = text.split("\n\n").first.to_s unless whole
    text = text.gsub(/#<[^<>]*0x\h+[^<>]*>/, "OBJECT") while text.match?(/#<[^<>]*0x\h+[^<>]*>/)
    text.strip
  end

  def error_of(error, whole: false)
    { "class" => error.class.name.split("::").last, "message" => message_of(error, whole: whole) }
  end

  def endpoint(wrapper)
    return "#{wrapper.controller}##{wrapper.action}" if wrapper.app.dispatcher?

    app = wrapper.app.respond_to?(:rack_app) ? wrapper.rack_app : nil
    app.is_a?(ActionDispatch::Routing::Redirect) ? app.inspect : "<app>"
  end

  def table(route_set)
    route_set.routes.map do |route|
      w = ActionDispatch::Routing::RouteWrapper.new(route)
      reqs = w.constraints.empty? ? endpoint(w) : "#{endpoint(w)} #{NodeInspect.call(w.constraints)}"
      { "name" => w.name.empty? ? nil : w.name, "verb" => w.verb, "path" => w.path, "reqs" => reqs }
    end
  end

  def sheet(rows)
    return nil if rows.empty?

    formatter = ActionDispatch::Routing::ConsoleFormatter::Sheet.new
    routes = rows.map { |r| { name: r["name"].to_s, verb: r["verb"], path: r["path"], reqs: r["reqs"] } }
    formatter.header(routes)
    formatter.section(routes)
    formatter.result
  end

  # What the app would route `verb path` on `host` to, as a Rails app serving it: the path
  # normalized, routes tried in order, each endpoint's own constraints asked with the path
  # parameters in place, a redirect route's answer computed.
  def recognize(route_set, verb, path, host)
    request = ActionDispatch::Request.new(Rack::MockRequest.env_for("http://#{host}#{path}", method: verb))
    request.path_info = ActionDispatch::Journey::Router::Utils.normalize_path(request.path_info)
    route_set.router.recognize(request) do |route, params|
      request.set_header("action_dispatch.request.path_parameters", params)
      request.delete_header("action_dispatch.request.parameters")
      next unless route.app.matches?(request)

      name = route.name&.to_s
      app = route.app.respond_to?(:rack_app) ? route.app.rack_app : nil
      if app.is_a?(ActionDispatch::Routing::Redirect)
        request.path_parameters = params
        status, headers, = app.serve(request)
        return { "name" => name, "redirect" => { "status" => status, "location" => headers["Location"] } }
      end
      return { "name" => name, "params" => json(params.transform_values { |v| v.is_a?(String) ? utf8(v) : v }) }
    end
    nil
  rescue StandardError => e
    { "error" => error_of(e) }
  end

  # A helper call's arguments as the TypeScript runners pass them: URL option names camelCased.
  def typescript_arguments(args)
    args.each_with_index.map do |arg, i|
      last_options = i == args.size - 1 && arg.is_a?(Hash) && !arg.key?("$record") && !arg.key?("$symbol")
      last_options ? arg.to_h { |k, v| [Transcriber::CAMEL_OPTIONS.fetch(k.to_sym, k), v] } : arg
    end
  end

  def generate(route_set, url_options, calls)
    helpers = Class.new do
      include route_set.url_helpers
      define_method(:default_url_options) { url_options }
    end.new
    calls.map do |helper, *args|
      entry = { "call" => helper, "args" => typescript_arguments(args) }
      begin
        entry.merge("result" => helpers.public_send(helper, *Records.argument(args)))
      rescue StandardError => e
        entry.merge("error" => error_of(e))
      end
    end
  end

  def typescript(kase)
    id = kase.fetch("id")
    files = kase["files"] || {}
    [kase["ts"] || Transcriber.translate(kase.fetch("routes")),
     files.to_h { |name, src| [name, kase.dig("ts_files", name) || Transcriber.translate(src)] }]
  rescue Transcriber::CannotTranslate, NoMethodError, ArgumentError => e
    abort "case #{id}: write its ts: by hand (#{e.message})"
  end

  def ask(kase)
    ts, ts_files = typescript(kase)
    fixture = { "id" => kase.fetch("id"), "ruby" => kase.fetch("routes"), "files" => kase["files"] || {},
                "api_only" => kase["api_only"] ? true : false }
    fixture["note"] = kase["note"] if kase["note"]
    fixture["host"] = kase["host"] if kase["host"]
    fixture["ts"] = ts
    fixture["ts_files"] = ts_files
    fixture["default_url_options"] = kase["default_url_options"] if kase["default_url_options"]
    Dir.mktmpdir do |root|
      dir = File.join(root, "config", "routes")
      FileUtils.mkdir_p(dir)
      fixture["files"].each do |name, source|
        file = File.join(dir, "#{name}.rb")
        FileUtils.mkdir_p(File.dirname(file))
        File.write(file, source)
      end
      config = ActionDispatch::Routing::RouteSet::Config.new(nil, fixture["api_only"])
      route_set = ActionDispatch::Routing::RouteSet.new_with_config(config)
      route_set.draw_paths = [dir]
      begin
        route_set.draw(&block_of(fixture["ruby"]))
      rescue StandardError => e
        fixture["error"] = error_of(e, whole: true).tap { |err| err["message"] = err["message"].gsub(root, "<root>") }
        next
      end
      fixture["routes"] = table(route_set)
      text = sheet(fixture["routes"])
      fixture["inspect"] = text if text
      host = kase["host"] || "example.com"
      fixture["recognize"] = (kase["recognize"] || []).map do |probe|
        verb, path = probe.split(" ", 2)
        { "method" => verb, "path" => path, "result" => recognize(route_set, verb, path, host) }
      end
      fixture["generate"] = generate(route_set, symbol_keys(kase["default_url_options"] || {}), kase["generate"] || [])
    end
    fixture
  end
end

if $PROGRAM_NAME == __FILE__
  out_dir, *case_files = ARGV
  abort "usage: ruby script/rails-oracle.rb OUT_DIR CASES.yml..." if out_dir.nil? || case_files.empty?
  FileUtils.mkdir_p(out_dir)
  case_files.each do |file|
    fixtures = (YAML.safe_load(File.read(file)) || []).map { |kase| RailsOracle.ask(kase) }
    File.write(File.join(out_dir, "#{File.basename(file, ".yml")}.json"), "#{JSON.pretty_generate(fixtures)}\n")
    warn "#{file}: #{fixtures.size} cases (Rails #{ActionPack.version})"
  end
end
