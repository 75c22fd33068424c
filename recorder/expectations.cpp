#include "recorder/expectations.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <sstream>

#include "recorder/byte_sink.h"
#include "recorder/parse.h"

namespace retrace::recorder {
namespace {

bool compare(std::int64_t left, const std::string& op, std::int64_t right) {
  if (op == "==") return left == right;
  if (op == "!=") return left != right;
  if (op == "<") return left < right;
  if (op == "<=") return left <= right;
  if (op == ">") return left > right;
  return left >= right;
}

/// The schema index of an event kind and, for "KIND.ARG", the argument index (-1 for none).
struct EventSubject {
  std::size_t kind = 0;
  int arg = -1;
};

std::variant<EventSubject, std::string> resolveEvent(const std::string& name, const sim::GameDefinition& game) {
  const auto dot = name.find('.');
  const std::string kindName = name.substr(0, dot);
  const auto schemas = game.eventSchemas();
  for (std::size_t k = 0; k < schemas.size(); ++k) {
    if (kindName != schemas[k].name) continue;
    if (dot == std::string::npos) return EventSubject{k, -1};
    const std::string argName = name.substr(dot + 1);
    for (std::size_t a = 0; a < schemas[k].argNames.size(); ++a) {
      if (schemas[k].argNames[a] != nullptr && argName == schemas[k].argNames[a]) return EventSubject{k, static_cast<int>(a)};
    }
    return "event " + kindName + " has no argument " + quoteForMessage(argName);
  }
  return quoteForMessage(kindName) + " is not an event of " + std::string(game.name());
}

}  // namespace

std::variant<std::vector<Expectation>, std::string> parseExpectations(std::string_view text, const sim::GameDefinition& game) {
  std::vector<Expectation> expectations;
  std::istringstream lines{std::string(text)};
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::vector<std::string> tokens;
    for (std::string word; words >> word;) tokens.push_back(word);
    if (tokens.empty()) continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    Expectation e;
    e.line = number;
    std::size_t next = 1;
    if (tokens[0] == "tunnels") {
      e.subject = "tunnels";
    } else if (tokens[0] == "events" && tokens.size() > 1) {
      e.subject = "events " + tokens[1];
      auto resolved = resolveEvent(tokens[1], game);
      if (auto* problem = std::get_if<std::string>(&resolved)) return where + *problem;
      next = 2;
    } else {
      return where + "expected 'tunnels OP N' or 'events KIND[.ARG] OP N'";
    }
    static constexpr const char* kOps[] = {"==", "!=", "<", "<=", ">", ">="};
    if (tokens.size() != next + 2 ||
        std::none_of(std::begin(kOps), std::end(kOps), [&](const char* op) { return tokens[next] == op; })) {
      return where + "expected an operator (== != < <= > >=) and a number";
    }
    e.op = tokens[next];
    const std::string& number_text = tokens[next + 1];
    const auto [end, error] = std::from_chars(number_text.data(), number_text.data() + number_text.size(), e.value);
    if (error != std::errc() || end != number_text.data() + number_text.size())
      return where + quoteForMessage(number_text) + " is not a whole number";
    expectations.push_back(e);
  }
  return expectations;
}

std::vector<std::string> checkExpectations(const std::vector<Expectation>& expectations, const LoadedReplay& replay,
                                           const VerifyReport& report) {
  std::vector<std::string> unmet;
  const sim::GameDefinition& game = *gameOf(replay.header);
  for (const Expectation& e : expectations) {
    const std::string want = e.subject + " " + e.op + " " + std::to_string(e.value);
    if (e.subject == "tunnels") {
      const auto count = static_cast<std::int64_t>(report.tunnelCount);
      if (!compare(count, e.op, e.value)) unmet.push_back("expected " + want + ", found " + std::to_string(count));
      continue;
    }
    const EventSubject subject = std::get<EventSubject>(resolveEvent(e.subject.substr(7), game));
    std::int64_t count = 0;
    std::string offender;
    for (const Chunk& c : replay.chunks) {
      for (const RecordedEvent& r : c.events) {
        if (r.event.kind != subject.kind) continue;
        ++count;
        if (subject.arg >= 0 && offender.empty() &&
            !compare(r.event.args[static_cast<std::size_t>(subject.arg)], e.op, e.value)) {
          offender = "tick " + std::to_string(r.tick) + ": " + sim::formatEvent(game, r.event);
        }
      }
    }
    if (subject.arg < 0 && !compare(count, e.op, e.value))
      unmet.push_back("expected " + want + ", found " + std::to_string(count));
    if (subject.arg >= 0 && !offender.empty()) unmet.push_back("expected " + want + " for every event, but " + offender);
  }
  return unmet;
}

std::variant<std::optional<ExpectedOutcome>, std::string> judgeExpectedOutcome(const std::filesystem::path& replayPath,
                                                                               const LoadedReplay& replay,
                                                                               const VerifyReport& report) {
  std::filesystem::path file = replayPath;
  file.replace_extension(".expect");
  std::error_code error;
  if (!std::filesystem::exists(std::filesystem::symlink_status(file, error))) return std::optional<ExpectedOutcome>();
  auto bytes = readFileCapped(file, 1U << 20);
  if (auto* problem = std::get_if<std::string>(&bytes)) return file.string() + " " + *problem;
  const auto& data = std::get<std::vector<std::byte>>(bytes);
  const sim::GameDefinition* game = gameOf(replay.header);
  if (game == nullptr)
    return file.string() + ": the replay's game " + quoteForMessage(replay.header.game) + " is not in this build";
  auto parsed = parseExpectations({reinterpret_cast<const char*>(data.data()), data.size()}, *game);
  if (auto* problem = std::get_if<std::string>(&parsed)) return file.string() + ": " + *problem;
  return std::optional<ExpectedOutcome>(
      ExpectedOutcome{file.string(), checkExpectations(std::get<std::vector<Expectation>>(parsed), replay, report)});
}

}  // namespace retrace::recorder
