#include "viewer/window.h"

#include <fmt/core.h>
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "recorder/interrupt.h"
#include "viewer/controls.h"
#include "viewer/headless.h"
#include "viewer/scene.h"

namespace retrace::viewer {
namespace {

/// How long a frame of the window spends stepping plots: the rest of a 60-Hz frame is drawing.
constexpr float kPlotSecondsPerFrame = 0.006F;
/// Ticks a plot steps between looks at the clock.
constexpr std::uint64_t kPlotSlice = 128;

/// Steps the debugger's plots until they are complete or a frame's share of time is spent.
void stepPlotsForAFrame(Debugger& debugger) {
  const sf::Clock spent;
  while (!debugger.stepPlots(kPlotSlice) && spent.getElapsedTime().asSeconds() < kPlotSecondsPerFrame) {
  }
}

/// How long a frame of the window spends on the find box's search, which takes a slice at least.
constexpr float kFindSecondsPerFrame = 0.008F;

/// Carries the find box's search on until it is over or a frame's share of time is spent.
void stepFindForAFrame(Debugger& debugger) {
  const sf::Clock spent;
  while (!debugger.stepFind(kFindSlice) && spent.getElapsedTime().asSeconds() < kFindSecondsPerFrame) {
  }
}

/// How long a frame of the window spends writing a clip or sheet, which draws one frame or cell
/// of it at least.
constexpr float kPictureSecondsPerFrame = 0.010F;

/// Carries the clip or sheet under way on until it is written or a frame's share of time is spent.
void stepPictureForAFrame(Debugger& debugger, const Overlays& overlays) {
  const sf::Clock spent;
  while (!debugger.stepPicture(overlays, 1) && spent.getElapsedTime().asSeconds() < kPictureSecondsPerFrame) {
  }
}

bool isShiftHeld() {
  return sf::Keyboard::isKeyPressed(sf::Keyboard::LShift) || sf::Keyboard::isKeyPressed(sf::Keyboard::RShift);
}

}  // namespace

DebuggerWindow::DebuggerWindow(Playback& a, Playback* compare, const sf::Font& font, const WindowOptions& options,
                               FoundTicks found)
    : a_(a),
      b_(compare),
      font_(font),
      status_(options.status),
      canTakeOver_(options.canTakeOver),
      place_(placeOnDesktop({options.width + static_cast<unsigned>(kPanelWidth), options.height})),
      window_(sf::VideoMode(place_.size.x, place_.size.y), options.title),
      gui_(window_, findFontPath()),
      debugger_(a, compare, options.nameA, options.nameB, std::move(found)),
      renderer_(font) {
  window_.setPosition(place_.position);
  window_.setFramerateLimit(60);
  overlays_ = options.overlays;
  for (const std::string& field : options.plots) (void)debugger_.togglePlot(field);  // checked before the window opened
  if (!options.select.empty()) debugger_.select(options.select);                     // and so was this
}

std::optional<std::uint64_t> DebuggerWindow::run() {
  sf::Clock clock;
  while (window_.isOpen()) {
    b_ = debugger_.compared();
    lanes_ = describeLanes(a_.game(), debugger_.plotted());
    sf::Event event;
    while (window_.pollEvent(event)) handle(event);
    // Ctrl+C in the terminal closes it as Q does: a clip or sheet under way goes with it.
    if (recorder::InterruptCatcher::caught()) window_.close();
    stepPlotsForAFrame(debugger_);
    stepFindForAFrame(debugger_);
    stepPictureForAFrame(debugger_, overlays_);
    const float seconds = clock.restart().asSeconds();
    if (a_.advance(seconds) > 0 && b_ != nullptr) b_->seek(a_.tick());
    if (drag_ == Drag::kNone) debugger_.view = followTick(debugger_.view, a_.tick(), a_.lastTick());
    drawFrame(seconds);
    if (status_.wanted()) reportStatus();
    window_.display();
  }
  return takeOverAt_;
}

void DebuggerWindow::handle(const sf::Event& event) {
  if (overlays_.panels) gui_.handle(event);
  if (event.type == sf::Event::Closed) window_.close();
  if (event.type == sf::Event::Resized)
    window_.setView(sf::View({0.0F, 0.0F, static_cast<float>(event.size.width), static_cast<float>(event.size.height)}));
  if (event.type == sf::Event::KeyPressed && !(overlays_.panels && gui_.wantsKeyboard())) handleKey(event.key);
  const bool overPanel = overlays_.panels && gui_.wantsMouse();
  if (event.type == sf::Event::MouseButtonReleased) drag_ = Drag::kNone;
  if (event.type == sf::Event::MouseWheelScrolled && !overPanel) handleWheel(event.mouseWheelScroll);
  if (event.type == sf::Event::MouseButtonPressed && !overPanel) {
    const sf::Vector2f at(static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y));
    if (event.mouseButton.button == sf::Mouse::Left) handleLeftPress(at);
    if (event.mouseButton.button == sf::Mouse::Right) handleRightPress(at);
  }
  if (event.type == sf::Event::MouseMoved && drag_ != Drag::kNone) handleDrag(static_cast<float>(event.mouseMove.x));
}

void DebuggerWindow::handleKey(const sf::Event::KeyEvent& key) {
  if (key.code == sf::Keyboard::Z) debugger_.view = viewWhole(a_.lastTick());  // the zoom is the window's
  if (key.code == sf::Keyboard::T) debugger_.focusTickBox();
  if (key.code == sf::Keyboard::L && canTakeOver_) {
    takeOverAt_ = a_.tick();
    window_.close();
  }
  if (const auto command = mapKey(key.code, key.shift)) {
    if (!applyCommand(*command, a_, overlays_, debugger_.targets())) window_.close();
    if (b_ != nullptr) b_->seek(a_.tick());
  }
}

void DebuggerWindow::handleWheel(const sf::Event::MouseWheelScrollEvent& wheel) {
  const sf::Vector2f at(static_cast<float>(wheel.x), static_cast<float>(wheel.y));
  if (!layoutA().timeline.contains(at)) return;
  debugger_.view =
      zoomView(debugger_.view, tickAtX(timelineBarA(), debugger_.view, at.x), wheel.delta > 0 ? 0.8 : 1.25, a_.lastTick());
}

void DebuggerWindow::handleLeftPress(sf::Vector2f at) {
  const FrameLayout layout = layoutA();
  if (layout.timeline.contains(at)) {
    const std::uint64_t tick = tickAtX(timelineBarA(), debugger_.view, at.x);
    if (isShiftHeld()) {
      drag_ = Drag::kSelect;
      debugger_.selectionFrom = debugger_.selectionTo = tick;
    } else {
      drag_ = Drag::kScrub;
      debugger_.seek(tick);
    }
  } else if (!pickEntity(layout, a_, at) && b_ != nullptr) {
    (void)pickEntity(layoutCompare(frameArea(), a_, *b_, debugger_.plotted().size()).b, *b_, at);
  }
}

void DebuggerWindow::handleRightPress(sf::Vector2f at) {
  const FrameLayout layout = layoutA();
  const auto lane = findLaneAt(layout.timeline, at.y, lanes_);
  if (!layout.timeline.contains(at) || !lane || lanes_[*lane].kind != LaneKind::kInput) return;
  (void)debugger_.toggleInput(tickAtX(timelineBarA(), debugger_.view, at.x),
                              lanes_[*lane].bit);  // a refusal shows in the Edit section
  b_ = debugger_.compared();
}

void DebuggerWindow::handleDrag(float x) {
  const std::uint64_t tick = tickAtX(timelineBarA(), debugger_.view, x);
  if (drag_ == Drag::kScrub)
    debugger_.seek(tick);
  else
    debugger_.selectionTo = tick;
}

void DebuggerWindow::drawFrame(float seconds) {
  window_.clear(sf::Color::Black);
  b_ = debugger_.compared();
  const sf::FloatRect area = frameArea();
  FrameExtras extras = debugger_.extras(overlays_.panels);
  const sf::Vector2f pointer = window_.mapPixelToCoords(sf::Mouse::getPosition(window_));
  if (window_.hasFocus() && area.contains(pointer)) extras.pointer = pointer;  // the timeline's readout
  if (b_ != nullptr)
    renderer_.renderCompare(window_, area, a_, *b_, overlays_, extras);
  else
    renderer_.render(window_, area, a_, overlays_, extras);
  if (!overlays_.panels) return;
  gui_.beginFrame(window_.getSize(), seconds);
  debugger_.draw({area.width, 0.0F, window_.getView().getSize().x - area.width, area.height}, font_, overlays_);
  gui_.endFrame();
}

void DebuggerWindow::reportStatus() {
  // A change made in the panels shows in the scene and the timeline only in the next frame, so
  // the frame after a change is written again.
  const sf::FloatRect bar = timelineBarA();
  const std::string timeline = fmt::format("timeline={:.1f},{:.1f},{:.1f},{:.1f}\n", bar.left, bar.top, bar.width, bar.height);
  status_.report(debugger_.describeStatus(overlays_, layoutA(), overlays_.panels && gui_.wantsKeyboard()) + timeline +
                     describeWindowPlace(window_),
                 window_, debugger_.describeProgress());
}

bool DebuggerWindow::pickEntity(const FrameLayout& layout, const Playback& shown, sf::Vector2f at) {
  if (!layout.scene.contains(at)) return false;
  const sf::Vector2f world{(at.x - layout.scene.left) / layout.scale, (at.y - layout.scene.top) / layout.scale};
  debugger_.select(findEntityAt(shown.current().describeScene(shown.previous()), world));
  return true;
}

sf::FloatRect DebuggerWindow::frameArea() const {
  const sf::Vector2f size = window_.getView().getSize();
  const float panels = overlays_.panels ? fitPanelWidth(size.x) : 0.0F;
  return {0.0F, 0.0F, size.x - panels, size.y};
}

FrameLayout DebuggerWindow::layoutA() const {
  const std::size_t plots = debugger_.plotted().size();
  return b_ != nullptr ? layoutCompare(frameArea(), a_, *b_, plots).a : layoutFrame(frameArea(), a_, plots);
}

sf::FloatRect DebuggerWindow::timelineBarA() const { return timelineBar(layoutA().timeline, countRows(lanes_)); }

}  // namespace retrace::viewer
