#pragma once
// Where a recording's bytes go: a file (written under a temporary name and renamed into place
// on commit, so a reader never sees a half-written replay and no existing file is lost) or
// memory (for tests and tools that need no disk).

#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace retrace::recorder {

/// An append-only destination; every call returns one sentence on failure.
class ByteSink {
 public:
  virtual ~ByteSink() = default;
  virtual std::optional<std::string> write(std::span<const std::byte> bytes) = 0;
  /// Pushes what was written so far out of the process, so a kill loses nothing flushed.
  virtual std::optional<std::string> flush() = 0;
  /// Completes the output: after this the destination holds the whole recording.
  virtual std::optional<std::string> commit() = 0;
  /// Gives the output up: what was written is dropped, and an output that existed is kept.
  virtual void discard() = 0;
};

/// Keeps the bytes in memory.
class MemorySink final : public ByteSink {
 public:
  std::optional<std::string> write(std::span<const std::byte> bytes) override {
    bytes_.insert(bytes_.end(), bytes.begin(), bytes.end());
    return std::nullopt;
  }
  std::optional<std::string> flush() override { return std::nullopt; }
  std::optional<std::string> commit() override { return std::nullopt; }
  void discard() override { bytes_.clear(); }
  [[nodiscard]] const std::vector<std::byte>& bytes() const noexcept { return bytes_; }

 private:
  std::vector<std::byte> bytes_;
};

/// Writes OUT.partial, created exclusively, and renames it to OUT on commit. Without overwrite,
/// an OUT that appeared in the meantime is kept, and so is OUT.partial.
class FileSink final : public ByteSink {
 public:
  /// Opens OUT.partial; refuses when OUT exists (unless overwrite) or OUT.partial exists.
  static std::variant<std::unique_ptr<FileSink>, std::string> create(const std::filesystem::path& output, bool overwrite);
  ~FileSink() override;
  FileSink(const FileSink&) = delete;
  FileSink& operator=(const FileSink&) = delete;

  std::optional<std::string> write(std::span<const std::byte> bytes) override;
  std::optional<std::string> flush() override;
  std::optional<std::string> commit() override;
  /// Closes and removes OUT.partial.
  void discard() override;
  /// The name written until commit.
  [[nodiscard]] const std::filesystem::path& partialPath() const noexcept { return partial_; }

 private:
  FileSink(std::FILE* file, std::filesystem::path output, std::filesystem::path partial, bool overwrite);
  std::FILE* file_;
  std::filesystem::path output_;
  std::filesystem::path partial_;
  bool overwrite_;
};

/// Why a file cannot be written to `output` by writing a temporary and renaming it into place,
/// or nothing: an empty path, a directory, something that is not a regular file (renamed onto,
/// /dev/null would become a regular file), or an existing file without `overwrite`.
[[nodiscard]] std::optional<std::string> refuseOutput(const std::filesystem::path& output, bool overwrite);

/// Whether two paths name one file: by another spelling, through a symbolic or a hard link, or
/// (a file not there yet) at the same place.
[[nodiscard]] bool namesSameFile(const std::filesystem::path& a, const std::filesystem::path& b);
/// One sentence when `output` names `input`, a file the command reads (`what`: "the replay
/// viewed"), which writing it would replace, --force or not.
[[nodiscard]] std::optional<std::string> refuseOutputOverInput(const std::filesystem::path& output,
                                                               const std::filesystem::path& input, std::string_view what);

/// The temporary name a recording to `output` is written under.
[[nodiscard]] std::filesystem::path partialPathFor(const std::filesystem::path& output);

/// Gives a finished temporary file the output's name. Without overwrite, an output that exists
/// by now (made while the temporary was written) is left as it was, and so is the temporary.
[[nodiscard]] std::optional<std::string> moveIntoPlace(const std::filesystem::path& partial, const std::filesystem::path& output,
                                                       bool overwrite);

/// Reads a whole file, refusing directories, missing files and anything over maxBytes.
[[nodiscard]] std::variant<std::vector<std::byte>, std::string> readFileCapped(const std::filesystem::path& path,
                                                                               std::uint64_t maxBytes);
/// The size of a regular file at most maxBytes long, or the sentence readFileCapped gives.
[[nodiscard]] std::variant<std::uint64_t, std::string> checkReadableFile(const std::filesystem::path& path,
                                                                         std::uint64_t maxBytes);

}  // namespace retrace::recorder
