#include <cstdint>
#include <cstdio>
#include <memory>
#include <numeric>
#include <string>

#include "recorder/cli/command.h"
#include "recorder/parse.h"
#include "sim/swept.h"

namespace retrace::recorder::cli {
namespace {

struct SweepOptions {
  std::string moving;
  std::string target;
  std::string delta;
};

std::string describeFraction(sim::Fraction f) {
  const std::int64_t divisor = std::gcd(f.num, f.den);
  const std::int64_t num = divisor == 0 ? f.num : f.num / divisor;
  const std::int64_t den = divisor == 0 ? f.den : f.den / divisor;
  return formatFixed(sim::toFixedFloor(f)) + " (" + std::to_string(num) + "/" + std::to_string(den) + " of the step)";
}

std::string describeBox(const sim::Box& b) {
  return formatFixed(b.x) + "," + formatFixed(b.y) + "," + formatFixed(b.w) + "," + formatFixed(b.h);
}

const char* describeKind(sim::SweepKind kind) {
  switch (kind) {
    case sim::SweepKind::kHit: return "hit";
    case sim::SweepKind::kGraze: return "graze (touches for an instant, shares no area: not a hit)";
    case sim::SweepKind::kMiss: break;
  }
  return "miss";
}

ExitCode runSweep(const SweepOptions& options) {
  const auto moving = parseBox(options.moving);
  const auto target = parseBox(options.target);
  const auto delta = parseVec2(options.delta);
  for (const auto* error :
       {std::get_if<std::string>(&moving), std::get_if<std::string>(&target), std::get_if<std::string>(&delta)}) {
    if (error != nullptr) return refuseInput("sweep", *error);
  }
  const sim::Box box = std::get<sim::Box>(moving);
  const sim::Vec2 d = std::get<sim::Vec2>(delta);
  const sim::SweepOutput out = sim::sweepBoxes({box, std::get<sim::Box>(target), d});
  printOut("moving {} by {},{} against {}\n", describeBox(box), formatFixed(d.x), formatFixed(d.y),
           describeBox(std::get<sim::Box>(target)));
  // A sweep that starts in overlap reports no interval (sweepBoxes: enter = leave = 0), so it
  // is told apart here rather than printed as an overlap that ends at once.
  if (sim::overlaps(box, std::get<sim::Box>(target))) {
    printOut("result: hit (the boxes already overlap at the start of the step)\nfirst contact: 0 (0/1 of the step)\n");
    return ExitCode::kOk;
  }
  printOut("result: {}\n", describeKind(out.kind));
  if (out.kind == sim::SweepKind::kMiss) return ExitCode::kOk;
  const sim::Box atContact = sim::translated(box, {sim::scaleTowardZero(d.x, out.enter), sim::scaleTowardZero(d.y, out.enter)});
  printOut("first contact: {}\n", describeFraction(out.enter));
  if (out.kind == sim::SweepKind::kHit) {
    // The interval is clipped to the step, so 1 is where the sweep stops looking.
    const bool clipped = out.leave == sim::Fraction{1, 1};
    printOut("overlap ends: {}\n", clipped ? "1 (the end of the step or later)" : describeFraction(out.leave));
  }
  printOut("moving box at first contact: {}\n", describeBox(atContact));
  return ExitCode::kOk;
}

}  // namespace

void attachSweepCommand(CLI::App& command, ExitCode& outExit) {
  auto options = std::make_shared<SweepOptions>();
  command.add_option("moving", options->moving, "the moving box as x,y,w,h (pixels, decimals allowed)")->required();
  command.add_option("target", options->target, "the box held still, x,y,w,h")->required();
  command.add_option("delta", options->delta, "the moving box's displacement this step, dx,dy")->required();
  command.footer("Example (seed 000): " + programName() + " sweep 100,60,40,12 100,110,48,24 0,100");
  command.callback([options, &outExit] { outExit = runSweep(*options); });
}

}  // namespace retrace::recorder::cli
