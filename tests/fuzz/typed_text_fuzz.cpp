// Fuzz target for what users type: any text as a `find --where` condition (checked against
// states of every game), an `events --where` condition (checked against events of every kind),
// a field pattern (`show --fields`, `trace --field`, matched against every field's name, and
// what one that selects nothing may have meant), a `--set` setting, a configuration's name (made
// again as approve does), a `.expect` file, a `hunt --until` predicate, and a count, decimal,
// box, displacement, shard or tick. Each gives either one short printable sentence or a value
// that says what the text said: counts, decimals and ticks written back out parse to the same
// value, a pattern without '*' matches exactly the field it names and what lies in it, every
// field a pattern selects in a state (`[id=N]` resolved there) is named as it names it, every
// name suggested for one that selects nothing selects something, an event condition read
// without a refusal is never refused on an event, a configuration made from a name is made
// again alike from its own, and an entity `events --about` finds no event could be about is
// about no event.
//
// With clang: cmake --preset fuzz && cmake --build --preset fuzz --target typed_text_fuzz
//   build/fuzz/tests/fuzz/typed_text_fuzz NEW tests/fuzz/typed_text -max_total_time=60   (finds go to NEW)
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "recorder/expectations.h"
#include "recorder/field_hints.h"
#include "recorder/inspect.h"
#include "recorder/parse.h"
#include "recorder/query.h"
#include "recorder/search.h"
#include "recorder/settings.h"
#include "sim/event_subjects.h"
#include "sim/game.h"

namespace {

using namespace retrace::recorder;
namespace sim = retrace::sim;

/// The longest refusal any typed text may get: a few quoted words, each cut at 40 characters,
/// and a list of names.
constexpr std::size_t kLongestSentence = 400;

[[noreturn]] void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "typed text: %s: %s\n", what, quoteForMessage(detail).c_str());
  std::abort();
}

/// A refusal must be one short line a terminal shows as it is.
void checkSentence(const char* language, const std::string& sentence) {
  if (sentence.empty()) fail(language, "an empty refusal");
  if (findUnprintable(sentence, kLongestSentence)) fail(language, "a refusal is not one short printable line: " + sentence);
}

template <typename T>
void checkRefusal(const char* language, const std::variant<T, std::string>& parsed) {
  if (const auto* problem = std::get_if<std::string>(&parsed)) checkSentence(language, *problem);
}

/// A game's states to check conditions against: the first, and two later ones under its bot
/// (tank's bullets and falling man's platforms exist only after a while).
struct GameStates {
  const sim::GameDefinition* game;
  std::vector<std::vector<sim::Field>> states;
};

std::vector<GameStates>& listStates() {
  static std::vector<GameStates> all = [] {
    std::vector<GameStates> games;
    for (const sim::GameDefinition* game : sim::listGames()) {
      const std::optional<sim::ConfigValues> config = game->findConfig(game->configNames().front());
      std::unique_ptr<sim::GameSession> session = game->start(*config, 7);
      sim::Rng botRng = sim::seedRng(7, 0xB07);
      GameStates entry{game, {session->describeState()}};
      for (const int ticks : {300, 900}) {
        for (int i = 0; i < ticks && !session->roundOver(); ++i) session->step(session->chooseBotInput(botRng));
        entry.states.push_back(session->describeState());
      }
      games.push_back(std::move(entry));
    }
    return games;
  }();
  return all;
}

void checkCondition(std::string_view text) {
  auto parsed = Condition::parse(text);
  checkRefusal("condition", parsed);
  const auto* condition = std::get_if<Condition>(&parsed);
  if (condition == nullptr) return;
  if (condition->listFields().empty()) fail("a condition that compares no field", text);
  // The fields said to meet it (find's and a finding's names) are of the state, and only of a
  // condition that holds there (a `changed` counts only with a state before).
  const auto checkMeeting = [&](const std::vector<sim::Field>& now, const std::vector<sim::Field>* before) {
    const auto holds = condition->check(now, before);
    checkRefusal("condition check", holds);
    const auto* met = std::get_if<bool>(&holds);
    if (met == nullptr || (before == nullptr && condition->looksBack())) return;
    const std::vector<const sim::Field*> meeting = condition->listMeetingFields(now, before);
    if (!*met && !meeting.empty()) fail("fields said to meet a condition that does not hold", text);
    for (const sim::Field* f : meeting) {
      if (f < now.data() || f >= now.data() + now.size()) fail("a field said to meet it that is not of the state", text);
    }
  };
  for (const GameStates& game : listStates()) {
    for (std::size_t i = 0; i < game.states.size(); ++i) {
      checkMeeting(game.states[i], nullptr);
      // `changed` against the state before, lists grown and shrunk between them.
      if (i > 0) checkMeeting(game.states[i], &game.states[i - 1]);
      if (i + 1 < game.states.size()) checkMeeting(game.states[i], &game.states[i + 1]);
    }
  }
}

/// Whether a pattern without '*' names the field or holds it: the name itself, or the name
/// followed by '.' or '['.
bool namesOrHolds(std::string_view pattern, std::string_view name) {
  if (!name.starts_with(pattern)) return false;
  return name.size() == pattern.size() || name[pattern.size()] == '.' || name[pattern.size()] == '[';
}

/// What a pattern that selects none of `fields` may have meant: a clause a terminal shows as it
/// is, and names that each select a field.
void checkFieldHint(std::string_view text, const std::vector<sim::Field>& fields) {
  const std::string hint = hintFieldName(text, fields);
  if (!hint.empty()) checkSentence("field hint", hint);
  for (const std::string& name : suggestFieldNames(text, fields)) {
    auto parsed = parseFieldPatterns({name});
    const auto* suggested = std::get_if<std::vector<FieldPattern>>(&parsed);
    if (suggested == nullptr || selectFields(fields, *suggested).empty())
      fail("a suggested name selects no field", std::string(text) + " / " + name);
  }
}

void checkFieldPattern(std::string_view text) {
  auto parsed = parseFieldPatterns({std::string(text)});
  checkRefusal("field pattern", parsed);
  const auto* patterns = std::get_if<std::vector<FieldPattern>>(&parsed);
  if (patterns == nullptr) return;
  const bool plain = text.find('*') == std::string_view::npos;
  for (const GameStates& game : listStates()) {
    for (const sim::Field& field : game.states.back()) {
      for (const FieldPattern& pattern : *patterns) {
        const bool matched = pattern.matches(field.name);
        if (plain && matched != namesOrHolds(text, field.name))
          fail("a pattern without '*' matches otherwise than the name it gives", std::string(text) + " / " + field.name);
      }
    }
    // What it selects in a state (an element picked by its id at its index there) is named as
    // the pattern names it; where it selects nothing, what it may have meant is one printable
    // clause, and every name suggested selects something there.
    for (const std::vector<sim::Field>& fields : game.states) {
      const std::vector<sim::Field> selected = selectFields(fields, *patterns);
      for (const sim::Field& field : selected) {
        if (!patterns->front().matches(field.name))
          fail("a selected field is named otherwise than its pattern names it", std::string(text) + " / " + field.name);
      }
      if (selected.empty()) checkFieldHint(text, fields);
    }
  }
}

void checkNumbers(std::string_view text) {
  const Parsed<std::uint64_t> count = parseCount(text);
  checkRefusal("count", count);
  if (const auto* value = std::get_if<std::uint64_t>(&count)) {
    const Parsed<std::uint64_t> again = parseCount(std::to_string(*value));
    if (!std::holds_alternative<std::uint64_t>(again) || std::get<std::uint64_t>(again) != *value)
      fail("a count written out parses otherwise", text);
  }
  const Parsed<sim::Fixed> fixed = parseFixed(text);
  checkRefusal("decimal", fixed);
  if (const auto* value = std::get_if<sim::Fixed>(&fixed)) {
    const std::string written = formatFixed(*value);
    const Parsed<sim::Fixed> again = parseFixed(written);
    if (!std::holds_alternative<sim::Fixed>(again) || std::get<sim::Fixed>(again) != *value)
      fail("a decimal written out parses otherwise", written);
  }
  // A tick (a count or its time): written as its time, as events and show print it, it reads
  // back as itself, up to the latest tick a time is read for (the parser's own bound).
  const Parsed<std::uint64_t> tick = parseTick(text);
  checkRefusal("tick", tick);
  constexpr std::uint64_t kLatestTimedTick = kLatestTickTimeMinutes * 60 * sim::kTickRate;
  if (const auto* value = std::get_if<std::uint64_t>(&tick); value != nullptr && *value <= kLatestTimedTick) {
    const std::string time = formatTickTime(*value);
    const Parsed<std::uint64_t> again = parseTick(time);
    if (!std::holds_alternative<std::uint64_t>(again) || std::get<std::uint64_t>(again) != *value)
      fail("a tick written as its time parses otherwise", time);
  }
  checkRefusal("box", parseBox(text));
  checkRefusal("displacement", parseVec2(text));
  checkRefusal("shard", parseShard(text));
}

/// An event condition (`events --where`): a condition it accepts holds or not on every event of
/// a kind asked for, whatever its arguments, and never turns out to compare a value no argument
/// can take (that is a typo, refused when the condition is read).
void checkEventCondition(const sim::GameDefinition& game, std::string_view text) {
  const std::vector<bool> every(game.eventSchemas().size(), true);
  auto parsed = parseEventCondition(game, every, text);
  checkRefusal("event condition", parsed);
  const auto* condition = std::get_if<Condition>(&parsed);
  if (condition == nullptr) return;
  for (std::size_t kind = 0; kind < game.eventSchemas().size(); ++kind) {
    for (const std::int32_t value : {0, 1, -1, 23}) {
      const sim::Event event = sim::makeEvent(static_cast<std::uint16_t>(kind), value, value, value, value);
      if (std::holds_alternative<std::string>(condition->check(sim::describeEvent(game, event))))
        fail("an event condition accepted when read is refused on an event", text);
    }
  }
}

/// What `events --about` takes: an entity no event can be about (sim::canBeAbout) is about no
/// event, and every event is about each of its subjects, which canBeAbout takes.
void checkAbout(const sim::GameDefinition& game, std::string_view text) {
  const bool can = sim::canBeAbout(game, text);
  for (std::size_t kind = 0; kind < game.eventSchemas().size(); ++kind) {
    for (const std::int32_t value : {0, 1, -1, 23, 2147483647, -2147483647 - 1}) {
      const sim::Event event = sim::makeEvent(static_cast<std::uint16_t>(kind), value, value, value, value);
      if (!can && !text.empty() && sim::isEventAbout(game, event, text))
        fail("an entity canBeAbout refuses is what an event is about", text);
      for (const std::string& subject : sim::nameEventSubjects(game, event)) {
        if (!sim::canBeAbout(game, subject) || !sim::isEventAbout(game, event, subject))
          fail("an event's subject is refused by --about", subject);
      }
    }
  }
}

/// A .expect: what it refuses is one short line, and each line it takes, said as info says it
/// (describeExpectation), is printable and read back as the same line.
void checkExpectations(const sim::GameDefinition& game, std::string_view text) {
  auto parsed = parseExpectations(text, game);
  checkRefusal("expectations", parsed);
  const auto* expectations = std::get_if<std::vector<Expectation>>(&parsed);
  if (expectations == nullptr) return;
  for (const Expectation& e : *expectations) {
    const std::string said = describeExpectation(e);
    if (findUnprintable(said, 4096)) fail("an expectation is said with unprintable bytes", said);
    auto again = parseExpectations(said, game);
    const auto* read = std::get_if<std::vector<Expectation>>(&again);
    if (read == nullptr || read->size() != 1 || describeExpectation(read->front()) != said)
      fail("an expectation said as info says it reads back as another", said);
  }
}

void checkGameTexts(std::string_view text) {
  for (const sim::GameDefinition* game : sim::listGames()) {
    const std::optional<sim::ConfigValues> config = game->findConfig(game->configNames().front());
    auto set = applySettings(*game, *config, {std::string(text)});
    checkRefusal("setting", set);
    if (const auto* changed = std::get_if<sim::ConfigValues>(&set)) {
      if (findUnprintable(changed->name, 4096)) fail("a setting makes an unprintable configuration name", changed->name);
      if (const std::optional<std::string> problem = game->validateConfig(*changed, false))
        checkSentence("validated setting", *problem);
    }
    checkExpectations(*game, text);
    // A configuration's name from a replay's header, made again as approve does.
    auto remade = remakeConfig(*game, text);
    checkRefusal("configuration name", remade);
    if (const auto* made = std::get_if<sim::ConfigValues>(&remade)) {
      const auto again = remakeConfig(*game, made->name);
      const auto* same = std::get_if<sim::ConfigValues>(&again);
      if (same == nullptr || same->name != made->name || same->values != made->values)
        fail("a configuration made again from its own name is another", made->name);
    }
    auto predicate = parsePredicate(std::string(text), *game);
    checkRefusal("predicate", predicate);
    // The .expect line hunt and shrink write beside a finding of it is one a .expect takes.
    const auto* until = std::get_if<Predicate>(&predicate);
    if (const std::optional<std::string> line = until ? expectPredicate(*until, *game) : std::nullopt) {
      if (!std::holds_alternative<std::vector<Expectation>>(parseExpectations(*line, *game)))
        fail("the .expect line written for a predicate is refused", *line);
    }
    checkEventCondition(*game, text);
    checkAbout(*game, text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  checkCondition(text);
  checkFieldPattern(text);
  checkNumbers(text);
  checkGameTexts(text);
  return 0;
}

/// Typed texts are the target's input as they are.
std::vector<std::uint8_t> corpusInputFrom(const std::vector<std::uint8_t>& file) { return file; }
