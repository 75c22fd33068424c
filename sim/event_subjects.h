#pragma once
// What an event is about: the entities of the state it concerns, as the field paths the tools
// select, follow and filter by ("bullets[id=7]", "tiles[5][3]", "player"). A game says it once
// per kind, as patterns over the event's arguments (EventSchema::subjects): an event that breaks a
// map's cell with a bullet is about "tiles[{row}][{column}]" and "bullets[id={bullet}]".

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/game.h"

namespace retrace::sim {

/// The entities an event is about: each subject pattern of its kind with every {argument}
/// written as that argument's value; none for a kind the game does not have.
[[nodiscard]] std::vector<std::string> nameEventSubjects(const GameDefinition& game, const Event& event);

/// One sentence (to follow "the subject P of event K ") when a subject pattern of `schema` is
/// not a field path whose {argument}s each name one of the schema's arguments; nothing when it is.
[[nodiscard]] std::optional<std::string> checkSubjectPattern(const EventSchema& schema, std::string_view pattern);

/// True when the event is about `entity` or something inside it (a subject of "tiles[5][3]" is
/// about "tiles" and "tiles[5]"); every event is when `entity` is empty.
[[nodiscard]] bool isEventAbout(const GameDefinition& game, const Event& event, std::string_view entity);

/// True when some event of the game could be about `entity`: a subject pattern, its arguments
/// any whole numbers, gives `entity` or an entity inside it ("tanks" takes "tanks[id=1]").
[[nodiscard]] bool canBeAbout(const GameDefinition& game, std::string_view entity);

/// Every subject pattern of the game, each once, with its arguments written N ("tanks[id=N]"):
/// what an entity must look like to have events, for a sentence.
[[nodiscard]] std::vector<std::string> listSubjectShapes(const GameDefinition& game);

}  // namespace retrace::sim
