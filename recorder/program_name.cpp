#include "recorder/program_name.h"

#include <utility>

namespace retrace::recorder {
namespace {

std::string& storedProgramName() noexcept {
  static std::string name = "retrace";
  return name;
}

}  // namespace

const std::string& programName() noexcept { return storedProgramName(); }

void setProgramName(std::string name) { storedProgramName() = std::move(name); }

}  // namespace retrace::recorder
