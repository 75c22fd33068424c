#pragma once
// Conditions over a state's fields, for `retrace find --where`: comparisons joined by `and` and
// `or` (`and` binds tighter), as dsda-doom's build mode searches a demo.
//
//   condition  := conjunct { "or" conjunct }
//   conjunct   := comparison { "and" comparison }
//   comparison := FIELD OP VALUE          OP: == != < <= > >=
//               | FIELD changed          its value differs from the tick before's, it is new, or gone
//   FIELD      := a dotted field name (players[0].hp, ball.vy, shots.size); [*] for any index
//                 (shots[*].position.y > 200 holds when any shot's does), [id=N] for the
//                 element whose id field is N, wherever it is in its list (sim/field_ids.h)
//   VALUE      := a number (a decimal for fixed point; 0x and hex digits for bits, the 64 of a
//                 rng.state as show prints them), true, false, or an enumeration's name
//
// A comparison with a field the state does not have at that tick (no element 0, no element
// with that id) is false. `changed` compares each field named with the field of the same name
// the tick before (an index is a place in its list; [id=N] follows one element wherever it is),
// as `show --changed` does: a field the tick before had and this one has not is gone, and so
// changed. It never holds on a tick with none before it, and never over an event's arguments.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "recorder/state_fields.h"
#include "sim/fields.h"
#include "sim/game.h"

namespace retrace::recorder {

/// The comparison operators conditions and expectations take, the two-character ones first so
/// that "<=" is not read as "<" and then "=".
inline constexpr std::string_view kComparisonOperators[] = {"==", "!=", "<=", ">=", "<", ">"};
/// Whether `token` is one of kComparisonOperators.
[[nodiscard]] bool isComparisonOperator(std::string_view token);
/// Whether `left op right` holds, op being one of kComparisonOperators.
[[nodiscard]] bool compareBy(std::int64_t left, std::string_view op, std::int64_t right);

/// A parsed condition.
class Condition {
 public:
  /// The condition, or one sentence naming the token it could not read.
  [[nodiscard]] static std::variant<Condition, std::string> parse(std::string_view text);
  /// Whether the fields meet it, `before` being the fields of the tick before, if any; a
  /// sentence when a value cannot be one of a field's (a name for a number, a word no
  /// enumeration of the field has).
  [[nodiscard]] std::variant<bool, std::string> check(const std::vector<sim::Field>& fields,
                                                      const std::vector<sim::Field>* before = nullptr) const;
  /// check over the fields two readers hold (`before`: the tick before's, if any): the fields a
  /// comparison names are found once a naming (StateFields::findNamed), not each tick.
  [[nodiscard]] std::variant<bool, std::string> check(const StateFields& now, const StateFields* before) const;
  /// Whether it asks whether a field changed, and so needs the tick before.
  [[nodiscard]] bool looksBack() const;
  /// The sentence check would give for a value that none of the fields, whatever they hold,
  /// could take; nothing when every comparison's value fits every field it names among them.
  [[nodiscard]] std::optional<std::string> checkValues(const std::vector<sim::Field>& fields) const;
  [[nodiscard]] const std::string& text() const noexcept { return text_; }
  /// The field names the condition compares, each once, in order.
  [[nodiscard]] std::vector<std::string> listFields() const;
  /// For each comparison in a conjunction whose comparisons all hold, the first of the fields it
  /// names that meets it (which element of a [*] pattern, say), each once, in order: what a
  /// condition that holds holds of. A `changed` counts only with the tick before's fields, and
  /// then names the first field that is new or holds another value (none for one gone).
  [[nodiscard]] std::vector<const sim::Field*> listMeetingFields(const std::vector<sim::Field>& fields,
                                                                 const std::vector<sim::Field>* before = nullptr) const;

  /// One FIELD OP VALUE, or FIELD changed (op "changed", no value).
  struct Comparison {
    std::string field;
    std::string op;
    std::string value;
  };

 private:
  /// check with `find(field, before)` giving the fields a comparison names now or the tick
  /// before (nothing when there is no tick before).
  template <typename Find>
  [[nodiscard]] std::variant<bool, std::string> checkBy(const Find& find) const;

  std::string text_;
  std::vector<std::vector<Comparison>> anyOf_;  // or over and
};

/// A condition over events' arguments, each named as its event's schema names it (`target ==
/// 23 or by == 23`), or the sentence of one that is none, that names an argument no kind in
/// `wanted` (by kind number) has, or that compares one with a value it cannot take: a typo, not
/// a condition that never held. An event meets it when Condition::check holds for its arguments
/// (sim::describeEvent).
[[nodiscard]] std::variant<Condition, std::string> parseEventCondition(const sim::GameDefinition& game,
                                                                       const std::vector<bool>& wanted, std::string_view text);

/// Whether a character may be part of a field's name between its dots and brackets.
[[nodiscard]] bool isFieldNameChar(char c) noexcept;
/// A field name with every index written [*] ("players[3].hp" is "players[*].hp").
[[nodiscard]] std::string generalizeIndices(std::string_view name);
/// Whether generalizeIndices would make the two names the same, without making either.
[[nodiscard]] bool sameGeneralName(std::string_view a, std::string_view b) noexcept;
/// Whether a field's name is the pattern, where [*] stands for any index ("[0]", "[12]").
[[nodiscard]] bool matchesFieldName(std::string_view name, std::string_view pattern) noexcept;
/// Whether a field's name is the pattern or lies inside what it names ("players[1]" holds
/// "players[1].hp"), where [*] is any index and '*' any run of name characters; `manyStars` (more
/// than one '*') has it remember what failed, so that matching stays polynomial.
[[nodiscard]] bool matchesFieldOrInside(std::string_view name, std::string_view pattern, bool manyStars);

/// Ticks from `first` to `last` as "65..66" ranges, for a list of matching ticks in order.
[[nodiscard]] std::string formatTickRanges(const std::vector<std::uint64_t>& ticks);

}  // namespace retrace::recorder
