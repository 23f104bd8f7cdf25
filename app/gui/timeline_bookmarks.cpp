#include "timeline_bookmarks.h"

#include <algorithm>
#include <cmath>

namespace cl {

double BookmarkFinder::energyThreshold(double scale) {
    return std::max(1e-3, 0.01 * std::abs(scale));
}

void BookmarkFinder::clear() {
    *this = BookmarkFinder{};
}

void BookmarkFinder::add(const SimFrame& frame) {
    if (m_lastStep >= 0 && frame.step <= m_lastStep) {
        clear();
    }
    const bool first = m_lastStep < 0;
    // Contacts: the first push, and the deepest point of the run.
    for (const SimContactPoint& p : frame.points) {
        if (!m_hadContact && p.normalImpulse > 0.0) {
            m_hadContact = true;
            m_marks.push_back({BookmarkKind::FirstContact, frame.step, p.bodyA, p.bodyB, 2, p.depth});
        }
        if (p.depth > 0.0 && (!m_hasDeepest || p.depth > m_deepest.value)) {
            m_hasDeepest = true;
            m_deepest = {BookmarkKind::DeepestPenetration, frame.step, p.bodyA, p.bodyB, 2, p.depth};
        }
    }
    // Energy: measured from the lowest total since the last rise, so a slow climb of many small steps is
    // caught as well as a jump; one bookmark per climb (the reference moves up to the new level).
    const double total = frame.kineticEnergy + frame.potentialEnergy;
    if (std::isfinite(total)) {
        m_energyScale = std::max(m_energyScale, std::abs(total));
        if (first) {
            m_energyRef = total;
        } else if (total - m_energyRef > energyThreshold(m_energyScale)) {
            m_marks.push_back({BookmarkKind::EnergyRose, frame.step, -1, -1, 0, total - m_energyRef});
            m_energyRef = total;
        } else {
            m_energyRef = std::min(m_energyRef, total);
        }
    }
    // Bodies: awake -> asleep, enabled -> disabled, one bookmark per kind and step.
    if (!first) {
        Bookmark asleep{BookmarkKind::FellAsleep, frame.step, -1, -1, 0, 0.0};
        Bookmark escaped{BookmarkKind::Escaped, frame.step, -1, -1, 0, 0.0};
        const std::size_t n = std::min(frame.bodies.size(), m_previous.size());
        for (std::size_t i = 0; i < n; ++i) {
            const SimBodyState& before = m_previous[i];
            const SimBodyState& now = frame.bodies[i];
            if (!before.alive || !now.alive) {
                continue;
            }
            if (before.enabled && !now.enabled) {
                escaped.body = escaped.bodies == 0 ? static_cast<int>(i) : escaped.body;
                ++escaped.bodies;
            } else if (now.enabled && before.awake && !now.awake) {
                asleep.body = asleep.bodies == 0 ? static_cast<int>(i) : asleep.body;
                ++asleep.bodies;
            }
        }
        if (asleep.bodies > 0) {
            m_marks.push_back(asleep);
        }
        if (escaped.bodies > 0) {
            m_marks.push_back(escaped);
        }
    }
    m_previous.assign(frame.bodies.begin(), frame.bodies.end());
    m_lastStep = frame.step;
    m_lastHash = frame.hash;
}

std::vector<Bookmark> BookmarkFinder::bookmarks() const {
    std::vector<Bookmark> out = m_marks;
    if (m_hasDeepest) {
        const auto at = std::upper_bound(out.begin(), out.end(), m_deepest.step,
                                         [](std::int64_t step, const Bookmark& b) { return step < b.step; });
        out.insert(at, m_deepest);
    }
    return out;
}

const char* bookmarkKindName(BookmarkKind kind) {
    switch (kind) {
    case BookmarkKind::FirstContact:
        return "first contact";
    case BookmarkKind::DeepestPenetration:
        return "deepest penetration";
    case BookmarkKind::EnergyRose:
        return "energy rose";
    case BookmarkKind::FellAsleep:
        return "fell asleep";
    case BookmarkKind::Escaped:
        return "escaped";
    }
    return "";
}

} // namespace cl
