#include "recorder/input_source.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <optional>
#include <span>
#include <sstream>

#include "recorder/byte_sink.h"
#include "recorder/parse.h"
#include "recorder/replay.h"

namespace retrace::recorder {
namespace {

// Streams of the seed, so that the bot and random input never share the game's RNG.
constexpr std::uint64_t kBotStream = 0xB07;
constexpr std::uint64_t kRandomStream = 0x4A4D;
constexpr std::uint64_t kMaxScriptBytes = 16U << 20;

class BotSource final : public InputSource {
 public:
  explicit BotSource(std::uint64_t seed) : rng_(sim::seedRng(seed, kBotStream)) {}
  sim::Input next(const sim::GameSession& session) override { return session.chooseBotInput(rng_); }

 private:
  sim::Rng rng_;
};

/// Random buttons held for 1 to 30 ticks at a time, the way a person mashes them.
class RandomSource final : public InputSource {
 public:
  RandomSource(std::uint64_t seed, std::size_t buttons)
      : rng_(sim::seedRng(seed, kRandomStream)), mask_(static_cast<sim::Input>((1U << buttons) - 1U)) {}
  sim::Input next(const sim::GameSession&) override {
    if (left_ == 0) {
      held_ = static_cast<sim::Input>(sim::nextU32(rng_) & mask_);
      left_ = sim::drawBetween(rng_, 1, 30);
    }
    --left_;
    return held_;
  }

 private:
  sim::Rng rng_;
  sim::Input mask_;
  sim::Input held_ = 0;
  std::int32_t left_ = 0;
};

class ScriptSource final : public InputSource {
 public:
  explicit ScriptSource(std::vector<ScriptRun> runs) : runs_(std::move(runs)) {}
  sim::Input next(const sim::GameSession&) override {
    while (index_ < runs_.size() && used_ == runs_[index_].ticks) {
      ++index_;
      used_ = 0;
    }
    if (index_ == runs_.size()) return 0;
    ++used_;
    return runs_[index_].input;
  }

 private:
  std::vector<ScriptRun> runs_;
  std::size_t index_ = 0;
  std::uint64_t used_ = 0;
};

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

/// The button `name` stands for, written other than as the game names it: "Left" for left.
std::optional<std::string_view> matchButtonIgnoringCase(std::string_view name, std::span<const char* const> names) {
  const std::string wanted = lowerAscii(name);
  for (const std::string_view known : names) {
    if (lowerAscii(known) == wanted) return known;
  }
  return std::nullopt;
}

/// What `buttons`, a run's buttons of which one names no button, was likely meant as: buttons
/// held together written with spaces ("left fire"), or in other capitals; empty when neither.
/// Each button once, in the order first written: a button named twice is held once, and so the
/// hint stays as short as the game's list of buttons.
std::string hintButtons(std::string_view buttons, std::span<const char* const> names) {
  std::string joined;
  std::vector<std::string_view> said;
  for (std::string_view rest = buttons; !rest.empty();) {
    const auto known = matchButtonIgnoringCase(rest.substr(0, rest.find_first_of(" \t+")), names);
    if (!known) return "";
    if (std::find(said.begin(), said.end(), *known) == said.end()) {
      said.push_back(*known);
      // Appended piece by piece: g++ 12 at -O3 warns (-Wrestrict, falsely) on "+" + std::string.
      if (!joined.empty()) joined += '+';
      joined.append(*known);
    }
    const auto next = rest.find_first_not_of(" \t+", known->size());
    rest = next == std::string_view::npos ? std::string_view() : rest.substr(next);
  }
  if (joined.empty()) return "";
  if (buttons.find_first_of(" \t") != std::string_view::npos)
    return "; buttons held together are joined by +, as '" + joined + "'";
  return "; did you mean '" + joined + "'?";
}

std::variant<sim::Input, std::string> parseButtons(std::string_view text, const sim::GameDefinition& game) {
  if (text == "-") return sim::Input{0};
  const std::string_view buttons = text;
  sim::Input input = 0;
  const auto names = game.inputNames();
  // Every name between the '+'s, an empty one too: "left+" is a button left out, not "left".
  for (bool more = true; more;) {
    const auto plus = text.find('+');
    const std::string_view name = text.substr(0, plus);
    bool found = false;
    for (std::size_t bit = 0; bit < names.size(); ++bit) {
      if (name == names[bit]) {
        input = static_cast<sim::Input>(input | (1U << bit));
        found = true;
      }
    }
    if (!found) {
      const std::string refusal = "unknown button " + quoteForMessage(name) + " for " + std::string(game.name());
      // A hint names the buttons meant, so the list of them would only make the line longer.
      if (std::string hint = hintButtons(buttons, names); !hint.empty()) return refusal + hint;
      const std::string known =
          names.empty() ? "it has none; - presses nothing" : "buttons: " + joinNames(names) + ", or - for none";
      return refusal + " (" + known + ")";
    }
    more = plus != std::string_view::npos;
    if (more) text = text.substr(plus + 1);
  }
  return input;
}

}  // namespace

std::string describeInput(const sim::GameDefinition& game, sim::Input input) {
  std::string text;
  const auto names = game.inputNames();
  for (std::size_t bit = 0; bit < names.size(); ++bit) {
    if ((input & (1U << bit)) == 0) continue;
    if (!text.empty()) text += '+';
    text += names[bit];
  }
  return text.empty() ? "-" : text;
}

std::variant<std::vector<ScriptRun>, std::string> parseInputScript(std::string_view text, const sim::GameDefinition& game) {
  std::vector<ScriptRun> runs;
  int number = 0;
  // The byte order mark some Windows editors put before UTF-8 text is not part of line 1.
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  while (!text.empty()) {
    const auto newline = text.find('\n');
    std::string_view line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
    ++number;
    line = trim(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    const auto space = line.find_first_of(" \t");
    if (space == std::string_view::npos) return where + "expected a tick count and buttons, like '120 left+fire'";
    const std::string_view count = line.substr(0, space);
    ScriptRun run;
    const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), run.ticks);
    if (error != std::errc() || end != count.data() + count.size() || run.ticks == 0 || run.ticks > kMaxScriptRunTicks) {
      return where + quoteForMessage(count) + " is not a tick count from 1 to " + std::to_string(kMaxScriptRunTicks);
    }
    auto buttons = parseButtons(trim(line.substr(space)), game);
    if (auto* problem = std::get_if<std::string>(&buttons)) return where + *problem;
    run.input = std::get<sim::Input>(buttons);
    runs.push_back(run);
  }
  if (runs.empty()) return std::string("the script holds no input lines");
  return runs;
}

std::optional<std::string> formatScriptRun(const sim::GameDefinition& game, const ScriptRun& run) {
  const std::size_t buttons = game.inputNames().size();
  if (buttons < 8 * sizeof(sim::Input) && (run.input >> buttons) != 0) return std::nullopt;
  const std::string named = " " + describeInput(game, run.input) + "\n";
  std::string lines;
  for (std::uint64_t left = run.ticks; left > 0; left -= std::min(left, kMaxScriptRunTicks))
    lines += std::to_string(std::min(left, kMaxScriptRunTicks)) + named;
  return lines;
}

void appendScriptRun(std::vector<ScriptRun>& runs, ScriptRun run) {
  if (!runs.empty() && runs.back().input == run.input)
    runs.back().ticks += run.ticks;
  else
    runs.push_back(run);
}

std::variant<ReplayInputs, std::string> readReplayInputs(const std::string& path) {
  ReplayInputs inputs;
  auto read = visitReplayFile(path, [&](Chunk& chunk) {
    for (const InputRun& run : chunk.inputs) appendScriptRun(inputs.runs, {run.input, run.length});
    inputs.ticks += chunk.checksums.size();
  });
  if (auto* problem = std::get_if<std::string>(&read)) return *problem;
  const LoadedReplay& replay = std::get<LoadedReplay>(read);
  inputs.header = replay.header;
  if (replay.truncated) inputs.cutShort = replay.truncation;
  if (inputs.ticks == 0) return path + " holds no tick to play again";
  return inputs;
}

std::string nameInputFile(std::string_view kind, const std::string& path, std::string_view after) {
  const std::string whole = std::string(kind) + " " + path + std::string(after);
  if (whole.size() <= kMaxHeaderStringBytes) return whole;
  return std::string(kind) + " " + std::filesystem::path(path).filename().string() + std::string(after);
}

std::unique_ptr<InputSource> makeReplayedInput(std::vector<ScriptRun> runs) {
  return std::make_unique<ScriptSource>(std::move(runs));
}

std::variant<std::vector<ScriptRun>, std::string> readInputScript(const std::string& spec, const sim::GameDefinition& game) {
  auto bytes = readFileCapped(spec, kMaxScriptBytes);
  if (auto* problem = std::get_if<std::string>(&bytes)) {
    // A word that is no file was more likely meant as bot or random than as a script.
    const bool word = spec.find_first_of("/.") == std::string::npos && !std::filesystem::exists(spec);
    return "input script " + spec + " " + *problem + (word ? " (--input takes bot, random or an input script's path)" : "");
  }
  const auto& data = std::get<std::vector<std::byte>>(bytes);
  const std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
  auto runs = parseInputScript(text, game);
  if (auto* problem = std::get_if<std::string>(&runs)) return spec + ": " + *problem;
  return runs;
}

std::uint64_t countScriptTicks(const std::vector<ScriptRun>& runs) noexcept {
  // Each run holds at most kMaxScriptRunTicks and a script at most kMaxScriptBytes: no overflow.
  std::uint64_t ticks = 0;
  for (const ScriptRun& run : runs) ticks += run.ticks;
  return ticks;
}

std::variant<std::unique_ptr<InputSource>, std::string> makeInputSource(const std::string& spec, const sim::GameDefinition& game,
                                                                        std::uint64_t seed) {
  if (spec == "bot") return std::make_unique<BotSource>(seed);
  if (spec == "random") return std::make_unique<RandomSource>(seed, game.inputNames().size());
  auto runs = readInputScript(spec, game);
  if (auto* problem = std::get_if<std::string>(&runs)) return std::move(*problem);
  return std::make_unique<ScriptSource>(std::move(std::get<std::vector<ScriptRun>>(runs)));
}

}  // namespace retrace::recorder
