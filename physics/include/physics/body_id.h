#pragma once
/// @file body_id.h
/// The handle the World gives out for a body. The per-body record it addresses (BodySim) is private to the
/// engine (physics/src/body.h); applications read a body through World's accessors.

#include <cstdint>

namespace phys {

/// Stable handle of a body: slot index plus a generation counter, so a handle to a removed body is detected
/// (World::isValid) instead of silently addressing the slot's next occupant.
struct BodyId {
    std::int32_t index = -1;
    std::uint32_t generation = 0;

    constexpr bool isNull() const { return index < 0; }
    friend constexpr bool operator==(BodyId, BodyId) = default;
};

/// The null handle (what a failed lookup returns).
inline constexpr BodyId kNullBody{};

} // namespace phys
