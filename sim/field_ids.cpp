#include "sim/field_ids.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>

namespace retrace::sim {
namespace {

/// The id of an `[id=N]` at `open` of `name`, and where it closes; nothing when it is not one.
std::optional<std::pair<std::int64_t, std::size_t>> readIdSelector(std::string_view name, std::size_t open) {
  const std::size_t close = name.find(']', open);
  if (close == std::string_view::npos) return std::nullopt;
  const std::string_view digits = name.substr(open + kIdSelectorOpen.size(), close - open - kIdSelectorOpen.size());
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
  if (error != std::errc() || end != digits.data() + digits.size() || digits.empty()) return std::nullopt;
  return std::pair{id, close};
}

/// The index of the element of list `list` whose `id` field is `id` (a field "list[i].id"), and
/// the place of that field among `fields`.
std::optional<std::pair<std::size_t, std::size_t>> findElementById(const std::vector<Field>& fields, std::string_view list,
                                                                   std::int64_t id) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string_view name = fields[i].name;
    if (fields[i].value != id || !name.starts_with(list) || name.size() <= list.size() || name[list.size()] != '[' ||
        !name.ends_with("].id"))
      continue;
    const std::string_view digits = name.substr(list.size() + 1, name.size() - list.size() - 5);
    std::size_t index = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (error == std::errc() && end == digits.data() + digits.size() && !digits.empty()) return std::pair{index, i};
  }
  return std::nullopt;
}

}  // namespace

bool isInsideEntity(std::string_view name, std::string_view entity) noexcept {
  if (entity.empty() || !name.starts_with(entity)) return false;
  return name.size() == entity.size() || name[entity.size()] == '.' || name[entity.size()] == '[';
}

bool picksById(std::string_view name) noexcept { return name.find(kIdSelectorOpen) != std::string_view::npos; }

std::optional<std::string> checkIdSelectors(std::string_view name) {
  for (std::size_t open = name.find(kIdSelectorOpen); open != std::string_view::npos;
       open = name.find(kIdSelectorOpen, open + 1)) {
    if (!readIdSelector(name, open)) return std::string("an element picked by its id is [id=N], N a whole number");
    // The list is found by its name; under a pattern it would be many lists.
    if (name.substr(0, open).find('*') != std::string_view::npos) {
      return std::string("an element picked by its id is in a list named in full, with no * before its [id=N]");
    }
  }
  return std::nullopt;
}

std::optional<std::string> resolveIds(const std::vector<Field>& fields, std::string_view name,
                                      std::vector<std::pair<std::size_t, std::int64_t>>& outAnchors) {
  std::string resolved(name);
  for (std::size_t open = resolved.find(kIdSelectorOpen); open != std::string::npos;
       open = resolved.find(kIdSelectorOpen, open)) {
    const auto selector = readIdSelector(resolved, open);
    if (!selector) return std::nullopt;
    const auto element = findElementById(fields, std::string_view(resolved).substr(0, open), selector->first);
    if (!element) return std::nullopt;
    outAnchors.emplace_back(fields[element->second].place, selector->first);
    // Appended, not "[" + std::to_string(...): GCC 12 at -O3 warns falsely (-Wrestrict) on that.
    std::string index(1, '[');
    index += std::to_string(element->first);
    index += ']';
    resolved.replace(open, selector->second - open + 1, index);
  }
  return resolved;
}

std::optional<std::string> resolveIds(const std::vector<Field>& fields, std::string_view name) {
  std::vector<std::pair<std::size_t, std::int64_t>> anchors;
  return resolveIds(fields, name, anchors);
}

namespace {

/// nameByIds with the id of an element ("<element>.id"'s value) given by `findId`.
template <typename FindId>
std::string nameWithIds(std::string_view name, const FindId& findId) {
  std::string byId;
  for (std::size_t at = 0; at < name.size();) {
    const std::size_t open = name.find('[', at);
    const std::size_t close = open == std::string_view::npos ? std::string_view::npos : name.find(']', open);
    if (close == std::string_view::npos) {
      byId += name.substr(at);
      break;
    }
    // The element's id is the field "<everything so far>[i].id" in the concrete name.
    const std::optional<std::int64_t> id = findId(std::string(name.substr(0, close + 1)) + ".id");
    byId += name.substr(at, open - at);
    if (!id) {
      byId += name.substr(open, close - open + 1);
    } else {
      byId += kIdSelectorOpen;
      byId += std::to_string(*id);
      byId += ']';
    }
    at = close + 1;
  }
  return byId;
}

}  // namespace

std::string nameByIds(const std::vector<Field>& fields, std::string_view name) {
  return nameWithIds(name, [&](const std::string& element) -> std::optional<std::int64_t> {
    const auto id = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return f.name == element; });
    if (id == fields.end()) return std::nullopt;
    return id->value;
  });
}

std::vector<Field> nameEachByIds(std::vector<Field> fields, const std::vector<Field>& whole) {
  // The ids found once, not once a field.
  std::map<std::string, std::int64_t, std::less<>> ids;
  for (const Field& f : whole) {
    if (f.name.ends_with(".id")) ids.emplace(f.name, f.value);
  }
  if (ids.empty()) return fields;
  for (Field& f : fields) {
    f.name = nameWithIds(f.name, [&](const std::string& element) -> std::optional<std::int64_t> {
      const auto id = ids.find(element);
      if (id == ids.end()) return std::nullopt;
      return id->second;
    });
  }
  return fields;
}

std::string renameByIds(std::string_view fieldName, std::string_view byId, std::string_view resolved) {
  const std::size_t lastOpen = byId.rfind(kIdSelectorOpen);
  if (lastOpen == std::string_view::npos) return std::string(fieldName);
  const std::size_t close = byId.find(']', lastOpen);
  if (close == std::string_view::npos) return std::string(fieldName);
  // What follows the last selector is the same in both; what precedes it in `resolved` is
  // the field's own name, as no pattern comes before an [id=N].
  const std::size_t after = byId.size() - close - 1;
  if (after > resolved.size()) return std::string(fieldName);
  const std::size_t prefix = resolved.size() - after;
  if (!fieldName.starts_with(resolved.substr(0, prefix))) return std::string(fieldName);
  return std::string(byId.substr(0, close + 1)) + std::string(fieldName.substr(prefix));
}

}  // namespace retrace::sim
