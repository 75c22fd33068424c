#pragma once
// A list's element picked by its id rather than its place: `enemies[id=228].hp` is the hp of
// the enemy whose `id` field is 228, wherever it is in the list, as a list's indices shift when
// elements come and go. Every name or pattern a question about a replay takes may hold one
// (show, trace, find, and the viewer's plots); an element's identity is its field named `id`.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/fields.h"

namespace retrace::sim {

/// True when field or entity `name` is `entity` or lies inside it ("tanks[1].hp" in "tanks[1]",
/// never in "tanks[10]"); no name lies inside the empty one.
[[nodiscard]] bool isInsideEntity(std::string_view name, std::string_view entity) noexcept;

/// Where an element picked by its id starts in a name: `[id=N]`.
inline constexpr std::string_view kIdSelectorOpen = "[id=";

/// Whether the name or pattern picks some element by its id.
[[nodiscard]] bool picksById(std::string_view name) noexcept;

/// One sentence (without the name itself) when an `[id=` of the name is not `[id=N]` with N a
/// whole number, or when the list it picks from is not named in full (a '*' before it).
[[nodiscard]] std::optional<std::string> checkIdSelectors(std::string_view name);

/// The name with each `[id=N]` made an index: `[i]`, where the field "list[i].id" among `fields`
/// is N; nothing when no element of that list has that id. Adds the place among the saved
/// values (Field::place) of each `id` field used, and N, to `outAnchors`.
[[nodiscard]] std::optional<std::string> resolveIds(const std::vector<Field>& fields, std::string_view name,
                                                    std::vector<std::pair<std::size_t, std::int64_t>>& outAnchors);
/// resolveIds, the anchors not wanted.
[[nodiscard]] std::optional<std::string> resolveIds(const std::vector<Field>& fields, std::string_view name);

/// The name with each element that has an `id` field among `fields` picked by it
/// ("enemies[1].hp" to "enemies[id=228].hp"); an element without one keeps its index.
[[nodiscard]] std::string nameByIds(const std::vector<Field>& fields, std::string_view name);
/// Each of `fields` named as nameByIds names it among `whole` (the state they were selected
/// from): what two ticks' states are compared by, so that an element is matched with itself
/// however its list shifted between them.
[[nodiscard]] std::vector<Field> nameEachByIds(std::vector<Field> fields, const std::vector<Field>& whole);

/// The name of a field that `resolved` (what resolveIds made of `byId`) selected, as `byId` names
/// it: the part up to the last element picked by its id written with its id again
/// ("enemies[1].hp" by "enemies[id=228]" resolved as "enemies[1]" is "enemies[id=228].hp").
[[nodiscard]] std::string renameByIds(std::string_view fieldName, std::string_view byId, std::string_view resolved);

}  // namespace retrace::sim
