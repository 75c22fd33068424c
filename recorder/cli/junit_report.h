#pragma once
// A JUnit XML report (pugixml, Debian's libpugixml-dev): the file CI services (GitLab, Jenkins,
// GitHub's test reporters) read to list each replay as a test case of its own, a failure with
// its first line as the message and the whole report beside it.

#include <string>
#include <string_view>
#include <vector>

#include "recorder/replay.h"
#include "recorder/verifier.h"

namespace retrace::recorder::cli {

/// One test case of the report.
struct JunitCase {
  enum class Outcome { kPassed, kFailed, kError };
  std::string name;       ///< the replay as given (and the what-if, if any)
  std::string classname;  ///< "retrace.verify.GAME": CI services group cases by it
  Outcome outcome = Outcome::kPassed;
  std::string type;     ///< a failure's or error's kind: "divergence", "truncated", "problem", "outcome", "tunnel", "unreadable"
  std::string message;  ///< its first line
  std::string text;     ///< the whole report, as verify prints it
};

/// The case of a replay that was verified (judged by its expected outcome when there is one):
/// passed, or failed with the kind and first line of what the report says.
[[nodiscard]] JunitCase describeVerifiedCase(const std::string& name, const LoadedReplay& replay, const VerifyReport& report,
                                             const ExpectedOutcome* expected, std::string text);
/// The case of a replay that could not be read: an error with the sentence that says why.
[[nodiscard]] JunitCase describeUnreadableCase(const std::string& name, std::string problem);

/// The report of `suite` ("retrace verify") holding `cases` in order, as an XML document.
[[nodiscard]] std::string formatJunitReport(std::string_view suite, const std::vector<JunitCase>& cases);

}  // namespace retrace::recorder::cli
