/// @file pair_estimate.cpp
/// estimateContactPairs (pair_estimate.h): the broad phase's own tree (broadphase.h), filled from World's
/// public accessors.

#include "physics/pair_estimate.h"

#include "broadphase.h"

#include "physics/world.h"

#include <cstddef>
#include <vector>

namespace phys {

std::int64_t estimateContactPairs(const World& world, std::int64_t cap) {
    struct Proxy {
        std::size_t body;
        bool dynamic;
    };
    std::vector<Proxy> proxies;
    std::vector<int> ids;
    DynamicTree tree(kAABBMargin);
    const std::vector<BodyId> bodies = world.bodyIds();
    for (std::size_t b = 0; b < bodies.size(); ++b) {
        if (!world.isEnabled(bodies[b])) {
            continue;
        }
        const bool dynamic = world.type(bodies[b]) == BodyType::Dynamic;
        for (int s = 0; s < world.shapeCount(bodies[b]); ++s) {
            ids.push_back(tree.createProxy(world.shapeAABB(bodies[b], s), static_cast<int>(proxies.size())));
            proxies.push_back({b, dynamic});
        }
    }
    std::int64_t pairs = 0;
    for (const int q : ids) {
        const Proxy& pq = proxies[static_cast<std::size_t>(tree.userData(q))];
        tree.query(tree.fatAABB(q), [&](int p) {
            if (p <= q) {
                return true;
            }
            const Proxy& pp = proxies[static_cast<std::size_t>(tree.userData(p))];
            if (pp.body != pq.body && (pp.dynamic || pq.dynamic)) {
                ++pairs;
            }
            return pairs < cap;
        });
        if (pairs >= cap) {
            break;
        }
    }
    return pairs;
}

} // namespace phys
