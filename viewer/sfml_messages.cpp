#include "viewer/sfml_messages.h"

#include <cstdio>
#include <streambuf>
#include <string>

#include <SFML/System/Err.hpp>

namespace retrace::viewer {
namespace {

/// SFML's error stream a line at a time: each line not left out goes to stderr whole.
class LineFilter final : public std::streambuf {
 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    if (traits_type::to_char_type(c) == '\n') {
      writeLine(true);
    } else {
      line_ += traits_type::to_char_type(c);
    }
    return c;
  }
  std::streamsize xsputn(const char* text, std::streamsize count) override {
    for (std::streamsize i = 0; i < count; ++i) overflow(traits_type::to_int_type(text[i]));
    return count;
  }
  // A flush without a newline hands on what there is: SFML ends its lines with std::endl.
  int sync() override {
    if (!line_.empty()) writeLine(false);
    return 0;
  }

 private:
  void writeLine(bool ended) {
    if (!(ended && isIdleSfmlMessage(line_))) {
      // A path SFML names may hold bytes a terminal acts on: those are written as \xNN.
      for (const char c : line_) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f) {
          std::fprintf(stderr, "\\x%02x", byte);
        } else {
          std::fputc(c, stderr);
        }
      }
      if (ended) std::fputc('\n', stderr);
    }
    line_.clear();
  }

  std::string line_;
};

}  // namespace

bool isIdleSfmlMessage(std::string_view line) { return line == "Setting vertical sync not supported"; }

void filterSfmlMessages() {
  // Never freed: SFML may write from its own statics' destructors, after this program's.
  static auto* const filter = new LineFilter();
  sf::err().rdbuf(filter);
}

}  // namespace retrace::viewer
