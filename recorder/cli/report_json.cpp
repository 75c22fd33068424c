#include "recorder/cli/report_json.h"

namespace retrace::recorder::cli {
namespace {

nlohmann::ordered_json divergenceToJson(const Divergence& d) {
  nlohmann::ordered_json out{{"tick", d.tick}, {"reason", d.reason}, {"events", d.eventDiff}};
  // The field diff compares a stored state (a snapshot or the footer's); none was near enough.
  out["fieldsAtTick"] = d.fieldDiffTick == 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(d.fieldDiffTick);
  out["fields"] = d.fieldDiff;
  return out;
}

}  // namespace

nlohmann::ordered_json reportToJson(const std::string& file, const LoadedReplay& replay, const VerifyReport& report,
                                    const ExpectedOutcome* expected) {
  const ReplayHeader& h = replay.header;
  nlohmann::ordered_json out{{"file", file},
                             {"game", h.game},
                             {"configName", h.configName},
                             {"seed", h.seed},
                             {"passed", passesVerification(report, expected)},
                             {"ticks", report.ticksChecked},
                             {"complete", replay.footer.has_value()}};
  out["truncation"] = report.truncation ? nlohmann::ordered_json(*report.truncation) : nlohmann::ordered_json();
  out["problems"] = report.problems;
  out["divergence"] = report.divergence ? divergenceToJson(*report.divergence) : nlohmann::ordered_json();
  out["tunnels"] = {{"count", report.tunnelCount}, {"ticks", report.tunnelTicks}, {"first", report.tunnels}};
  out["expected"] = expected == nullptr ? nlohmann::ordered_json()
                                        : nlohmann::ordered_json{{"file", expected->file}, {"unmet", expected->unmet}};
  return out;
}

}  // namespace retrace::recorder::cli
