#include "recorder/search.h"

#include <algorithm>

#include "recorder/parse.h"
#include "recorder/recorder.h"

namespace retrace::recorder {

std::variant<Predicate, std::string> parsePredicate(const std::string& text, const sim::GameDefinition& game) {
  Predicate p;
  p.text = text;
  if (text == "tunnel") return p;
  if (text == "diverges") {
    p.kind = Predicate::Kind::kDiverges;
    return p;
  }
  if (text.rfind("ends-before:", 0) == 0) {
    p.kind = Predicate::Kind::kEndsBefore;
    const auto tick = parseCount(std::string_view(text).substr(12));
    if (const auto* value = std::get_if<std::uint64_t>(&tick); value != nullptr && *value > 0) {
      p.tick = *value;
      return p;
    }
    return quoteForMessage(text) + ": ends-before needs a tick after 0, like ends-before:600";
  }
  if (text.rfind("where:", 0) == 0) {
    auto condition = Condition::parse(std::string_view(text).substr(6));
    if (auto* problem = std::get_if<std::string>(&condition)) return "where: " + *problem;
    p.kind = Predicate::Kind::kWhere;
    p.where = std::move(std::get<Condition>(condition));
    return p;
  }
  if (text.rfind("event:", 0) == 0) {
    p.kind = Predicate::Kind::kEvent;
    const std::string name = text.substr(6);
    const auto schemas = game.eventSchemas();
    for (std::size_t k = 0; k < schemas.size(); ++k) {
      if (name == schemas[k].name) {
        p.event = static_cast<std::uint16_t>(k);
        return p;
      }
    }
    std::vector<const char*> known;
    for (const auto& schema : schemas) known.push_back(schema.name);
    return quoteForMessage(name) + " is not an event of " + std::string(game.name()) + " (events: " + joinNames(known) + ")";
  }
  return quoteForMessage(text) + " is not a predicate (tunnel, ends-before:T, event:KIND, where:CONDITION, diverges)";
}

std::vector<const sim::Field*> listHoldingFields(const Condition& condition, const StateFields& fields,
                                                 const std::vector<sim::Field>* before) {
  // The fields that meet a comparison (which element of a pattern), then those a name gives
  // one of (a `changed` without the tick before).
  std::vector<const sim::Field*> shown = condition.listMeetingFields(fields.fields(), before);
  for (const std::string& name : condition.listFields()) {
    const std::vector<const sim::Field*> named = fields.findNamed(name);
    if (named.size() == 1 && std::find(shown.begin(), shown.end(), named.front()) == shown.end()) shown.push_back(named.front());
  }
  // The state's own tick (the contract's first field) is the tick every answer already gives.
  std::erase_if(shown, [](const sim::Field* field) { return field->name == "tick"; });
  if (shown.size() > 3) shown.resize(3);
  return shown;
}

namespace {

/// readHoldingFields over a walk of ticks (visitTicks over a replay or its index).
template <typename Walk>
std::vector<sim::Field> readHoldingFieldsBy(const Walk& walk, const Condition& condition, std::uint64_t tick) {
  std::vector<sim::Field> holding;
  std::optional<std::vector<sim::Field>> before;  // for a `changed`, which field changed
  (void)walk(tick == 0 ? 0 : tick - 1, tick, [&](const sim::GameSession& game, std::uint64_t at) {
    StateFields fields;
    (void)fields.read(game);
    if (at < tick) {
      before = fields.fields();
      return true;
    }
    for (const sim::Field* field : listHoldingFields(condition, fields, before ? &*before : nullptr)) holding.push_back(*field);
    return false;
  });
  return holding;
}

}  // namespace

std::vector<sim::Field> readHoldingFields(const LoadedReplay& replay, const Condition& condition, std::uint64_t tick) {
  return readHoldingFieldsBy([&](auto from, auto to, const auto& visit) { return visitTicks(replay, from, to, visit); },
                             condition, tick);
}

std::vector<sim::Field> readHoldingFields(const ReplayIndex& index, const Condition& condition, std::uint64_t tick) {
  return readHoldingFieldsBy([&](auto from, auto to, const auto& visit) { return visitTicks(index, from, to, visit); }, condition,
                             tick);
}

std::string describeFieldValues(std::span<const sim::Field* const> fields) {
  std::string values;
  for (const sim::Field* field : fields) values += (values.empty() ? "" : ", ") + field->name + " " + sim::formatField(*field);
  return values;
}

std::string describeFieldValues(std::span<const sim::Field> fields) {
  std::vector<const sim::Field*> each;
  for (const sim::Field& field : fields) each.push_back(&field);
  return describeFieldValues(each);
}

std::string describeHolding(const Condition& condition, const StateFields& fields, const std::vector<sim::Field>* before) {
  const std::string values = describeFieldValues(listHoldingFields(condition, fields, before));
  return quoteForMessage(condition.text()) + " holds" + (values.empty() ? "" : " (" + values + ")");
}

WitnessWatch::WitnessWatch(const sim::GameDefinition& game, const Predicate& predicate, const sim::GameSession& start)
    : game_(&game), kind_(predicate.kind), tick_(predicate.tick), event_(predicate.event) {
  if (kind_ != Predicate::Kind::kWhere) return;
  search_.emplace(*predicate.where);
  search_->remember(start, 0);
}

bool WitnessWatch::needsOracle() const noexcept { return kind_ == Predicate::Kind::kTunnel; }

bool WitnessWatch::isPast(std::uint64_t tick) const noexcept {
  return (kind_ == Predicate::Kind::kEndsBefore && tick >= tick_) || problem_.has_value();
}

std::optional<Witness> WitnessWatch::see(const sim::GameSession& game, std::uint64_t tick, const sim::StepResult& result) {
  if (isPast(tick)) return std::nullopt;
  switch (kind_) {
    case Predicate::Kind::kTunnel:
      if (!result.tunnels.empty()) return Witness{tick, result.tunnels.front().sentence};
      break;
    case Predicate::Kind::kEndsBefore:
      if (game.roundOver()) return Witness{tick, "the round ended at tick " + std::to_string(tick)};
      break;
    case Predicate::Kind::kEvent:
      for (const sim::Event& e : result.events) {
        if (e.kind == event_) return Witness{tick, sim::formatEvent(*game_, e)};
      }
      break;
    case Predicate::Kind::kWhere: {
      auto holds = search_->check(game, tick);
      // Copied only when a tick has more fields than any before, while a name is still unseen.
      const std::vector<sim::Field>& now = search_->listLastFields();
      if (!search_->listUnseen().empty() && now.size() > fullest_.size()) fullest_ = now;
      if (auto* sentence = std::get_if<std::string>(&holds)) {
        problem_ = std::move(*sentence);
      } else if (std::get<bool>(holds)) {
        StateFields fields;
        (void)fields.read(game);
        return Witness{tick, describeHolding(search_->condition(), fields, search_->listFieldsBefore(tick))};
      }
      break;
    }
    case Predicate::Kind::kDiverges: break;
  }
  return std::nullopt;
}

std::vector<std::string> WitnessWatch::listUnseenFields() const {
  return search_ ? search_->listUnseen() : std::vector<std::string>{};
}

std::optional<Unanswered> WitnessWatch::explainUnseen() const {
  if (problem_) return Unanswered{"where: " + *problem_};
  if (!search_) return std::nullopt;
  return search_->explainNothingFound(std::string(game_->name()), fullest_);
}

namespace {

/// Plays the inputs under a watch until it sees the predicate or can no longer: what it saw, and
/// when it saw nothing, in `outUnseen`, whether the predicate was at fault (explainUnseen).
std::optional<Witness> watchInputs(const RunSetup& setup, std::span<const sim::Input> inputs, const Predicate& predicate,
                                   std::optional<Unanswered>* outUnseen = nullptr) {
  auto session = setup.game->start(setup.config, setup.seed);
  WitnessWatch watch(*setup.game, predicate, *session);
  session->setOracle(watch.needsOracle());
  for (std::size_t tick = 1; tick <= inputs.size() && !watch.isPast(tick); ++tick) {
    const sim::StepResult result = session->step(inputs[tick - 1]);
    if (auto witness = watch.see(*session, tick, result)) return witness;
  }
  if (outUnseen != nullptr) *outUnseen = watch.explainUnseen();
  return std::nullopt;
}

}  // namespace

std::optional<Witness> findWitness(const RunSetup& setup, std::span<const sim::Input> inputs, const Predicate& predicate) {
  if (predicate.kind == Predicate::Kind::kDiverges) return std::nullopt;
  return watchInputs(setup, inputs, predicate);
}

std::optional<Unanswered> explainUnshown(const RunSetup& setup, std::span<const sim::Input> inputs, const Predicate& predicate) {
  if (predicate.kind == Predicate::Kind::kDiverges) return std::nullopt;
  std::optional<Unanswered> unseen;
  if (watchInputs(setup, inputs, predicate, &unseen)) return std::nullopt;
  return unseen;
}

std::uint64_t countInputChanges(std::span<const sim::Input> inputs) noexcept {
  std::uint64_t changes = 0;
  sim::Input previous = 0;
  for (const sim::Input input : inputs) {
    if (input != previous) ++changes;
    previous = input;
  }
  return changes;
}

namespace {

/// Hands writes on to a sink that lives elsewhere.
class BorrowedSink final : public ByteSink {
 public:
  explicit BorrowedSink(ByteSink& target) : target_(target) {}
  std::optional<std::string> write(std::span<const std::byte> bytes) override { return target_.write(bytes); }
  std::optional<std::string> flush() override { return target_.flush(); }
  std::optional<std::string> commit() override { return target_.commit(); }
  void discard() override { target_.discard(); }

 private:
  ByteSink& target_;
};

/// Records the inputs into a sink under the header a recording of this setup gets.
std::optional<std::string> recordInto(std::unique_ptr<ByteSink> sink, const RunSetup& setup, bool limitBreaksAllowed,
                                      const std::string& inputSource, std::span<const sim::Input> inputs) {
  RecordingOptions options;
  options.allowLimitBreaks = limitBreaksAllowed;
  options.seed = setup.seed;
  options.inputSource = inputSource;
  options.plannedTicks = inputs.size();
  const ReplayHeader header = buildHeader(options, *setup.game, setup.config);
  Recorder recorder(std::move(sink), header, setup.game->start(setup.config, setup.seed));
  for (const sim::Input input : inputs) (void)recorder.record(input);
  return recorder.close();
}

}  // namespace

std::variant<LoadedReplay, std::string> recordReplay(const RunSetup& setup, bool limitBreaksAllowed,
                                                     const std::string& inputSource, std::span<const sim::Input> inputs) {
  MemorySink bytes;  // outlives the recorder, which owns (and destroys) only this borrower
  if (auto problem = recordInto(std::make_unique<BorrowedSink>(bytes), setup, limitBreaksAllowed, inputSource, inputs))
    return *problem;
  return loadReplay(bytes.bytes());
}

std::optional<std::string> writeReplay(const std::string& path, bool overwrite, const RunSetup& setup, bool limitBreaksAllowed,
                                       const std::string& inputSource, std::span<const sim::Input> inputs) {
  auto sink = FileSink::create(path, overwrite);
  if (auto* problem = std::get_if<std::string>(&sink)) return *problem;
  return recordInto(std::move(std::get<std::unique_ptr<FileSink>>(sink)), setup, limitBreaksAllowed, inputSource, inputs);
}

}  // namespace retrace::recorder
