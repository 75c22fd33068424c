#include "recorder/cli/junit_report.h"

#include <algorithm>
#include <sstream>

#include <pugixml.hpp>

namespace retrace::recorder::cli {
namespace {

/// The report's first line after its heading (the heading names the replay and says FAILED).
std::string findFirstFinding(const std::string& text) {
  const auto start = text.find('\n');
  if (start == std::string::npos) return text;
  const auto end = text.find('\n', start + 1);
  std::string line = text.substr(start + 1, end == std::string::npos ? std::string::npos : end - start - 1);
  line.erase(0, line.find_first_not_of(' '));
  return line;
}

/// Sets the counts a testsuite or testsuites element carries.
void setCounts(pugi::xml_node node, const std::vector<JunitCase>& cases) {
  const auto count = [&](JunitCase::Outcome outcome) {
    return std::count_if(cases.begin(), cases.end(), [&](const JunitCase& c) { return c.outcome == outcome; });
  };
  node.append_attribute("tests") = static_cast<unsigned long long>(cases.size());
  node.append_attribute("failures") = static_cast<long long>(count(JunitCase::Outcome::kFailed));
  node.append_attribute("errors") = static_cast<long long>(count(JunitCase::Outcome::kError));
  node.append_attribute("skipped") = 0;
}

}  // namespace

JunitCase describeVerifiedCase(const std::string& name, const LoadedReplay& replay, const VerifyReport& report,
                               const ExpectedOutcome* expected, std::string text) {
  JunitCase verified{name, "retrace.verify." + replay.header.game, JunitCase::Outcome::kPassed, {}, {}, std::move(text)};
  if (passesVerification(report, expected)) return verified;
  verified.outcome = JunitCase::Outcome::kFailed;
  if (report.divergence) {
    verified.type = "divergence";
    verified.message = "diverged at tick " + std::to_string(report.divergence->tick) + ": " + report.divergence->reason;
  } else if (!report.problems.empty()) {
    verified.type = report.truncation ? "truncated" : "problem";
    verified.message = findFirstFinding(verified.text);
  } else if (expected != nullptr) {
    verified.type = "outcome";
    verified.message = "outcome: " + expected->unmet.front();
  } else {
    verified.type = "tunnel";
    verified.message = findFirstFinding(verified.text);
  }
  return verified;
}

JunitCase describeUnreadableCase(const std::string& name, std::string problem) {
  return {name, "retrace.verify", JunitCase::Outcome::kError, "unreadable", problem, problem};
}

std::string formatJunitReport(std::string_view suite, const std::vector<JunitCase>& cases) {
  pugi::xml_document document;
  pugi::xml_node declaration = document.append_child(pugi::node_declaration);
  declaration.append_attribute("version") = "1.0";
  declaration.append_attribute("encoding") = "UTF-8";
  pugi::xml_node suites = document.append_child("testsuites");
  suites.append_attribute("name") = std::string(suite).c_str();
  setCounts(suites, cases);
  pugi::xml_node testsuite = suites.append_child("testsuite");
  testsuite.append_attribute("name") = std::string(suite).c_str();
  setCounts(testsuite, cases);
  for (const JunitCase& c : cases) {
    pugi::xml_node testcase = testsuite.append_child("testcase");
    testcase.append_attribute("name") = c.name.c_str();
    testcase.append_attribute("classname") = c.classname.c_str();
    if (c.outcome == JunitCase::Outcome::kPassed) {
      testcase.append_child("system-out").text() = c.text.c_str();
      continue;
    }
    pugi::xml_node finding = testcase.append_child(c.outcome == JunitCase::Outcome::kFailed ? "failure" : "error");
    finding.append_attribute("message") = c.message.c_str();
    finding.append_attribute("type") = c.type.c_str();
    finding.text() = c.text.c_str();
  }
  std::ostringstream out;
  document.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
  return out.str();
}

}  // namespace retrace::recorder::cli
