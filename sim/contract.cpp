// The game contract's run-time checks (contract.h): each plays the game through GameDefinition
// and GameSession only, so any registered game is checked the same way, and says the first way
// the game breaks its promise.
#include "sim/contract.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/event_subjects.h"
#include "sim/field_ids.h"
#include "sim/round.h"
#include "sim/text.h"
#include "sim/value_layout.h"

namespace retrace::sim {
namespace {

using Problem = std::optional<std::string>;

/// Seeds the checks play with: any would do, fixed so that a finding reproduces.
constexpr std::uint64_t kSeed = 3;
constexpr std::uint64_t kBotSeed = 5;

/// The configuration the checks play: the one asked for (sane; its limits may be broken), or
/// the default (the first named, within its limits); why there is none to play.
Problem findPlayed(const GameDefinition& game, const ConfigValues* played, ConfigValues& outConfig) {
  if (played != nullptr) {
    if (auto problem = game.validateConfig(*played, true)) return "the configuration to play is refused: " + *problem;
    outConfig = *played;
    return std::nullopt;
  }
  const auto names = game.configNames();
  if (names.empty()) return "it names no configuration (the first named is the default)";
  const auto config = game.findConfig(names.front());
  if (!config) return "findConfig does not find its own default configuration " + quoteForMessage(names.front());
  if (auto problem = game.validateConfig(*config, false)) return "its default configuration is refused: " + *problem;
  outConfig = *config;
  return std::nullopt;
}

/// Who presses the buttons in a check: the game's bot, or random presses of its buttons, which
/// reach states the bot avoids (as a person or a fuzzed input does).
struct Player {
  bool random = false;
  Rng rng;
  Input buttons = 0xFF;  ///< the bits a random player presses
  Input choose(const GameSession& session) {
    return random ? static_cast<Input>(nextU32(rng) & buttons) : session.chooseBotInput(rng);
  }
};
Player botPlayer() { return {false, seedRng(kBotSeed), 0}; }
Player randomPlayer(const GameDefinition& game) {
  const std::size_t count = std::min<std::size_t>(game.inputNames().size(), 8);
  return {true, seedRng(kBotSeed, 1), static_cast<Input>((1U << count) - 1U)};
}

/// One tick played: its input and events.
struct PlayedTick {
  Input input = 0;
  std::vector<Event> events;
};
PlayedTick play(GameSession& session, Player& player) {
  const Input input = player.choose(session);
  return {input, session.step(input).events};
}

/// A session of the played configuration after the bot played it for some ticks, or why there
/// is none to play.
Problem startPlayed(const GameDefinition& game, const ConfigValues* played, int ticks, std::unique_ptr<GameSession>& outSession) {
  ConfigValues config;
  if (auto problem = findPlayed(game, played, config)) return problem;
  outSession = game.start(config, kSeed);
  Player bot = botPlayer();
  for (int i = 0; i < ticks; ++i) (void)play(*outSession, bot);
  return std::nullopt;
}

/// The first fields in which two sessions' states differ, for a sentence: " (x: expected 5, got
/// 6; ...)", or nothing when every described field agrees.
std::string describeDifference(const GameSession& expected, const GameSession& got) {
  std::string text;
  for (const std::string& line : diffFields(expected.describeState(), got.describeState(), 3)) {
    text += text.empty() ? " (" : "; ";
    text += line;
  }
  return text.empty() ? text : text + ")";
}

/// True when text is printable ASCII without spaces: a word a person can read and type.
bool isPrintableWord(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c > ' ' && c < 0x7F; });
}

/// True when text is a printable word of at most 64 characters, as names typed after an option
/// must be.
bool isPlainName(std::string_view text) { return text.size() <= 64 && isPrintableWord(text); }

/// The first way an enumeration's names fail to be typed back (find takes a field's value by
/// its name, and each value prints as its name): a name that is not a plain word, or two names
/// or two values alike. `owner` says whose enumeration it is, for the sentence.
Problem checkEnumNames(EnumNames names, const std::string& owner) {
  std::set<std::string_view> seen;
  std::set<std::int64_t> values;
  for (const EnumName& name : names) {
    if (name.name == nullptr) return owner + " leaves value " + std::to_string(name.value) + " of its enumeration without a name";
    if (!isPlainName(name.name))
      return owner + " names value " + std::to_string(name.value) + " " + quoteForMessage(name.name) +
             ", which is not a plain word";
    if (!seen.insert(name.name).second) return owner + " names two values " + quoteForMessage(name.name);
    if (!values.insert(name.value).second) return owner + " gives the value " + std::to_string(name.value) + " two names";
  }
  return std::nullopt;
}

/// A value with the same low 32 bits and another high half (wrapping, never overflowing): what a
/// 32-bit field narrowed on load or in a configuration would hide.
std::int64_t shiftBy32Bits(std::int64_t value) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(value) + (std::uint64_t{1} << 32));
}

/// The name of value `index` of a saved state, for a sentence: its field's, or for packed bytes
/// the word or count of words of the bytes named after it.
std::string nameValue(const std::vector<Field>& fields, std::size_t index) {
  const auto at = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return f.place >= index; });
  if (at == fields.end()) return "value " + std::to_string(index);
  if (at->place == index && at->packedByte < 0) return at->name;
  const std::string bytes = at->name.substr(0, at->name.find('['));
  return at->place == index ? "a word of " + bytes : "the count of words of " + bytes;
}

/// One sentence when the fields are not the saved values: each field's value is the value at
/// its place (or its byte of the word there), in order, and every value is some field's, but
/// the count of words before packed bytes.
std::optional<std::string> checkFieldPlaces(const std::vector<Field>& fields, std::span<const std::int64_t> values) {
  if (fields.empty() || fields.back().place + std::size_t{1} != values.size())
    return "it describes fields up to value " + std::to_string(fields.empty() ? 0 : fields.back().place + std::size_t{1}) +
           " but saves " + std::to_string(values.size()) + " values";
  std::vector<bool> named(values.size(), false);
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if ((i > 0 && fields[i].place < fields[i - 1].place) || fields[i].place >= values.size())
      return "field " + fields[i].name + " is placed before the field it follows or past the values saved";
    if (readSavedValue(values, fields[i]) != fields[i].value)
      return "field " + fields[i].name + " is described as another value than it saves";
    named[fields[i].place] = true;
  }
  for (std::size_t j = 0; j < values.size(); ++j) {
    const bool countOfPackedWords = j + 1 < values.size() && std::any_of(fields.begin(), fields.end(), [&](const Field& f) {
                                      return f.place == j + 1 && f.packedByte == 0;
                                    });
    if (!named[j] && !countOfPackedWords)
      return "saved value " + std::to_string(j) + " is no field's (visitPackedBytes of no bytes saves their count alone)";
  }
  return std::nullopt;
}

/// One sentence when a field's name or place changes over `ticks` of the bot while the saved
/// values keep their layout: find, trace and the viewer's plot name the fields again only when
/// it changes (sim/value_layout.h), so a name that follows a value would be shown wrong.
Problem checkNamesFollowLayout(GameSession& session, int ticks) {
  Player bot = botPlayer();
  std::vector<Field> was = session.describeState();
  ValueLayout layout = ValueLayout::of(was);
  for (int i = 0; i < ticks; ++i) {
    (void)play(session, bot);
    std::vector<Field> now = session.describeState();
    if (layout.fits(session.saveState())) {
      for (std::size_t j = 0; j < std::min(was.size(), now.size()); ++j) {
        if (now[j].name == was[j].name && now[j].place == was[j].place && now[j].packedByte == was[j].packedByte) continue;
        return "field " + quoteForMessage(was[j].name) + " is named " + quoteForMessage(now[j].name) + " at tick " +
               std::to_string(session.tick()) +
               " though neither a list's length nor the count of saved values changed; find and trace name the fields "
               "again only when they do";
      }
      if (now.size() != was.size())
        return "it describes another number of fields at tick " + std::to_string(session.tick()) +
               " though neither a list's length nor the count of saved values changed";
    }
    was = std::move(now);
    layout = ValueLayout::of(was);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> checkGameNames(const GameDefinition& game) {
  if (!isPlainName(game.name()))
    return "its name " + quoteForMessage(game.name()) + " is not a plain word of 1 to 64 printable characters without spaces";
  const auto configs = game.configNames();
  std::set<std::string> seen;
  for (const std::string& name : configs) {
    if (!isPlainName(name)) return "configuration name " + quoteForMessage(name) + " is not a plain word";
    if (!seen.insert(name).second) return "two configurations are named " + quoteForMessage(name);
    if (!game.findConfig(name)) return "findConfig does not find its own configuration " + quoteForMessage(name);
  }
  std::string unknown = "no-such-configuration";
  while (seen.count(unknown) != 0) unknown += "-";
  if (game.findConfig(unknown)) return "findConfig finds a configuration it does not name, " + quoteForMessage(unknown);
  const auto inputs = game.inputNames();
  if (inputs.size() > 8) return "it names " + std::to_string(inputs.size()) + " buttons; an input has 8 bits";
  std::set<std::string_view> buttons;
  for (const char* name : inputs) {
    if (name == nullptr || !isPlainName(name)) return "a button has no name, or one that is not a plain word";
    if (!buttons.insert(name).second) return "two buttons are named " + quoteForMessage(name);
  }
  if (game.inputKeys().size() > inputs.size()) return "it gives keys for more buttons than it names";
  std::set<std::string_view> events;
  for (const EventSchema& schema : game.eventSchemas()) {
    if (schema.name == nullptr || !isPlainName(schema.name)) return "an event kind has no name, or one that is not a plain word";
    if (!events.insert(schema.name).second) return "two event kinds are named " + quoteForMessage(schema.name);
    const std::string kind = "event " + quoteForMessage(schema.name);
    std::set<std::string_view> args;
    for (std::size_t i = 0; i < schema.argNames.size(); ++i) {
      if (schema.argNames[i] == nullptr) continue;
      if (!isPlainName(schema.argNames[i]))
        return kind + " has an argument named " + quoteForMessage(schema.argNames[i]) + ", which is not a plain word";
      if (!args.insert(schema.argNames[i]).second) return kind + " names two arguments " + quoteForMessage(schema.argNames[i]);
      if (auto problem = checkEnumNames(schema.argEnums[i], "argument " + quoteForMessage(schema.argNames[i]) + " of " + kind))
        return problem;
    }
    for (const char* subject : schema.subjects) {
      if (subject == nullptr) continue;
      if (auto problem = checkSubjectPattern(schema, subject))
        return "the subject " + quoteForMessage(subject) + " of " + kind + " " + *problem;
    }
  }
  return std::nullopt;
}

namespace {

Problem checkNames(const GameDefinition& game, const ConfigValues* /*played*/) { return checkGameNames(game); }

Problem checkTicks(const GameDefinition& game, const ConfigValues* played) {
  ConfigValues config;
  if (auto problem = findPlayed(game, played, config)) return problem;
  auto session = game.start(config, kSeed);
  if (session->tick() != 0) return "a session starts at tick " + std::to_string(session->tick()) + ", not 0";
  Player bot = botPlayer();
  for (std::int64_t tick = 1; tick <= 3000; ++tick) {
    (void)play(*session, bot);
    if (session->tick() != tick)
      return "step " + std::to_string(tick) + " leaves the tick at " + std::to_string(session->tick()) +
             ": each step is one tick";
  }
  return std::nullopt;
}

Problem checkDeterminism(const GameDefinition& game, const ConfigValues* played) {
  ConfigValues config;
  if (auto problem = findPlayed(game, played, config)) return problem;
  auto a = game.start(config, kSeed);
  auto b = game.start(config, kSeed);
  if (a->hash() != b->hash()) return "two sessions started from the same configuration and seed differ at once";
  Player botA = botPlayer();
  Player botB = botPlayer();
  const std::size_t buttons = game.inputNames().size();
  const char* const kWhy =
      ": the rules or the bot read something outside the state and configuration (a clock, a global, an address, uninitialised memory)";
  for (int i = 0; i < 10000; ++i) {
    const PlayedTick tickA = play(*a, botA);
    const PlayedTick tickB = play(*b, botB);
    const std::string at = " at tick " + std::to_string(a->tick());
    if (tickA.input != tickB.input) return "two runs alike choose different bot inputs" + at + kWhy;
    if (buttons < 8 && (tickA.input >> buttons) != 0) return "the bot presses a button it does not name" + at;
    if (tickA.events != tickB.events) return "two runs alike report different events" + at + kWhy;
    if (a->hash() != b->hash()) return "two runs alike reach different states" + at + describeDifference(*a, *b) + kWhy;
  }
  return std::nullopt;
}

/// Steps two sessions alike, the player choosing from the first; the first tick they part at.
Problem compareRuns(GameSession& first, GameSession& second, Player player, int ticks) {
  for (int i = 0; i < ticks; ++i) {
    const Input input = player.choose(first);
    const auto eventsFirst = first.step(input).events;
    const auto eventsSecond = second.step(input).events;
    const std::string at = "tick " + std::to_string(first.tick());
    if (eventsFirst != eventsSecond) return at + ", in their events";
    if (first.hash() != second.hash()) return at + ", in their state" + describeDifference(first, second);
  }
  return std::nullopt;
}

Problem checkSnapshots(const GameDefinition& game, const ConfigValues* played) {
  ConfigValues config;
  if (auto problem = findPlayed(game, played, config)) return problem;
  for (Player player : {botPlayer(), randomPlayer(game)}) {
    auto session = game.start(config, kSeed);
    const std::string by = player.random ? " (random presses)" : " (the bot playing)";
    for (const std::int64_t at : {0, 1, 60, 600, 2400}) {
      while (session->tick() < at) (void)play(*session, player);
      const std::string when = "the state saved at tick " + std::to_string(at) + by;
      auto loaded = game.start(config, kSeed);
      if (!loaded->loadState(session->saveState())) return "a new session refuses " + when;
      if (!loaded->sameState(*session)) {
        return when +
               " loads as another state: a member of State that == compares is missing from visitState, or loading changes a value";
      }
      auto original = session->clone();
      if (auto parted = compareRuns(*original, *loaded, player, 600))
        return "a session loaded from " + when + " parts from the one that saved it at " + *parted;
    }
  }
  return std::nullopt;
}

Problem checkLoading(const GameDefinition& game, const ConfigValues* played) {
  std::unique_ptr<GameSession> session;
  if (auto problem = startPlayed(game, played, 600, session)) return problem;
  const auto before = session->clone();
  const auto saved = session->saveState();
  auto padded = saved;
  padded.push_back(0);
  auto cut = saved;
  cut.pop_back();
  if (session->loadState(padded)) return "it loads a saved state with a value too many";
  if (session->loadState(cut)) return "it loads a saved state with its last value cut off";
  if (session->loadState({})) return "it loads an empty state";
  if (!session->sameState(*before)) return "a load it refuses changes its state";
  const auto fields = session->describeState();
  for (std::size_t i = 0; i < saved.size(); ++i) {
    for (const std::int64_t hostile : {shiftBy32Bits(saved[i]), std::int64_t{2}, saved[i] ^ 1, INT64_MIN}) {
      auto values = saved;
      values[i] = hostile;
      auto copy = session->clone();
      if (!copy->loadState(values)) continue;
      const auto back = copy->saveState();
      if (back != values) {
        return nameValue(fields, i) + " given " + std::to_string(hostile) + " loads as " +
               std::to_string(back.size() > i ? back[i] : 0) +
               ": a value that does not fit its field must be refused, never narrowed";
      }
    }
  }
  return std::nullopt;
}

Problem checkClones(const GameDefinition& game, const ConfigValues* played) {
  std::unique_ptr<GameSession> session;
  if (auto problem = startPlayed(game, played, 300, session)) return problem;
  Player bot = botPlayer();
  auto copy = session->clone();
  const auto witness = session->clone();
  if (!copy->sameState(*session) || copy->hash() != session->hash()) return "a clone is not the state it was cloned from";
  Player copyBot = bot;
  for (int i = 0; i < 600; ++i) (void)play(*copy, copyBot);
  if (!session->sameState(*witness)) return "stepping a clone changes the session it was cloned from: they share something";
  for (int i = 0; i < 600; ++i) (void)play(*session, bot);
  if (copy->hash() != session->hash())
    return "a session and its clone, stepped alike, part" + describeDifference(*session, *copy);
  return std::nullopt;
}

Problem checkFields(const GameDefinition& game, const ConfigValues* played) {
  std::unique_ptr<GameSession> session;
  if (auto problem = startPlayed(game, played, 600, session)) return problem;
  const auto fields = session->describeState();
  const auto values = session->saveState();
  if (auto problem = checkFieldPlaces(fields, values)) return problem;
  if (fields.front().name != "tick" || fields.front().value != session->tick())
    return "the first field it describes is not the tick";
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (!isPrintableWord(fields[i].name))
      return "field " + quoteForMessage(fields[i].name) + " is not a printable word (trace and find take it typed)";
    if (!names.insert(fields[i].name).second) return "two fields are named " + quoteForMessage(fields[i].name);
    if (auto problem = checkEnumNames(fields[i].names, "field " + fields[i].name)) return problem;
    const auto altered = nudgeSavedValue(values, fields[i]);
    auto copy = session->clone();
    if (!copy->loadState(altered) || copy->saveState() != altered) continue;  // refused or normalised: nothing to hash
    if (copy->hash() == session->hash()) return "changing field " + fields[i].name + " leaves the state hash alone";
  }
  return checkNamesFollowLayout(*session, 1200);
}

Problem checkConfigurations(const GameDefinition& game, const ConfigValues* /*played*/) {
  for (const std::string& name : game.configNames()) {
    const auto config = game.findConfig(name);
    if (!config) return "findConfig does not find its own configuration " + quoteForMessage(name);
    if (auto problem = game.validateConfig(*config, true))
      return "configuration " + quoteForMessage(name) + " fails its own sanity check: " + *problem;
    const auto fields = game.describeConfig(*config);
    if (fields.size() != config->values.size())
      return "configuration " + quoteForMessage(name) + " describes another number of fields than it has values";
    std::set<std::string_view> seen;
    for (const Field& field : fields) {
      if (!isPlainName(field.name))
        return "configuration field " + quoteForMessage(field.name) + " is not a plain word (it is set as NAME=VALUE)";
      if (!seen.insert(field.name).second) return "two configuration fields are named " + quoteForMessage(field.name);
    }
    auto padded = *config;
    padded.values.push_back(0);
    auto cut = *config;
    if (!cut.values.empty()) cut.values.pop_back();
    if (!game.validateConfig(padded, true) || (!config->values.empty() && !game.validateConfig(cut, true))) {
      return "it accepts a configuration with a value too many or too few";
    }
    for (std::size_t i = 0; i < config->values.size(); ++i) {
      for (const std::int64_t hostile : {shiftBy32Bits(config->values[i]), std::int64_t{2}, INT64_MIN}) {
        auto values = *config;
        values.values[i] = hostile;
        if (game.validateConfig(values, true)) continue;
        const auto back = game.describeConfig(values);
        if (back.size() != values.values.size() || back[i].value != hostile) {
          return "configuration field " + fields[i].name + " given " + std::to_string(hostile) +
                 " takes another value: a value that does not fit its field must be refused, never narrowed";
        }
      }
    }
  }
  return std::nullopt;
}

Problem checkLimits(const GameDefinition& game, const ConfigValues* /*played*/) {
  const auto limits = game.speedLimits();
  for (const std::string& name : game.configNames()) {
    const auto config = game.findConfig(name);
    if (!config) continue;  // the names check says so
    const auto fields = game.describeConfig(*config);
    for (std::size_t l = 0; l < limits.size(); ++l) {
      const auto field = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return f.name == limits[l].field; });
      // A rule is the game's own sentence, shown whole, as its refusals are.
      const std::string rule = std::string("speed limit \"") + limits[l].rule + "\"";
      if (field == fields.end())
        return rule + " bounds " + quoteForMessage(limits[l].field) + ", which is no configuration field";
      const auto bound = game.limitBound(*config, l);
      if (!bound) continue;  // the limit does not apply to this configuration
      const auto index = static_cast<std::size_t>(field - fields.begin());
      ConfigValues at = *config;
      ConfigValues past = *config;
      at.values[index] = *bound;
      if (*bound == INT64_MAX) continue;  // nothing lies past it
      past.values[index] = *bound + 1;
      if (game.validateConfig(at, true) || game.validateConfig(past, true))
        continue;  // not sane either way: the limit is not what refuses
      const auto atProblem = game.validateConfig(at, false);
      const auto pastProblem = game.validateConfig(past, false);
      const std::string where = "in configuration " + quoteForMessage(name) + ", " + rule;
      if (!pastProblem) return where + " lets " + field->name + " one raw unit past the bound it states";
      // Another limit may refuse the bound too (two limits on one field); this one must not.
      if (atProblem && *atProblem == *pastProblem) return where + " refuses " + field->name + " at the bound it states";
    }
  }
  return std::nullopt;
}

/// The described fields' names, sorted, for finding the fields of many entities.
std::vector<std::string> sortFieldNames(const std::vector<Field>& fields) {
  std::vector<std::string> names;
  names.reserve(fields.size());
  for (const Field& field : fields) names.push_back(field.name);
  std::sort(names.begin(), names.end());
  return names;
}

/// True when some field of the sorted `names` is `entity` or lies inside it ("tanks[1].centre.x").
bool namesAField(const std::vector<std::string>& names, std::string_view entity) {
  // The names that begin with `entity` follow it in sorted order.
  for (auto it = std::lower_bound(names.begin(), names.end(), entity); it != names.end() && it->starts_with(entity); ++it) {
    if (isInsideEntity(*it, entity)) return true;
  }
  return false;
}

/// True when `subject` (an entity an event is about, maybe picked by id) is in the state, or, for
/// an element picked by its id, the list it is in ("bullets" of "bullets[id=7]"): an element may
/// live within one tick (a bullet fired into a wall).
bool holdsSubject(const GameSession& session, std::string_view subject) {
  const std::vector<Field> fields = session.describeState();
  const std::vector<std::string> names = sortFieldNames(fields);
  if (const auto resolved = resolveIds(fields, subject); resolved && namesAField(names, *resolved)) return true;
  const std::size_t open = subject.find(kIdSelectorOpen);
  return open != std::string_view::npos && namesAField(names, subject.substr(0, open));
}

Problem checkEvents(const GameDefinition& game, const ConfigValues* played) {
  ConfigValues config;
  if (auto problem = findPlayed(game, played, config)) return problem;
  const auto kinds = game.eventSchemas().size();
  auto session = game.start(config, kSeed);
  Player bot = botPlayer();
  Player random = randomPlayer(game);
  for (int i = 0; i < 10000; ++i) {
    // What an event is about may be gone after it (a bullet that hit) or new (one fired).
    const auto before = session->clone();
    for (const Event& event : play(*session, i < 5000 ? bot : random).events) {
      if (event.kind >= kinds)
        return "at tick " + std::to_string(session->tick()) + " it reports an event of kind " + std::to_string(event.kind) +
               ", which eventSchemas does not describe";
      for (const std::string& subject : nameEventSubjects(game, event)) {
        if (!holdsSubject(*session, subject) && !holdsSubject(*before, subject))
          return "at tick " + std::to_string(session->tick()) + " its event " + formatEvent(game, event) + " is about " +
                 quoteForMessage(subject) + ", which is in neither the state before it nor the state after it";
      }
    }
  }
  return std::nullopt;
}

Problem checkRounds(const GameDefinition& game, const ConfigValues* played) {
  ConfigValues config;
  if (auto problem = findPlayed(game, played, config)) return problem;
  auto session = game.start(config, kSeed);
  Player random = randomPlayer(game);
  // A recording of any length is live play: a round that ends gives way to the next by itself.
  constexpr int kLongestOver = 10 * kTickRate;
  int over = 0;
  for (int i = 0; i < 20000; ++i) {
    (void)play(*session, random);
    over = session->roundOver() ? over + 1 : 0;
    if (over > kLongestOver)
      return "a round that ended at tick " + std::to_string(session->tick() - over) +
             " is still over 10 seconds later: the next round must start by itself";
  }
  return std::nullopt;
}

Problem checkScenes(const GameDefinition& game, const ConfigValues* played) {
  ConfigValues config;
  if (auto problem = findPlayed(game, played, config)) return problem;
  auto session = game.start(config, kSeed);
  Player bot = botPlayer();
  const auto layers = game.sceneLayers();
  std::set<SceneLayer> drawn;
  for (int i = 0; i < 3000; ++i) {
    const auto previous = session->clone();
    (void)play(*session, bot);
    if (i % 25 != 0) continue;
    const Scene scene = session->describeScene(*previous);
    const std::string at = " at tick " + std::to_string(session->tick());
    if (scene.size.x <= Fixed() || scene.size.y <= Fixed()) return "its scene has no area" + at;
    if (scene.primitives.empty()) return "its scene shows nothing" + at;
    const std::vector<std::string> names = sortFieldNames(session->describeState());
    for (const ScenePrimitive& p : scene.primitives) {
      if (!p.entity.empty() && !namesAField(names, p.entity))
        return "its scene names entity " + quoteForMessage(p.entity) + ", which is no field of the state" + at;
      // A cell is picked and highlighted as one field; the viewer would select a whole entity.
      if (p.cell && !std::binary_search(names.begin(), names.end(), p.entity))
        return "its scene names map cell " + quoteForMessage(p.entity) + ", which is no single field of the state" + at;
      if (p.layer != SceneLayer::kBodies) {
        if (std::find(layers.begin(), layers.end(), p.layer) == layers.end())
          return "its scene draws on a layer sceneLayers does not declare" + at;
        drawn.insert(p.layer);
      }
      if (p.shape == SceneShape::kBox &&
          (p.a.x < Fixed() || p.a.y < Fixed() || p.a.x + p.b.x > scene.size.x || p.a.y + p.b.y > scene.size.y)) {
        return "its scene puts a box" + (p.entity.empty() ? std::string() : " (" + p.entity + ")") + " outside the scene's area" +
               at;
      }
    }
  }
  // A declared layer that is never drawn makes its key in the viewer do nothing.
  if (drawn.size() != std::set<SceneLayer>(layers.begin(), layers.end()).size())
    return "it declares a scene layer that 3000 ticks of its bot never draw";
  return std::nullopt;
}

Problem checkOracle(const GameDefinition& game, const ConfigValues* played) {
  ConfigValues config;
  if (auto problem = findPlayed(game, played, config)) return problem;
  auto checked = game.start(config, kSeed);
  auto plain = game.start(config, kSeed);
  checked->setOracle(true);
  // Past a limit tunnels are what the configuration is for (a negative control): only within
  // them must the oracle find none.
  const bool withinLimits = !game.validateConfig(config, false);
  Player bot = botPlayer();
  for (int i = 0; i < 10000; ++i) {
    const Input input = bot.choose(*checked);
    const StepResult result = checked->step(input);
    const auto events = plain->step(input).events;
    const std::string at = " at tick " + std::to_string(checked->tick());
    if (withinLimits && !result.tunnels.empty()) {
      return "its oracle finds a tunnel in configuration " + quoteForMessage(config.name) + ", within its speed limits," + at +
             ": " + result.tunnels.front().sentence;
    }
    if (result.events != events || checked->hash() != plain->hash())
      return "turning the oracle on changes what a tick computes" + at + describeDifference(*plain, *checked);
  }
  return std::nullopt;
}

constexpr ContractCheck kChecks[] = {
    {"names",
     "its name, configurations, buttons, event kinds, their arguments and enumerations are plain words, each once; at most 8 buttons",
     checkNames},
    {"ticks", "a session starts at tick 0 and each step is one tick", checkTicks},
    {"determinism",
     "two runs from the same seed with the same bot choose the same inputs, report the same events and reach the same state",
     checkDeterminism},
    {"snapshots",
     "a new session loading a saved state has that state (every member of State is in visitState) and steps on alike, whether the bot or random presses play",
     checkSnapshots},
    {"loading", "loading refuses a state with values too many, too few or that do not fit, and leaves the state alone",
     checkLoading},
    {"clones", "a clone is the same state, independent of the session it came from", checkClones},
    {"fields",
     "the described fields are the saved values, the tick first, each named once by a printable word, each in the state hash, their enumerations plain words",
     checkFields},
    {"configurations", "each named configuration is sane, and a value that does not fit a configuration field is refused",
     checkConfigurations},
    {"limits",
     "each speed limit bounds a configuration field, accepts it at the bound it states and refuses it one raw unit past",
     checkLimits},
    {"events",
     "every event it reports has a schema, and what its schema says it is about is in the state before or after it (an element picked by its id may live within the tick: its list is)",
     checkEvents},
    {"rounds", "a round that ends gives way to the next within 10 seconds", checkRounds},
    {"scenes", "its scenes have an area, name real fields, stay inside and draw every layer they declare", checkScenes},
    {"oracle", "played by its bot within its speed limits, it never tunnels, and the oracle changes nothing it checks",
     checkOracle},
};

}  // namespace

std::span<const ContractCheck> contractChecks() { return kChecks; }

std::vector<ContractProblem> checkGameContract(const GameDefinition& game, const std::optional<ConfigValues>& played) {
  std::vector<ContractProblem> problems;
  for (const ContractCheck& check : kChecks) {
    if (auto problem = check.run(game, played ? &*played : nullptr)) problems.push_back({check.name, std::move(*problem)});
  }
  return problems;
}

}  // namespace retrace::sim
