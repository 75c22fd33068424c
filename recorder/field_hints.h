#pragma once
// What a field name that names no field may have meant: `show`, `trace`, `find` and the viewer's
// --plot, --select and --find refuse such a name with one sentence, and this gives the clause
// that ends it. A state has hundreds of fields, too many to list, so the sentence names the few
// closest to the name (a letter wrong, a level left out, a list's name in the singular) or,
// where the name is right but its element is not there, how long its list is.

#include <string>
#include <string_view>
#include <vector>

#include "sim/fields.h"

namespace retrace::recorder {

/// The names among `fields` closest to `name` (a name or pattern that selects none of them):
/// those a few letters away, else those that hold its levels in order, ending as it ends
/// (`centre.x` for `tanks[*].centre.x`); at most three, best first, each written with the
/// indices `name` gives its lists. None when nothing is close or `name` is a name there.
[[nodiscard]] std::vector<std::string> suggestFieldNames(std::string_view name, const std::vector<sim::Field>& fields);

/// "did you mean A, B or C?" for suggested names; empty for none.
[[nodiscard]] std::string describeSuggestions(const std::vector<std::string>& names);

/// A clause that says what `name`, selecting none of the fields of one tick, may have meant:
/// "did you mean tanks[0].centre.x?", or for an element not there then "tanks has 3 elements";
/// empty when there is nothing to say.
[[nodiscard]] std::string hintFieldName(std::string_view name, const std::vector<sim::Field>& fields);

}  // namespace retrace::recorder
