#pragma once
// What the debugger's panels, drawn in several files (debugger*.cpp), share: their colours and
// the helpers more than one of them uses.

#include <array>
#include <string>

#include <imgui.h>

#include "sim/game.h"
#include "viewer/plot.h"

namespace retrace::viewer {

/// A value that changed since the tick before.
inline const ImVec4 kChanged{1.0F, 0.85F, 0.2F, 1.0F};
/// A difference, a refusal or a divergence.
inline const ImVec4 kDiffers{1.0F, 0.35F, 0.45F, 1.0F};
/// An outcome that is as expected (a regression replay's .expect met).
inline const ImVec4 kMet{0.45F, 0.85F, 0.5F, 1.0F};
/// A hint or a count, quieter than the values.
inline const ImVec4 kQuiet{0.6F, 0.6F, 0.68F, 1.0F};
/// The timeline's plot colour, for a plotted field's name.
inline const ImVec4 kPlotted{plotColourA().r / 255.0F, plotColourA().g / 255.0F, plotColourA().b / 255.0F, 1.0F};

/// A sentence in `colour`, wrapped at the panel's edge, since what a refusal suggests comes at
/// its end ("... did you mean bullets.size?").
inline void sayWrapped(const ImVec4& colour, const std::string& sentence) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", sentence.c_str());
  ImGui::PopStyleColor();
}

/// The centre of the widget just drawn, which the status file gives for scripts to click.
[[nodiscard]] std::array<float, 2> centreOfLastItem();
/// Where `entity` (maybe by id) is in the session's state; empty when it is not there.
[[nodiscard]] std::string placeEntity(const sim::GameSession& session, const std::string& entity);

}  // namespace retrace::viewer
