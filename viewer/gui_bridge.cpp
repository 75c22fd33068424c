#include "viewer/gui_bridge.h"

#include <algorithm>
#include <cfloat>

#include <imgui.h>
#include <imgui_impl_opengl2.h>

namespace retrace::viewer {
namespace {

/// ImGui's named keys, as SFML key codes (ImGui 1.86 reads KeysDown[] through KeyMap[]).
void mapKeys(ImGuiIO& io) {
  io.KeyMap[ImGuiKey_Tab] = sf::Keyboard::Tab;
  io.KeyMap[ImGuiKey_LeftArrow] = sf::Keyboard::Left;
  io.KeyMap[ImGuiKey_RightArrow] = sf::Keyboard::Right;
  io.KeyMap[ImGuiKey_UpArrow] = sf::Keyboard::Up;
  io.KeyMap[ImGuiKey_DownArrow] = sf::Keyboard::Down;
  io.KeyMap[ImGuiKey_PageUp] = sf::Keyboard::PageUp;
  io.KeyMap[ImGuiKey_PageDown] = sf::Keyboard::PageDown;
  io.KeyMap[ImGuiKey_Home] = sf::Keyboard::Home;
  io.KeyMap[ImGuiKey_End] = sf::Keyboard::End;
  io.KeyMap[ImGuiKey_Insert] = sf::Keyboard::Insert;
  io.KeyMap[ImGuiKey_Delete] = sf::Keyboard::Delete;
  io.KeyMap[ImGuiKey_Backspace] = sf::Keyboard::Backspace;
  io.KeyMap[ImGuiKey_Space] = sf::Keyboard::Space;
  io.KeyMap[ImGuiKey_Enter] = sf::Keyboard::Enter;
  io.KeyMap[ImGuiKey_Escape] = sf::Keyboard::Escape;
  io.KeyMap[ImGuiKey_KeyPadEnter] = sf::Keyboard::Enter;
  io.KeyMap[ImGuiKey_A] = sf::Keyboard::A;
  io.KeyMap[ImGuiKey_C] = sf::Keyboard::C;
  io.KeyMap[ImGuiKey_V] = sf::Keyboard::V;
  io.KeyMap[ImGuiKey_X] = sf::Keyboard::X;
  io.KeyMap[ImGuiKey_Y] = sf::Keyboard::Y;
  io.KeyMap[ImGuiKey_Z] = sf::Keyboard::Z;
}

int buttonOf(sf::Mouse::Button button) {
  switch (button) {
    case sf::Mouse::Left: return 0;
    case sf::Mouse::Right: return 1;
    case sf::Mouse::Middle: return 2;
    default: return -1;
  }
}

}  // namespace

GuiBridge::GuiBridge(sf::RenderTarget& target, const std::optional<std::string>& fontPath) : target_(target) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // panels open where the viewer puts them; nothing is written to the folder
  io.LogFilename = nullptr;
  mapKeys(io);
  if (fontPath) io.Fonts->AddFontFromFileTTF(fontPath->c_str(), 15.0F);  // the renderer builds the atlas on the first frame
  ImGui::StyleColorsDark();
  // No pushGLStates here: popping before SFML first drew would undo the states SFML's cache
  // believes it set (its vertex arrays), and every later SFML draw would be lost.
  ImGui_ImplOpenGL2_Init();
}

GuiBridge::~GuiBridge() {
  ImGui_ImplOpenGL2_Shutdown();
  ImGui::DestroyContext();
}

void GuiBridge::handle(const sf::Event& event) {
  ImGuiIO& io = ImGui::GetIO();
  switch (event.type) {
    case sf::Event::MouseMoved:
      io.MousePos = {static_cast<float>(event.mouseMove.x), static_cast<float>(event.mouseMove.y)};
      break;
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased:
      io.MousePos = {static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y)};
      if (const int b = buttonOf(event.mouseButton.button); b >= 0) {
        if (event.type == sf::Event::MouseButtonPressed) {
          io.MouseDown[b] = true;
          pressedThisFrame_.push_back(kMouse + b);
        } else {
          release(kMouse + b);
        }
      }
      break;
    case sf::Event::MouseWheelScrolled:
      if (event.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel)
        io.MouseWheel += event.mouseWheelScroll.delta;
      else
        io.MouseWheelH += event.mouseWheelScroll.delta;
      break;
    case sf::Event::MouseLeft: io.MousePos = {-FLT_MAX, -FLT_MAX}; break;
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased: {
      // As an int: sf::Keyboard::Unknown is -1, and clang deems the enum never past KeysDown.
      const int code = event.key.code;
      if (code >= 0 && code < static_cast<int>(IM_ARRAYSIZE(io.KeysDown))) {
        if (event.type == sf::Event::KeyPressed) {
          io.KeysDown[code] = true;
          pressedThisFrame_.push_back(code);
        } else {
          release(code);
        }
      }
      io.KeyCtrl = event.key.control;
      io.KeyShift = event.key.shift;
      io.KeyAlt = event.key.alt;
      io.KeySuper = event.key.system;
      break;
    }
    case sf::Event::TextEntered:
      // Printable characters only: backspace, tab and enter come as keys.
      if (event.text.unicode >= 32 && event.text.unicode != 127) io.AddInputCharacter(event.text.unicode);
      break;
    case sf::Event::LostFocus:
      for (bool& down : io.KeysDown) down = false;
      io.KeyCtrl = io.KeyShift = io.KeyAlt = io.KeySuper = false;
      break;
    default: break;
  }
}

void GuiBridge::release(Release what) {
  if (std::find(pressedThisFrame_.begin(), pressedThisFrame_.end(), what) != pressedThisFrame_.end()) {
    deferred_.push_back(what);
    return;
  }
  ImGuiIO& io = ImGui::GetIO();
  if (what >= kMouse)
    io.MouseDown[what - kMouse] = false;
  else
    io.KeysDown[what] = false;
}

bool GuiBridge::wantsMouse() const { return ImGui::GetIO().WantCaptureMouse; }
bool GuiBridge::wantsKeyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }

void GuiBridge::beginFrame(sf::Vector2u size, float seconds) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = {static_cast<float>(size.x), static_cast<float>(size.y)};
  io.DeltaTime = seconds > 0.0F ? seconds : 1.0F / 60.0F;
  for (const Release what : due_) {
    if (what >= kMouse)
      io.MouseDown[what - kMouse] = false;
    else
      io.KeysDown[what] = false;
  }
  due_ = std::move(deferred_);
  deferred_.clear();
  pressedThisFrame_.clear();
  ImGui_ImplOpenGL2_NewFrame();
  ImGui::NewFrame();
}

void GuiBridge::endFrame() {
  ImGui::Render();
  target_.pushGLStates();
  ImGui_ImplOpenGL2_RenderDrawData(ImGui::GetDrawData());
  target_.popGLStates();
}

}  // namespace retrace::viewer
