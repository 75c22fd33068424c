#include "recorder/byte_sink.h"

#include <cerrno>
#include <cstring>
#include <limits>
#include <system_error>

#include <unistd.h>

namespace retrace::recorder {
namespace {

std::string describeErrno(int error) { return std::strerror(error); }

/// Opens for writing a file that must not exist yet: a file of that name may be another writer's
/// in progress, or a crashed recording's whose chunks someone wants to recover.
std::variant<std::FILE*, std::string> openExclusively(const std::filesystem::path& path) {
  std::FILE* file = std::fopen(path.c_str(), "wbx");
  if (file != nullptr) return file;
  const int code = errno;
  if (code == EEXIST) return path.string() + " already exists (being written, or left by a crash; recover or remove it)";
  return "cannot create " + path.string() + ": " + describeErrno(code);
}

}  // namespace

std::filesystem::path partialPathFor(const std::filesystem::path& output) {
  std::filesystem::path partial = output;
  partial += ".partial";
  return partial;
}

std::optional<std::string> refuseOutput(const std::filesystem::path& output, bool overwrite) {
  if (output.empty()) return "the output path is empty";
  std::error_code error;
  const auto status = std::filesystem::status(output, error);
  if (!std::filesystem::exists(status)) return std::nullopt;
  if (std::filesystem::is_directory(status)) return output.string() + " is a directory";
  if (!std::filesystem::is_regular_file(status))
    return output.string() + " is not a regular file (a device, pipe or socket): name a file to write";
  if (!overwrite) return output.string() + " already exists (pass --force to replace it)";
  return std::nullopt;
}

bool namesSameFile(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code error;
  if (std::filesystem::equivalent(a, b, error)) return true;
  const auto placeA = std::filesystem::weakly_canonical(a, error);
  if (error) return false;
  const auto placeB = std::filesystem::weakly_canonical(b, error);
  return !error && placeA == placeB;
}

std::optional<std::string> refuseOutputOverInput(const std::filesystem::path& output, const std::filesystem::path& input,
                                                 std::string_view what) {
  if (output.empty() || input.empty() || !namesSameFile(output, input)) return std::nullopt;
  const std::string named = output == input ? std::string(what) : input.string() + ", " + std::string(what);
  return output.string() + " is " + named + ": name another file to write";
}

std::variant<std::unique_ptr<FileSink>, std::string> FileSink::create(const std::filesystem::path& output, bool overwrite) {
  if (auto problem = refuseOutput(output, overwrite)) return *problem;
  const std::filesystem::path partial = partialPathFor(output);
  auto opened = openExclusively(partial);
  if (auto* problem = std::get_if<std::string>(&opened)) return *problem;
  return std::unique_ptr<FileSink>(new FileSink(std::get<std::FILE*>(opened), output, partial, overwrite));
}

FileSink::FileSink(std::FILE* file, std::filesystem::path output, std::filesystem::path partial, bool overwrite)
    : file_(file), output_(std::move(output)), partial_(std::move(partial)), overwrite_(overwrite) {}

FileSink::~FileSink() {
  // An uncommitted recording keeps its partial file: its complete chunks load.
  if (file_ != nullptr) std::fclose(file_);
}

std::optional<std::string> FileSink::write(std::span<const std::byte> bytes) {
  if (file_ == nullptr) return partial_.string() + " is already closed";
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size())
    return "cannot write " + partial_.string() + ": " + describeErrno(errno);
  return std::nullopt;
}

std::optional<std::string> FileSink::flush() {
  if (file_ == nullptr || std::fflush(file_) != 0) return "cannot flush " + partial_.string() + ": " + describeErrno(errno);
  return std::nullopt;
}

std::optional<std::string> FileSink::commit() {
  if (auto problem = flush()) return problem;
  // On disk before the rename, so the new name never points at missing data after a crash.
  if (::fsync(::fileno(file_)) != 0) return "cannot sync " + partial_.string() + ": " + describeErrno(errno);
  const int closed = std::fclose(file_);
  file_ = nullptr;
  if (closed != 0) return "cannot close " + partial_.string() + ": " + describeErrno(errno);
  return moveIntoPlace(partial_, output_, overwrite_);
}

void FileSink::discard() {
  if (file_ == nullptr) return;  // committed: the output is the user's now
  std::fclose(file_);
  file_ = nullptr;
  std::error_code ignored;  // a partial file left behind loads as what it holds, no harm
  std::filesystem::remove(partial_, ignored);
}

std::optional<std::string> moveIntoPlace(const std::filesystem::path& partial, const std::filesystem::path& output,
                                         bool overwrite) {
  std::error_code error;
  if (!overwrite) {
    // The output was checked to be absent before writing began, but writing can last minutes,
    // and rename() would silently replace a file made meanwhile. link() refuses an existing name.
    const std::string appeared =
        output.string() + " appeared while writing and is left as it was; the new file is " + partial.string();
    if (::link(partial.c_str(), output.c_str()) == 0) {
      if (::unlink(partial.c_str()) != 0)
        return output.string() + " is complete, but " + partial.string() + " could not be removed: " + describeErrno(errno);
      return std::nullopt;
    }
    if (errno == EEXIST) return appeared;
    // A filesystem without hard links (EPERM, ENOTSUP): check once more, then rename.
    if (std::filesystem::exists(std::filesystem::symlink_status(output, error))) return appeared;
  }
  std::filesystem::rename(partial, output, error);
  if (error) return "cannot rename " + partial.string() + " to " + output.string() + ": " + error.message();
  return std::nullopt;
}

std::variant<std::uint64_t, std::string> checkReadableFile(const std::filesystem::path& path, std::uint64_t maxBytes) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  // A name that is there but cannot be followed (a loop of links, a folder it may not enter) is
  // said as the system says it, not as missing.
  if (error && error != std::errc::no_such_file_or_directory) return "cannot be read: " + error.message();
  if (!std::filesystem::exists(status)) {
    const bool link = std::filesystem::is_symlink(std::filesystem::symlink_status(path, error));
    return link ? "is a link that leads to no file" : "does not exist";
  }
  if (std::filesystem::is_directory(status)) return "is a directory, not a file";
  // The size is checked against the cap before reading, which needs a regular file.
  if (!std::filesystem::is_regular_file(status)) return "is not a regular file (a device, pipe or socket)";
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (error) return "cannot be read: " + error.message();
  if (size > maxBytes) return "is " + std::to_string(size) + " bytes, over the cap of " + std::to_string(maxBytes);
  return std::uint64_t{size};
}

std::variant<std::vector<std::byte>, std::string> readFileCapped(const std::filesystem::path& path, std::uint64_t maxBytes) {
  const auto checked = checkReadableFile(path, maxBytes);
  if (const auto* problem = std::get_if<std::string>(&checked)) return *problem;
  const std::uint64_t size = std::get<std::uint64_t>(checked);
  // A 32-bit machine's cap is its address space, whatever the caller asked for.
  if (size > std::numeric_limits<std::size_t>::max())
    return "is " + std::to_string(size) + " bytes, too large for this machine's memory";
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return "cannot be opened: " + describeErrno(errno);
  std::vector<std::byte> bytes(static_cast<std::size_t>(size));
  const std::size_t got = std::fread(bytes.data(), 1, bytes.size(), file);
  std::fclose(file);
  if (got != bytes.size()) return "changed size while it was read";
  return bytes;
}

}  // namespace retrace::recorder
