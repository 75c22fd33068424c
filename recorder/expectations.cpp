#include "recorder/expectations.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <sstream>

#include "recorder/byte_sink.h"
#include "recorder/frame.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/search.h"

namespace retrace::recorder {
namespace {

/// The words of a text, split where a .expect line splits them, joined by single spaces.
std::string joinWords(const std::string& text) {
  std::istringstream words(text);
  std::string joined;
  for (std::string word; words >> word;) joined += (joined.empty() ? "" : " ") + word;
  return joined;
}

/// The schema index of an event kind, or the sentence of a name that is none.
std::variant<std::size_t, std::string> findEventKind(const std::string& name, const sim::GameDefinition& game) {
  const auto schemas = game.eventSchemas();
  for (std::size_t k = 0; k < schemas.size(); ++k) {
    if (name == schemas[k].name) return k;
  }
  return quoteForMessage(name) + " is not an event of " + std::string(game.name());
}

/// The sentence of a count comparison that every count meets, or none does (a count is never
/// negative): it would pass or fail whatever the replay shows.
std::optional<std::string> refuseVacuousCount(const Expectation& e) {
  const std::int64_t v = e.count;
  const bool always = (e.op == ">=" && v <= 0) || (e.op == ">" && v < 0) || (e.op == "!=" && v < 0);
  const bool never = (e.op == "<" && v <= 0) || ((e.op == "<=" || e.op == "==") && v < 0);
  const std::string said = quoteForMessage(describeExpectation(e));
  if (always) return said + " holds whatever the replay shows, so it checks nothing";
  if (never) return said + " holds for no replay (a count is never negative)";
  return std::nullopt;
}

/// A state line's words (reaches or never, then a condition) as an expectation.
std::variant<Expectation, std::string> parseStateLine(const std::vector<std::string>& tokens) {
  Expectation e;
  e.subject = tokens[0];
  for (std::size_t i = 1; i < tokens.size(); ++i) e.value += (i > 1 ? " " : "") + tokens[i];
  auto condition = Condition::parse(e.value);
  if (auto* problem = std::get_if<std::string>(&condition)) return tokens[0] + ": " + *problem;
  e.state = std::move(std::get<Condition>(condition));
  return e;
}

/// One line's words as an expectation, or what is wrong with them.
std::variant<Expectation, std::string> parseLine(const std::vector<std::string>& tokens, const sim::GameDefinition& game) {
  if (tokens[0] == "reaches" || tokens[0] == "never") return parseStateLine(tokens);
  Expectation e;
  std::size_t next = 1;
  std::optional<std::string> argument;  // events KIND.ARG: ARG
  if (tokens[0] == "tunnels") {
    e.subject = "tunnels";
  } else if (tokens[0] == "events" && tokens.size() > 1) {
    e.subject = "events " + tokens[1];
    const auto dot = tokens[1].find('.');
    auto kind = findEventKind(tokens[1].substr(0, dot), game);
    if (auto* problem = std::get_if<std::string>(&kind)) return *problem;
    e.kind = std::get<std::size_t>(kind);
    if (dot != std::string::npos) argument = tokens[1].substr(dot + 1);
    next = 2;
  } else {
    return std::string("expected 'tunnels OP N', 'events KIND[.ARG] OP VALUE', 'reaches CONDITION' or 'never CONDITION'");
  }
  if (tokens.size() != next + 2 || !isComparisonOperator(tokens[next])) {
    return std::string("expected an operator (== != < <= > >=) and a value");
  }
  e.op = tokens[next];
  e.value = tokens[next + 1];
  if (argument) {
    // The argument's own units and names, checked as `events --where` checks them.
    std::vector<bool> wanted(e.kind + 1, false);
    wanted[e.kind] = true;
    auto parsed = parseEventCondition(game, wanted, *argument + " " + e.op + " " + e.value);
    if (auto* problem = std::get_if<std::string>(&parsed)) return *problem;
    e.everyEvent = std::move(std::get<Condition>(parsed));
    return e;
  }
  const auto [end, error] = std::from_chars(e.value.data(), e.value.data() + e.value.size(), e.count);
  if (error != std::errc() || end != e.value.data() + e.value.size()) return quoteForMessage(e.value) + " is not a whole number";
  if (auto problem = refuseVacuousCount(e)) return *problem;
  return e;
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
    auto parsed = parseLine(tokens, game);
    if (auto* problem = std::get_if<std::string>(&parsed)) return "line " + std::to_string(number) + ": " + *problem;
    expectations.push_back(std::move(std::get<Expectation>(parsed)));
    expectations.back().line = number;
  }
  if (expectations.empty())
    return std::string(
        "no line says what the replay must show ('tunnels OP N', 'events KIND OP N', 'events KIND.ARG OP VALUE', "
        "'reaches CONDITION' or 'never CONDITION')");
  return expectations;
}

ExpectationTally::ExpectationTally(std::vector<Expectation> expectations, const sim::GameDefinition& game)
    : expectations_(std::move(expectations)),
      game_(&game),
      counts_(expectations_.size(), 0),
      offenders_(expectations_.size()),
      states_(expectations_.size()) {}

void ExpectationTally::add(std::span<const RecordedEvent> events) {
  for (std::size_t i = 0; i < expectations_.size(); ++i) {
    const Expectation& e = expectations_[i];
    if (e.subject == "tunnels" || e.state) continue;
    for (const RecordedEvent& r : events) {
      if (r.event.kind != e.kind) continue;
      ++counts_[i];
      if (!e.everyEvent || !offenders_[i].empty()) continue;
      const auto holds = e.everyEvent->check(sim::describeEvent(*game_, r.event));
      const auto* met = std::get_if<bool>(&holds);
      if (met == nullptr || !*met) offenders_[i] = "tick " + std::to_string(r.tick) + ": " + sim::formatEvent(*game_, r.event);
    }
  }
}

bool ExpectationTally::judgesStates() const noexcept {
  return std::any_of(expectations_.begin(), expectations_.end(), [](const Expectation& e) { return e.state.has_value(); });
}

template <typename Find, typename ReadHolding>
void ExpectationTally::checkStatesBy(const Find& find, const ReadHolding& readHolding) {
  for (std::size_t i = 0; i < expectations_.size(); ++i) {
    const Expectation& e = expectations_[i];
    if (!e.state) continue;
    const std::string want = "expected " + e.subject + " " + quoteForMessage(e.value);
    const auto found = find(*e.state);
    if (const auto* unanswered = std::get_if<Unanswered>(&found)) {
      // A field no tick had, a value no field takes, a replay that parts from its recording:
      // nothing was checked.
      states_[i] = want + ", but " + unanswered->sentence;
      continue;
    }
    const auto& ticks = std::get<std::vector<std::uint64_t>>(found);
    if (e.subject == "reaches" && ticks.empty()) states_[i] = want + ", but it holds on no tick";
    if (e.subject == "never" && !ticks.empty()) {
      // Which element broke it: the fields that meet the condition there, as find names them.
      const std::vector<sim::Field> holding = readHolding(*e.state, ticks.front());
      states_[i] = want + ", but it holds at tick " + std::to_string(ticks.front()) +
                   (holding.empty() ? "" : " (" + describeFieldValues(holding) + ")");
    }
  }
}

void ExpectationTally::checkStates(const LoadedReplay& replay) {
  checkStatesBy([&](const Condition& condition) { return findTicks(replay, condition, 0, false); },
                [&](const Condition& condition, std::uint64_t tick) { return readHoldingFields(replay, condition, tick); });
}

void ExpectationTally::checkStates(const ReplayIndex& index) {
  checkStatesBy([&](const Condition& condition) { return findTicks(index, condition, 0, false); },
                [&](const Condition& condition, std::uint64_t tick) { return readHoldingFields(index, condition, tick); });
}

std::vector<std::string> ExpectationTally::listUnmet(const VerifyReport& report) const {
  std::vector<std::string> unmet;
  for (std::size_t i = 0; i < expectations_.size(); ++i) {
    const Expectation& e = expectations_[i];
    if (e.state) {
      if (!states_[i].empty()) unmet.push_back(states_[i]);
      continue;
    }
    const std::string want = describeExpectation(e);
    const std::int64_t count = e.subject == "tunnels" ? static_cast<std::int64_t>(report.tunnelCount) : counts_[i];
    if (!e.everyEvent) {
      if (!compareBy(count, e.op, e.count)) unmet.push_back("expected " + want + ", found " + std::to_string(count));
    } else if (count == 0) {
      unmet.push_back("expected " + want + " for every event, but there is no " + game_->eventSchemas()[e.kind].name + " event");
    } else if (!offenders_[i].empty()) {
      unmet.push_back("expected " + want + " for every event, but " + offenders_[i]);
    }
  }
  return unmet;
}

std::vector<std::string> checkExpectations(const std::vector<Expectation>& expectations, const LoadedReplay& replay,
                                           const VerifyReport& report) {
  ExpectationTally tally(expectations, *gameOf(replay.header));
  for (const Chunk& c : replay.chunks) tally.add(c.events);
  tally.checkStates(replay);
  return tally.listUnmet(report);
}

std::filesystem::path expectationsPathFor(const std::filesystem::path& replayPath) {
  std::filesystem::path file = replayPath;
  file.replace_extension(".expect");
  return file;
}

std::variant<std::optional<std::pair<std::string, std::vector<Expectation>>>, std::string> readExpectations(
    const std::filesystem::path& replayPath, const ReplayHeader& header) {
  const std::filesystem::path file = expectationsPathFor(replayPath);
  std::error_code error;
  if (!std::filesystem::exists(std::filesystem::symlink_status(file, error))) return std::nullopt;
  auto bytes = readFileCapped(file, 1U << 20);
  if (auto* problem = std::get_if<std::string>(&bytes)) return file.string() + " " + *problem;
  const auto& data = std::get<std::vector<std::byte>>(bytes);
  const sim::GameDefinition* game = gameOf(header);
  if (game == nullptr) return file.string() + ": the replay's game " + quoteForMessage(header.game) + " is not in this build";
  auto parsed = parseExpectations({reinterpret_cast<const char*>(data.data()), data.size()}, *game);
  if (auto* problem = std::get_if<std::string>(&parsed)) return file.string() + ": " + *problem;
  return std::pair(file.string(), std::move(std::get<std::vector<Expectation>>(parsed)));
}

std::string describeExpectation(const Expectation& e) {
  return e.state ? e.subject + " " + e.value : e.subject + " " + e.op + " " + e.value;
}

std::optional<std::string> expectPredicate(const Predicate& predicate, const sim::GameDefinition& game) {
  switch (predicate.kind) {
    case Predicate::Kind::kTunnel: return "tunnels >= 1";
    case Predicate::Kind::kEvent: return "events " + std::string(game.eventSchemas()[predicate.event].name) + " >= 1";
    case Predicate::Kind::kWhere: {
      // Only a condition a line holds whole: a '#' would start a comment and a line break end it.
      const std::string condition = predicate.text.substr(predicate.text.find(':') + 1);
      const std::string line = "reaches " + joinWords(condition);
      auto parsed = parseExpectations(line, game);
      const auto* read = std::get_if<std::vector<Expectation>>(&parsed);
      if (read == nullptr || read->size() != 1 || read->front().value != joinWords(condition)) return std::nullopt;
      return line;
    }
    case Predicate::Kind::kEndsBefore:
    case Predicate::Kind::kDiverges: return std::nullopt;
  }
  return std::nullopt;
}

std::variant<bool, std::string> saveExpectations(const std::filesystem::path& replayPath, std::span<const std::string> why,
                                                 const std::string& line) {
  const std::filesystem::path file = expectationsPathFor(replayPath);
  std::error_code error;
  if (std::filesystem::exists(std::filesystem::symlink_status(file, error))) return false;
  std::string text;
  for (const std::string& comment : why) {
    std::string plain = comment;
    std::replace_if(
        plain.begin(), plain.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; }, ' ');
    text += "# " + plain + "\n";
  }
  // What every such file is for, said once here rather than by each writer.
  text += "# verify --expect passes it while the rules let this happen; approve says when a change stops it.\n";
  text += line + "\n";
  auto sink = FileSink::create(file, false);
  if (auto* problem = std::get_if<std::string>(&sink)) return *problem;
  FileSink& out = *std::get<std::unique_ptr<FileSink>>(sink);
  std::optional<std::string> problem = out.write(std::as_bytes(std::span(text)));
  if (!problem) problem = out.commit();
  if (problem) {
    out.discard();
    return *problem;
  }
  return true;
}

namespace {

/// The header of the replay at `path` when it can be read (what cannot is said by the verify
/// that follows, as without --expect).
std::optional<ReplayHeader> peekHeader(const std::string& path) {
  auto source = FrameSource::openFile(path, kMaxFileBytes);
  if (!std::holds_alternative<FrameSource>(source)) return std::nullopt;
  auto reader = ReplayReader::open(std::move(std::get<FrameSource>(source)));
  if (!std::holds_alternative<ReplayReader>(reader)) return std::nullopt;
  return std::get<ReplayReader>(reader).replay().header;
}

}  // namespace

std::variant<JudgedReplay, std::string> verifyExpectedOutcome(const std::string& path, VerifyOptions options) {
  options.keepChunks = false;
  std::optional<ExpectationTally> tally;
  std::string expectFile;
  if (const std::optional<ReplayHeader> header = peekHeader(path)) {
    auto read = readExpectations(path, *header);
    if (auto* problem = std::get_if<std::string>(&read)) return *problem;
    if (auto& expectations = std::get<0>(read)) {
      expectFile = expectations->first;
      tally.emplace(std::move(expectations->second), *gameOf(*header));
      options.onChunk = [&tally](const Chunk& chunk) { tally->add(chunk.events); };
    }
  }
  auto verified = verifyReplayFile(path, options);
  if (auto* problem = std::get_if<std::string>(&verified)) return *problem;
  JudgedReplay judged{std::move(std::get<VerifiedReplay>(verified)), std::nullopt};
  if (!tally) return judged;
  if (tally->judgesStates()) {
    // A second walk, as find's: the file was just verified, so it opens as it did.
    auto index = ReplayIndex::open(path);
    if (auto* problem = std::get_if<std::string>(&index)) return *problem;
    tally->checkStates(std::get<ReplayIndex>(index));
  }
  judged.expected = ExpectedOutcome{expectFile, tally->listUnmet(judged.verified.report)};
  return judged;
}

}  // namespace retrace::recorder
