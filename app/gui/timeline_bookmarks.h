#pragma once
/// @file timeline_bookmarks.h
/// Moments worth jumping to in a recorded run (issue 15's timeline scrubber), found from the recorded frames
/// alone (simulation_history.h), so they are exact and need nothing from the World: first contact, deepest
/// penetration, total energy rose, a body fell asleep, a body escaped the world bound. Qt-free: the scrubber
/// (widgets/timeline_scrubber.h) only draws what this finds.

#include "simulation_history.h"

#include <cstdint>
#include <vector>

namespace cl {

enum class BookmarkKind {
    FirstContact,       ///< the first frame whose solve pushed two bodies apart (a normal impulse > 0)
    DeepestPenetration, ///< the frame with the largest contact depth of the run (depth > 0)
    EnergyRose,         ///< total energy rose by more than BookmarkFinder::energyThreshold
    FellAsleep,         ///< a body went from awake to asleep
    Escaped,            ///< a body left the world bound (disabled by the engine)
};

struct Bookmark {
    BookmarkKind kind = BookmarkKind::FirstContact;
    std::int64_t step = 0; ///< the frame to show
    int body = -1;         ///< body slot (the first one when several changed at that step), -1 for none
    int other = -1;        ///< the contact's second body slot (FirstContact, DeepestPenetration), else -1
    int bodies = 0;        ///< how many bodies changed at that step (asleep, escaped)
    double value = 0.0;    ///< depth (m) for DeepestPenetration and FirstContact, the rise (J) for EnergyRose
};

/// Scans frames in step order, one at a time (add), keeping what it needs from the previous frame, so a
/// running simulation costs one frame's bodies and points per step.
class BookmarkFinder {
public:
    /// The smallest total-energy rise that makes a bookmark, joules, for a run whose largest energy magnitude
    /// so far is `scale` J. A passive scene (no grab, no edit) should never gain energy, so any visible rise is
    /// worth a look; but the soft step's push-out (WorldSettings::maxPushVelocity, 1 m/s by default) and
    /// rounding add small amounts while contacts settle. 1% of the run's energy is about one pixel on a
    /// 100-pixel energy plot (widgets/energy_plot.h), so a smaller rise could not be seen there anyway; the
    /// floor of 1 mJ keeps a scene near zero energy (a ball resting at the datum) from flagging rounding.
    static double energyThreshold(double scale);

    /// Forgets every frame and bookmark.
    void clear();
    /// Takes the next frame. A frame at or before the last one taken (a branch, a reset) restarts the scan:
    /// call clear() and add the frames again from the oldest.
    void add(const SimFrame& frame);
    /// Step and hash of the last frame taken (-1 / 0 when none): the caller checks them against its history
    /// to see whether the run branched.
    std::int64_t lastStep() const { return m_lastStep; }
    std::uint64_t lastHash() const { return m_lastHash; }

    /// Bookmarks in step order (DeepestPenetration is placed by its step).
    std::vector<Bookmark> bookmarks() const;

private:
    std::vector<Bookmark> m_marks; ///< every kind but DeepestPenetration, in step order
    Bookmark m_deepest;            ///< valid when m_hasDeepest
    bool m_hasDeepest = false;
    bool m_hadContact = false;
    std::int64_t m_lastStep = -1;
    std::uint64_t m_lastHash = 0;
    double m_energyRef = 0.0;   ///< lowest total energy since the last EnergyRose (or the start)
    double m_energyScale = 0.0; ///< largest |total energy| seen
    std::vector<SimBodyState> m_previous;
};

/// A short English name for a bookmark kind ("first contact", ...).
const char* bookmarkKindName(BookmarkKind kind);

} // namespace cl
