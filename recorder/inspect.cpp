#include "recorder/inspect.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "recorder/field_hints.h"
#include "recorder/parse.h"
#include "recorder/program_name.h"
#include "recorder/state_fields.h"
#include "sim/field_ids.h"

namespace retrace::recorder {

namespace {

/// A replay this build no longer re-simulates as recorded, from tick `tick` on.
Unanswered describeParting(std::uint64_t tick, const std::string& what) {
  return {"no longer re-simulates as recorded: " + what + " at tick " + std::to_string(tick) +
              " (its game's rules changed without a new rules version, or the file was altered); " + programName() +
              " verify shows where and how",
          true};
}

/// Steps the game through one recorded tick and compares it with the checksum the recording
/// kept for it; the divergence when they differ. The oracle's findings, when it is on, are
/// added to `outTunnels` (when given).
std::optional<Unanswered> stepRecordedTick(sim::GameSession& session, const Chunk& chunk, std::uint64_t tick, sim::Input input,
                                           std::uint32_t fullHashEvery, std::vector<FoundTunnel>* outTunnels) {
  sim::StepResult result = session.step(input);
  if (outTunnels != nullptr) {
    for (sim::Tunnel& tunnel : result.tunnels) outTunnels->push_back({tick, std::move(tunnel)});
  }
  if (matchesTickChecksum(session, tick, fullHashEvery, chunk.checksums[static_cast<std::size_t>(tick - chunk.firstTick)]))
    return std::nullopt;
  return describeParting(tick, "the state differs from its recorded checksum");
}

/// A visit that walks on through every tick: for a walk that only steps and checks.
bool visitEveryTick(const sim::GameSession&, std::uint64_t) { return true; }

/// How a walk through a chunk's ticks ended.
struct ChunkWalk {
  bool more = true;                  ///< false once `to` is passed or `visit` said stop
  std::optional<Unanswered> parted;  ///< a tick that parted from its recorded checksum
};

/// Steps the game through the chunk's ticks after `at` up to `to`, checking each against the
/// recording and visiting it (stepRecordedTick's `outTunnels` too).
ChunkWalk stepThroughChunk(sim::GameSession& session, const Chunk& chunk, std::uint64_t at, std::uint64_t to,
                           std::uint32_t fullHashEvery, const std::function<bool(const sim::GameSession&, std::uint64_t)>& visit,
                           std::vector<FoundTunnel>* outTunnels = nullptr) {
  std::uint64_t t = chunk.firstTick;
  for (const InputRun& run : chunk.inputs) {
    for (std::uint32_t i = 0; i < run.length; ++i, ++t) {
      if (t <= at) continue;
      if (t > to) return {false, std::nullopt};
      if (auto parted = stepRecordedTick(session, chunk, t, run.input, fullHashEvery, outTunnels))
        return {false, std::move(parted)};
      if (!visit(session, t)) return {false, std::nullopt};
    }
  }
  return {};
}

}  // namespace

std::string describeCutShort(std::uint64_t lastTick, const LoadedReplay& replay) {
  if (!replay.truncated) return "";
  const std::uint64_t planned = replay.header.plannedTicks;
  return " (the recording was cut short: " + std::to_string(lastTick) + (planned > 0 ? " of " + std::to_string(planned) : "") +
         " ticks recovered)";
}

std::string describePastLastTick(std::uint64_t tick, std::uint64_t lastTick, const LoadedReplay& replay) {
  return "tick " + std::to_string(tick) + " is past the replay's last tick, " + std::to_string(lastTick) +
         describeCutShort(lastTick, replay);
}

std::variant<std::uint64_t, std::string> settleTickRange(const ReplayIndex& index, const std::string& file, std::uint64_t from,
                                                         std::optional<std::uint64_t> to, std::uint64_t firstTick) {
  const std::uint64_t last = to.value_or(index.lastTick());
  if (last > index.lastTick()) return file + " " + describePastLastTick(last, index.lastTick(), index.summary());
  if (from < firstTick || from > last) {
    return "ticks " + std::to_string(from) + " to " + std::to_string(last) + " are no range (" +
           (firstTick > 0 ? "the first tick is " + std::to_string(firstTick) + ", and " : std::string()) +
           "--from comes before --to)";
  }
  return last;
}

std::variant<std::unique_ptr<sim::GameSession>, Unanswered> reachTick(const LoadedReplay& replay, std::uint64_t tick,
                                                                      ReachFrom from) {
  const std::uint64_t last = findLastTick(replay);
  if (tick > last) return Unanswered{describePastLastTick(tick, last, replay)};
  if (auto mismatch = findRulesMismatch(replay.header)) return Unanswered{*mismatch};
  auto session = gameOf(replay.header)->start(configOf(replay.header), replay.header.seed);
  std::uint64_t at = 0;
  if (from == ReachFrom::kSnapshot) {
    // The latest snapshot at or before the tick (the loader checked each is its chunk's last tick).
    const StateSnapshot* started = nullptr;
    for (const Chunk& c : replay.chunks) {
      if (c.firstTick > tick) break;
      // A snapshot that does not fit is left out (loadState then changes nothing).
      if (c.hasSnapshot && c.snapshot.tick <= tick && session->loadState(c.snapshot.values)) started = &c.snapshot;
    }
    if (started != nullptr) {
      at = started->tick;
      if (session->hash() != started->hash)
        return describeParting(at, "the state stored in the snapshot differs from its recorded hash");
    }
  }
  // A replay given as a few chunks starts at a snapshot (ReplayIndex::loadTicks takes one that
  // fits); if that did not load, the ticks before its first chunk are not there to re-simulate.
  if (!replay.chunks.empty() && at + 1 < replay.chunks.front().firstTick && tick >= replay.chunks.front().firstTick) {
    return Unanswered{"the snapshot before tick " + std::to_string(tick) + " does not fit " + replay.header.game +
                      "'s state, and the ticks before it were not read"};
  }
  // Inputs from the chunk holding tick at + 1 on.
  for (const Chunk& c : replay.chunks) {
    if (at >= tick) break;
    const std::uint64_t chunkLast = c.firstTick + c.checksums.size() - 1;
    if (chunkLast <= at) continue;
    ChunkWalk walked = stepThroughChunk(*session, c, at, tick, replay.header.fullHashEvery, visitEveryTick);
    if (walked.parted) return std::move(*walked.parted);
    at = std::min(chunkLast, tick);
  }
  return session;
}

std::variant<std::vector<sim::Tunnel>, Unanswered> findTunnelsAt(const LoadedReplay& replay, std::uint64_t tick, ReachFrom from) {
  const std::uint64_t last = findLastTick(replay);
  if (tick > last) return Unanswered{describePastLastTick(tick, last, replay)};
  if (tick == 0) return std::vector<sim::Tunnel>{};
  auto reached = reachTick(replay, tick - 1, from);
  if (auto* problem = std::get_if<Unanswered>(&reached)) return std::move(*problem);
  sim::GameSession& session = *std::get<std::unique_ptr<sim::GameSession>>(reached);
  session.setOracle(true);
  const auto holding = std::find_if(replay.chunks.begin(), replay.chunks.end(), [&](const Chunk& c) {
    return c.firstTick <= tick && tick < c.firstTick + c.checksums.size();
  });
  // Only a replay given as a few chunks lacks one (ReplayIndex::loadTicks of another range).
  if (holding == replay.chunks.end()) return Unanswered{"tick " + std::to_string(tick) + " is not among the ticks read"};
  std::vector<FoundTunnel> found;
  ChunkWalk walked = stepThroughChunk(session, *holding, tick - 1, tick, replay.header.fullHashEvery, visitEveryTick, &found);
  if (walked.parted) return std::move(*walked.parted);
  std::vector<sim::Tunnel> tunnels;
  for (FoundTunnel& f : found) tunnels.push_back(std::move(f.tunnel));
  return tunnels;
}

std::variant<TunnelWalk, Unanswered> TunnelWalk::start(const ReplayIndex& index, std::uint64_t from) {
  const std::uint64_t before = from == 0 ? 0 : from - 1;
  auto reachable = index.loadTicks(before, before);
  if (auto* problem = std::get_if<std::string>(&reachable)) return Unanswered{*problem};
  auto reached = reachTick(std::get<LoadedReplay>(reachable), before);
  if (auto* problem = std::get_if<Unanswered>(&reached)) return std::move(*problem);
  TunnelWalk walk;
  walk.session_ = std::move(std::get<std::unique_ptr<sim::GameSession>>(reached));
  walk.session_->setOracle(true);
  walk.at_ = before;
  walk.fullHashEvery_ = index.summary().header.fullHashEvery;
  return walk;
}

std::variant<std::vector<FoundTunnel>, Unanswered> TunnelWalk::walk(const Chunk& chunk, std::uint64_t to) {
  std::vector<FoundTunnel> found;
  ChunkWalk walked = stepThroughChunk(*session_, chunk, at_, to, fullHashEvery_, visitEveryTick, &found);
  if (walked.parted) return std::move(*walked.parted);
  at_ = std::max(at_, std::min(to, chunk.firstTick + chunk.checksums.size() - 1));
  return found;
}

std::optional<Unanswered> visitTicks(const LoadedReplay& replay, std::uint64_t from, std::uint64_t to,
                                     const std::function<bool(const sim::GameSession&, std::uint64_t)>& visit) {
  const std::uint64_t last = findLastTick(replay);
  if (to > last) return Unanswered{describePastLastTick(to, last, replay)};
  auto reached = reachTick(replay, from);
  if (auto* problem = std::get_if<Unanswered>(&reached)) return std::move(*problem);
  std::unique_ptr<sim::GameSession> session = std::move(std::get<std::unique_ptr<sim::GameSession>>(reached));
  if (!visit(*session, from)) return std::nullopt;
  for (const Chunk& chunk : replay.chunks) {
    ChunkWalk walked = stepThroughChunk(*session, chunk, from, to, replay.header.fullHashEvery, visit);
    if (walked.parted) return std::move(walked.parted);
    if (!walked.more) break;
  }
  return std::nullopt;
}

std::optional<Unanswered> visitTicks(const ReplayIndex& index, std::uint64_t from, std::uint64_t to,
                                     const std::function<bool(const sim::GameSession&, std::uint64_t)>& visit) {
  if (to > index.lastTick()) return Unanswered{describePastLastTick(to, index.lastTick(), index.summary())};
  auto reachable = index.loadTicks(from, from);
  if (auto* problem = std::get_if<std::string>(&reachable)) return Unanswered{*problem};
  auto reached = reachTick(std::get<LoadedReplay>(reachable), from);
  if (auto* problem = std::get_if<Unanswered>(&reached)) return std::move(*problem);
  std::unique_ptr<sim::GameSession> session = std::move(std::get<std::unique_ptr<sim::GameSession>>(reached));
  if (!visit(*session, from) || from == to) return std::nullopt;
  // The ticks after `from`, a chunk read at a time.
  const std::uint32_t fullHashEvery = index.summary().header.fullHashEvery;
  std::optional<Unanswered> parted;
  const auto unreadable = index.visitChunks(index.findChunk(from + 1), index.findChunk(to), [&](Chunk& chunk) {
    ChunkWalk walked = stepThroughChunk(*session, chunk, from, to, fullHashEvery, visit);
    parted = std::move(walked.parted);
    return walked.more;
  });
  if (unreadable) return Unanswered{*unreadable};
  return parted;
}

TickSearch::TickSearch(Condition condition) : condition_(std::move(condition)), unseen_(condition_.listFields()) {}

std::variant<bool, std::string> TickSearch::check(const sim::GameSession& game, std::uint64_t tick) {
  const std::vector<sim::Field>& fields = named_[now_].read(game);
  std::erase_if(unseen_, [&](const std::string& name) {
    return std::any_of(fields.begin(), fields.end(), [&](const sim::Field& f) { return sameGeneralName(f.name, name); });
  });
  const bool follows = beforeTick_ && *beforeTick_ + 1 == tick;
  auto holds = condition_.check(named_[now_], follows ? &named_[1 - now_] : nullptr);
  if (condition_.looksBack()) remember(tick);
  return holds;
}

void TickSearch::remember(const sim::GameSession& game, std::uint64_t tick) {
  if (!condition_.looksBack()) return;
  (void)named_[now_].read(game);
  remember(tick);
}

void TickSearch::remember(std::uint64_t tick) {
  // The fields just read become the tick before's; the other reads the next tick.
  priorTick_ = beforeTick_;
  beforeTick_ = tick;
  now_ = 1 - now_;
}

std::variant<std::vector<std::uint64_t>, Unanswered> TickSearch::searchBy(const Walk& walk, std::uint64_t from, std::uint64_t to,
                                                                          bool all) {
  std::vector<std::uint64_t> matches;
  std::optional<std::string> badValue;
  // `changed` compares with the tick before: the walk starts there, to keep its fields.
  const auto problem =
      walk(condition_.looksBack() && from > 0 ? from - 1 : from, to, [&](const sim::GameSession& game, std::uint64_t tick) {
        if (tick < from) {
          remember(game, tick);
          return true;
        }
        const auto holds = check(game, tick);
        if (const auto* sentence = std::get_if<std::string>(&holds)) {
          badValue = *sentence;
          return false;
        }
        if (std::get<bool>(holds)) matches.push_back(tick);
        return all || matches.empty();
      });
  if (problem) return std::move(*problem);
  if (badValue) return Unanswered{*badValue};
  return matches;
}

std::variant<std::vector<std::uint64_t>, Unanswered> TickSearch::searchRange(const LoadedReplay& replay, std::uint64_t from,
                                                                             std::uint64_t to, bool all) {
  return searchBy(
      [&](std::uint64_t first, std::uint64_t last, const auto& visit) { return visitTicks(replay, first, last, visit); }, from,
      to, all);
}

std::variant<std::vector<std::uint64_t>, Unanswered> TickSearch::searchRange(const ReplayIndex& index, std::uint64_t from,
                                                                             std::uint64_t to, bool all) {
  return searchBy(
      [&](std::uint64_t first, std::uint64_t last, const auto& visit) { return visitTicks(index, first, last, visit); }, from, to,
      all);
}

const std::vector<sim::Field>& TickSearch::listLastFields() const noexcept {
  // Either reader may hold the last, and both hold one after a tick.
  return named_[now_].fields().empty() ? named_[1 - now_].fields() : named_[now_].fields();
}

const std::vector<sim::Field>* TickSearch::listFieldsBefore(std::uint64_t tick) const noexcept {
  // After `tick` was checked, the readers took turns: the next one still holds the tick before.
  const bool kept = condition_.looksBack() && tick > 0 && beforeTick_ == tick && priorTick_ == tick - 1;
  return kept ? &named_[now_].fields() : nullptr;
}

std::optional<Unanswered> TickSearch::explainNothingFound(const std::string& game) const {
  return explainNothingFound(game, listLastFields());
}

std::optional<Unanswered> TickSearch::explainNothingFound(const std::string& game, const std::vector<sim::Field>& fields) const {
  if (unseen_.empty()) return std::nullopt;
  const std::string hint = describeSuggestions(suggestFieldNames(unseen_.front(), fields));
  return Unanswered{quoteForMessage(unseen_.front()) + " names no field of " + game + " on any tick searched" +
                        (hint.empty() ? "" : "; " + hint),
                    false, true};
}

namespace {

/// What a search gives once it is over: its matches, or why a search that found none may have
/// looked for a field the game does not have.
std::variant<std::vector<std::uint64_t>, Unanswered> settleSearch(const TickSearch& search, const std::string& game,
                                                                  std::variant<std::vector<std::uint64_t>, Unanswered> found) {
  const auto* matches = std::get_if<std::vector<std::uint64_t>>(&found);
  if (matches != nullptr && matches->empty()) {
    if (auto typo = search.explainNothingFound(game)) return std::move(*typo);
  }
  return found;
}

}  // namespace

std::variant<std::vector<std::uint64_t>, Unanswered> findTicks(const LoadedReplay& replay, const Condition& condition,
                                                               std::uint64_t first, bool all) {
  TickSearch search(condition);
  return settleSearch(search, replay.header.game, search.searchRange(replay, first, findLastTick(replay), all));
}

std::variant<std::vector<std::uint64_t>, Unanswered> findTicks(const ReplayIndex& index, const Condition& condition,
                                                               std::uint64_t first, bool all) {
  TickSearch search(condition);
  return settleSearch(search, index.summary().header.game, search.searchRange(index, first, index.lastTick(), all));
}

namespace {

/// findLastMatch over a loaded replay or an index.
template <typename Replay>
std::variant<std::vector<std::uint64_t>, Unanswered> findLastMatchIn(const Replay& replay, const std::string& game,
                                                                     const Condition& condition, std::uint64_t first,
                                                                     std::uint64_t last) {
  if (first > last) return std::vector<std::uint64_t>{};
  TickSearch search(condition);
  // Windows of 256, 512, ... ticks back from `last`: each walks from the snapshot before it, so
  // the walks add up to about twice the distance to the match, and a snapshot interval each.
  std::uint64_t window = 256;
  for (std::uint64_t to = last;; to -= window, window *= 2) {
    const std::uint64_t from = to - first + 1 > window ? to - window + 1 : first;
    auto found = search.searchRange(replay, from, to, true);
    auto* matches = std::get_if<std::vector<std::uint64_t>>(&found);
    if (matches == nullptr) return found;
    if (!matches->empty()) return std::vector<std::uint64_t>{matches->back()};
    if (from == first) return settleSearch(search, game, std::move(found));
  }
}

}  // namespace

std::variant<std::vector<std::uint64_t>, Unanswered> findLastMatch(const LoadedReplay& replay, const Condition& condition,
                                                                   std::uint64_t first, std::uint64_t last) {
  return findLastMatchIn(replay, replay.header.game, condition, first, last);
}

std::variant<std::vector<std::uint64_t>, Unanswered> findLastMatch(const ReplayIndex& index, const Condition& condition,
                                                                   std::uint64_t first, std::uint64_t last) {
  return findLastMatchIn(index, index.summary().header.game, condition, first, last);
}

std::variant<std::vector<FieldPattern>, std::string> parseFieldPatterns(const std::vector<std::string>& texts) {
  std::vector<FieldPattern> patterns;
  for (const std::string& text : texts) {
    auto parsed = FieldPattern::parse(text);
    if (auto* problem = std::get_if<std::string>(&parsed)) return *problem;
    patterns.push_back(std::move(std::get<FieldPattern>(parsed)));
  }
  return patterns;
}

std::variant<FieldPattern, std::string> FieldPattern::parse(std::string_view text) {
  if (text.empty()) return std::string("a field pattern names a field (like players[*].position or ball.vy), not nothing");
  // Matching a name against many '*' keeps a table of the pattern's length by the name's.
  if (text.size() > kMaxFieldPatternLength) {
    return "a field pattern is at most " + std::to_string(kMaxFieldPatternLength) +
           " characters, longer than any field's name; this one has " + std::to_string(text.size());
  }
  if (auto problem = sim::checkIdSelectors(text)) return quoteForMessage(text) + " is not a field pattern: " + *problem;
  std::string wildcards;
  int stars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (text.substr(i).starts_with(sim::kIdSelectorOpen)) {
      // Checked above: "[id=N]", matched as written.
      const std::size_t close = text.find(']', i);
      wildcards += text.substr(i, close - i + 1);
      i = close;
      continue;
    }
    if (!isFieldNameChar(c) && c != '*' && c != '.' && c != '[' && c != ']') {
      return quoteForMessage(text) + " is not a field pattern: " + quoteForMessage(text.substr(i, 1)) + " is in no field's name";
    }
    const bool anyIndex = c == '*' && i > 0 && text[i - 1] == '[' && i + 1 < text.size() && text[i + 1] == ']';
    if (c == '*' && !anyIndex) {
      // "**" matches what "*" does; "[**]" stays, as "[*]" would mean an index.
      if (wildcards.ends_with('*') && !wildcards.ends_with("[*")) continue;
      ++stars;
    }
    wildcards += c;
  }
  FieldPattern pattern(std::string(text), std::move(wildcards));
  pattern.branches_ = stars > 1;
  pattern.byId_ = sim::picksById(text);
  return pattern;
}

bool FieldPattern::matches(std::string_view fieldName) const { return matchesFieldOrInside(fieldName, wildcards_, branches_); }

std::optional<FieldPattern> FieldPattern::resolveIds(const std::vector<sim::Field>& fields) const {
  if (!byId_) return *this;
  // The wildcards keep each [id=N] as written, and no '*' comes before one: both resolve alike.
  std::optional<std::string> text = sim::resolveIds(fields, text_);
  std::optional<std::string> wildcards = sim::resolveIds(fields, wildcards_);
  if (!text || !wildcards) return std::nullopt;
  FieldPattern pattern(std::move(*text), std::move(*wildcards));
  pattern.branches_ = branches_;
  return pattern;
}

std::vector<sim::Field> selectFields(const std::vector<sim::Field>& fields, const std::vector<FieldPattern>& patterns) {
  if (patterns.empty()) return fields;
  // Each pattern as it reads in this state: an element picked by its id at its index now, or
  // nothing when no element has the id.
  std::vector<std::optional<FieldPattern>> now;
  for (const FieldPattern& pattern : patterns) now.push_back(pattern.resolveIds(fields));
  std::vector<sim::Field> selected;
  for (const sim::Field& field : fields) {
    const std::size_t first = selected.size();
    for (std::size_t p = 0; p < patterns.size(); ++p) {
      if (!now[p] || !now[p]->matches(field.name)) continue;
      std::string name = patterns[p].picksById() ? sim::renameByIds(field.name, patterns[p].text(), now[p]->text()) : field.name;
      // A field two patterns select alike is listed once.
      if (std::any_of(selected.begin() + static_cast<std::ptrdiff_t>(first), selected.end(),
                      [&](const sim::Field& f) { return f.name == name; }))
        continue;
      selected.push_back(field);
      selected.back().name = std::move(name);
    }
  }
  return selected;
}

std::string formatTickTime(std::uint64_t tick) {
  const std::uint64_t millis = tick * 1000 / sim::kTickRate;
  char text[40];
  std::snprintf(text, sizeof text, "%llu:%02llu.%03llu", static_cast<unsigned long long>(millis / 60000),
                static_cast<unsigned long long>(millis / 1000 % 60), static_cast<unsigned long long>(millis % 1000));
  return text;
}

}  // namespace retrace::recorder
