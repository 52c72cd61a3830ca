# Asks Rails 6.1 what an integration session's response assertions (ActionDispatch::Assertions::
# ResponseAssertions, through ActionDispatch::Integration::Session) answer for each case of
# integration-assertions.cases.json: pass, the failure message (Minitest::Assertion), or the error
# another exception gives. The app here answers each path with a fixed response; the test serves
# the same answers from a fetch handler (integration.test.ts). To regenerate the fixture:
#
#     ruby test/testing/rails-integration-assertions.rb > test/testing/integration-assertions.rails.json
#
# Needs Debian's ruby-actionpack (Rails 6.1) and minitest.
require "json"
require "minitest"
require "action_controller"
require "action_dispatch"
require "action_dispatch/testing/integration"

# Minitest::Assertions counts assertions on the object that includes it.
class ActionDispatch::Integration::Session
  def assertions = @assertions ||= 0
  attr_writer :assertions
end

here = File.dirname(__FILE__)
answers = JSON.parse(File.read(File.join(here, "integration-assertions.answers.json")))
cases = JSON.parse(File.read(File.join(here, "integration-assertions.cases.json")))

app = lambda do |env|
  answer = answers.fetch(env["PATH_INFO"].delete_prefix("/"))
  headers = { "Content-Type" => "text/html" }
  headers["Location"] = answer["location"] if answer["location"]
  [answer["status"], headers, [answer["body"] || ("x" * answer.fetch("bodySize", 0))]]
end

def symbolize(arg)
  case arg
  when Hash then arg.key?("regexp") ? Regexp.new(arg["regexp"]) : arg
  when String then arg.start_with?(":") ? arg[1..].to_sym : arg
  else arg
  end
end

results = cases.map do |c|
  session = ActionDispatch::Integration::Session.new(app)
  session.host! c["host"] if c["host"]
  session.get("/#{c["path"]}")
  begin
    session.public_send(c["call"], *c["args"].map { |a| symbolize(a) })
    { id: c["id"], pass: true }
  rescue Minitest::Assertion => e
    { id: c["id"], failure: e.message }
  rescue StandardError => e
    { id: c["id"], error: e.class.name, message: e.message }
  end
end
puts JSON.pretty_generate(results)
