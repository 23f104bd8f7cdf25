/// @file world.cpp
/// World: body and shape storage, the step loop (broad phase, narrow phase, solver, finalisation), sleep
/// islands, escape checks and the StepReport. The contact solvers live in impulse_solver.cpp (and
/// verlet_solver.cpp).

#include "physics/world.h"

#include "physics/solver_trace.h"

#include "growth.h"
#include "task_pool.h"

#include "broadphase.h"
#include "impulse_solver.h"
#include "physics/collide.h"
#include "physics/point_query.h"
#include "physics/toi.h"
#include "verlet_solver.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <mutex>
#include <numbers>

namespace phys {

/// Shape pair -> index into World::m_contacts. Only looked up, never iterated, so where a pair sits cannot
/// leak into the simulation.
/// Open addressing with linear probing (as Box2D v3's b2HashSet): a slot is the pair's hash and its contact
/// index, 8 bytes; the pair itself is read from the contact when the hashes match. A std::unordered_map
/// took a 32-byte node per pair plus its buckets, about 40 bytes (4.2 MB at smash's 118,000 pairs); this
/// takes 16-32. Erasing shifts the following slots back (Knuth's Algorithm R), so no tombstones pile up.
struct ContactMap {
    struct Slot {
        std::uint32_t hash = 0;
        std::int32_t contact = -1; ///< -1: empty
    };
    std::vector<Slot> slots; ///< a power of two of them, at most half full
    int count = 0;

    static std::uint32_t hashOf(std::uint64_t key) {
        // The 64-bit finaliser of MurmurHash3 (fmix64): spreads the two shape indices over every bit.
        key ^= key >> 33;
        key *= 0xff51afd7ed558ccdull;
        key ^= key >> 33;
        key *= 0xc4ceb9fe1a85ec53ull;
        key ^= key >> 33;
        return static_cast<std::uint32_t>(key);
    }
    std::size_t mask() const { return slots.size() - 1; }

    /// The slot of `key`, or of the empty slot where it would go.
    std::size_t find(std::uint64_t key, std::uint32_t hash, std::span<const ContactSim> contacts) const {
        std::size_t i = hash & mask();
        for (;;) {
            const Slot& s = slots[i];
            if (s.contact < 0) {
                return i;
            }
            if (s.hash == hash) {
                const ContactSim& c = contacts[static_cast<std::size_t>(s.contact)];
                if (pairKeyOf(c) == key) {
                    return i;
                }
            }
            i = (i + 1) & mask();
        }
    }

    /// Inserts `key` -> `contact` unless present; false (and no change) when it was.
    bool insert(std::uint64_t key, int contact, std::span<const ContactSim> contacts) {
        if (2 * static_cast<std::size_t>(count + 1) > slots.size()) {
            grow();
        }
        const std::uint32_t hash = hashOf(key);
        const std::size_t i = find(key, hash, contacts);
        if (slots[i].contact >= 0) {
            return false;
        }
        slots[i] = {hash, contact};
        ++count;
        return true;
    }

    /// The pair `key`, present, now lives at index `contact`.
    void move(std::uint64_t key, int contact, std::span<const ContactSim> contacts) {
        slots[find(key, hashOf(key), contacts)].contact = contact;
    }

    void erase(std::uint64_t key, std::span<const ContactSim> contacts) {
        std::size_t hole = find(key, hashOf(key), contacts);
        if (slots[hole].contact < 0) {
            return;
        }
        // Move back every later slot of the run whose home is not cyclically in (hole, j].
        for (std::size_t j = (hole + 1) & mask(); slots[j].contact >= 0; j = (j + 1) & mask()) {
            const std::size_t home = slots[j].hash & mask();
            const bool stays = hole < j ? (hole < home && home <= j) : (hole < home || home <= j);
            if (!stays) {
                slots[hole] = slots[j];
                hole = j;
            }
        }
        slots[hole] = Slot{};
        --count;
    }

    void grow() {
        std::vector<Slot> old = std::move(slots);
        slots.assign(std::max<std::size_t>(64, 2 * old.size()), Slot{});
        for (const Slot& s : old) {
            if (s.contact >= 0) {
                std::size_t i = s.hash & mask();
                while (slots[i].contact >= 0) {
                    i = (i + 1) & mask();
                }
                slots[i] = s;
            }
        }
    }

    static std::uint64_t pairKeyOf(const ContactSim& c) {
        return (std::uint64_t(static_cast<std::uint32_t>(c.shapeA)) << 32) |
               static_cast<std::uint32_t>(c.shapeB);
    }
};

namespace {

using Clock = std::chrono::steady_clock;

/// Room each worker thread has for the manifolds of pairs that got points without a touching record (88
/// bytes each, 11 KB): a step's new contacts in a crowd (a smash: about 300 a step, 2,000 at most) mostly
/// fit; the rest are collided again by the serial pass (a pyramid's first step: 10,000 once). Fixed, so the
/// worker threads never allocate and what is allocated does not depend on how the work was shared.
constexpr std::size_t kNewManifolds = 128;
static_assert(kNewManifolds <= 32767, "a scratch index travels in ContactLink::fresh");

double seconds(Clock::time_point from, Clock::time_point to) {
    return std::chrono::duration<double>(to - from).count();
}

/// Order-independent key of a shape pair: (min << 32) | max.
std::uint64_t pairKey(int shapeA, int shapeB) {
    const auto lo = static_cast<std::uint32_t>(std::min(shapeA, shapeB));
    const auto hi = static_cast<std::uint32_t>(std::max(shapeA, shapeB));
    return (std::uint64_t(lo) << 32) | hi;
}

AABB boundsOf(const ShapeView& geometry, const Transform& xf) {
    if (const auto* circle = std::get_if<Circle>(&geometry)) {
        return computeAABB(*circle, xf);
    }
    return computeAABB(std::get<PolygonView>(geometry), xf);
}

MassData massOf(const ShapeGeometry& geometry, double density) {
    if (const auto* circle = std::get_if<Circle>(&geometry)) {
        return computeMass(*circle, density);
    }
    return computeMass(std::get<Polygon>(geometry), density);
}

/// Narrow phase dispatch without collide()'s own AABB early out (the world has already done it).
Manifold collideShapes(const ShapeView& a, const Transform& xfA, const ShapeView& b, const Transform& xfB,
                       ContactMethod method, double speculativeDistance) {
    const auto* circleA = std::get_if<Circle>(&a);
    const auto* circleB = std::get_if<Circle>(&b);
    if (circleA && circleB) {
        return collideCircles(*circleA, xfA, *circleB, xfB, speculativeDistance);
    }
    if (circleA) {
        return collideCirclePolygon(*circleA, xfA, std::get<PolygonView>(b), xfB, speculativeDistance);
    }
    if (circleB) {
        return collidePolygonCircle(std::get<PolygonView>(a), xfA, *circleB, xfB, speculativeDistance);
    }
    return collidePolygons(std::get<PolygonView>(a), xfA, std::get<PolygonView>(b), xfB, method,
                           speculativeDistance);
}

void hashBytes(std::uint64_t& h, const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
        h ^= bytes[i];
        h *= 1099511628211ull;
    }
}

void hashDouble(std::uint64_t& h, double value) {
    const auto bits = std::bit_cast<std::uint64_t>(value);
    hashBytes(h, &bits, sizeof bits);
}

} // namespace

// ---------------------------------------------------------------------------------------------------------------
// Construction and settings

World::World(const WorldSettings& settings)
    : m_settings(validate(settings, "settings") ? WorldSettings{} : settings),
      m_polygons(std::make_unique<PolygonStore>()), m_broadPhase(std::make_unique<BroadPhase>(kAABBMargin)),
      m_fixedTree(std::make_unique<DynamicTree>(kAABBMargin)), m_contactMap(std::make_unique<ContactMap>()),
      m_impulseSolver(makeImpulseSolver()), m_pool(std::make_unique<TaskPool>(TaskPool::hardwareThreads())) {
    m_verletSolver = makeVerletSolver(m_settings.verletResponse);
}

void World::setThreadCount(int threads) {
    // More threads than the hardware has would only take turns (and oneTBB refuses the extra workers).
    const int wanted =
        threads <= 0 ? TaskPool::hardwareThreads() : std::min(threads, TaskPool::hardwareThreads());
    if (wanted != m_pool->threads()) {
        m_pool = std::make_unique<TaskPool>(wanted);
    }
}

int World::threadCount() const {
    return m_pool->threads();
}

World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

std::optional<DefError> World::setSettings(const WorldSettings& settings) {
    if (auto e = validate(settings, "settings")) {
        return e;
    }
    const bool solverChanged = settings.solver != m_settings.solver ||
                               settings.response != m_settings.response ||
                               settings.positionCorrection != m_settings.positionCorrection;
    const bool sleepTurnedOff = m_settings.sleep && !settings.sleep;
    const bool verletResponseChanged = settings.verletResponse != m_settings.verletResponse;
    const bool contactMethodChanged = settings.contactMethod != m_settings.contactMethod;
    m_settings = settings;
    if (contactMethodChanged && !solverChanged) {
        // A recycled manifold would be the other method's: the next step computes every one afresh.
        for (TouchingSim& t : m_touching) {
            t.forgetAnchors();
        }
    }
    if (verletResponseChanged) {
        m_verletSolver = makeVerletSolver(m_settings.verletResponse); // particles are rebuilt from the poses
    }
    if (solverChanged) {
        // Impulses of one scheme mean nothing to another: do not warm start from them.
        for (TouchingSim& t : m_touching) {
            t.clearImpulses();
        }
        m_impulseSolver->reset();
        if (m_verletSolver) {
            m_verletSolver->reset();
        }
    }
    if (sleepTurnedOff) {
        for (int i = 0; i < static_cast<int>(m_bodies.size()); ++i) {
            if (m_bodies[static_cast<std::size_t>(i)].alive) {
                wake(i);
            }
        }
    }
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies

int World::slotOf(BodyId id) const {
    if (id.index < 0 || id.index >= static_cast<int>(m_bodies.size())) {
        return -1;
    }
    const auto i = static_cast<std::size_t>(id.index);
    if (!m_bodies[i].alive || m_bodyInfo[i].generation != id.generation) {
        return -1;
    }
    return id.index;
}

bool World::isValid(BodyId id) const {
    return slotOf(id) >= 0;
}

const VerletSolver& World::verletSolver() const {
    // m_verletSolver is always made by makeVerletSolver, so the downcast is exact.
    return static_cast<const VerletSolver&>(*m_verletSolver);
}

BodyId World::idOfSlot(int bodySlot) const {
    const auto i = static_cast<std::size_t>(bodySlot);
    if (bodySlot < 0 || i >= m_bodies.size() || !m_bodies[i].alive) {
        return kNullBody;
    }
    return BodyId{bodySlot, m_bodyInfo[i].generation};
}

std::vector<BodyId> World::bodyIds() const {
    std::vector<BodyId> ids;
    ids.reserve(static_cast<std::size_t>(m_bodyCount));
    for (int i = 0; i < static_cast<int>(m_bodies.size()); ++i) {
        if (m_bodies[static_cast<std::size_t>(i)].alive) {
            ids.push_back(idOfSlot(i));
        }
    }
    return ids;
}

std::span<const int> World::bodyShapeSlots(int bodySlot) const {
    return m_bodyInfo[static_cast<std::size_t>(bodySlot)].shapeSlots();
}

Result<BodyId> World::createBody(const BodyDef& def) {
    if (auto e = validate(def, "body")) {
        int shapeIndex = -1;
        const std::string prefix = "body.shapes[";
        if (e->path.rfind(prefix, 0) == 0) {
            shapeIndex = std::atoi(e->path.c_str() + prefix.size());
        }
        return Error{e->path + ": " + e->message, shapeIndex};
    }
    if (m_bodyCount >= kMaxBodies) {
        return Error{
            "body: the world already holds the most bodies allowed (" + std::to_string(kMaxBodies) + ")", -1};
    }

    int slot;
    if (!m_freeBodies.empty()) {
        slot = m_freeBodies.back();
        m_freeBodies.pop_back();
    } else {
        slot = static_cast<int>(m_bodies.size());
        reserveForSize(m_bodies, m_bodies.size() + 1);
        reserveForSize(m_bodyInfo, m_bodyInfo.size() + 1);
        m_bodies.emplace_back();
        m_bodyInfo.emplace_back();
    }
    const auto si = static_cast<std::size_t>(slot);
    BodyInfo& info = m_bodyInfo[si];
    info.name = def.name;
    info.clearShapes();
    ++info.generation;

    BodySim body;
    body.alive = true;
    body.type = def.type;
    body.bullet = def.bullet;
    body.xf = Transform{def.position, Rot(def.angle)};
    if (def.type != BodyType::Static) {
        body.linearVelocity = def.linearVelocity;
        body.angularVelocity = def.angularVelocity;
    }

    // Shapes: slots from the free list, proxies in the broad phase.
    for (std::size_t k = 0; k < def.shapes.size(); ++k) {
        int shapeSlot;
        if (!m_freeShapes.empty()) {
            shapeSlot = m_freeShapes.back();
            m_freeShapes.pop_back();
        } else {
            shapeSlot = static_cast<int>(m_shapes.size());
            reserveForSize(m_shapes, m_shapes.size() + 1);
            m_shapes.emplace_back();
        }
        ShapeSim& shape = m_shapes[static_cast<std::size_t>(shapeSlot)];
        shape = ShapeSim{};
        if (const auto* circle = std::get_if<Circle>(&def.shapes[k].geometry)) {
            shape.circle = *circle;
        } else {
            const Polygon& polygon = std::get<Polygon>(def.shapes[k].geometry);
            shape.polygon = m_polygons->add(polygon);
            shape.vertexCount = polygon.count();
            shape.circle = Circle{polygon.centroid(), 0.0};
        }
        shape.density = def.shapes[k].density;
        shape.friction = def.shapes[k].friction;
        shape.restitution = def.shapes[k].restitution;
        shape.body = slot;
        shape.indexInBody = static_cast<int>(k);
        shape.alive = true;
        info.addShape(shapeSlot);
    }

    // Mass properties (Box2D b2UpdateBodyMassData): dynamic bodies only; the centre of mass is kept apart
    // from the origin. A dynamic body whose shapes give no mass gets 1 kg at its origin and does not rotate.
    if (def.type == BodyType::Dynamic) {
        std::vector<MassData> parts;
        parts.reserve(def.shapes.size());
        for (const ShapeDef& shapeDef : def.shapes) {
            parts.push_back(massOf(shapeDef.geometry, shapeDef.density));
        }
        const MassData md = combineMass(parts);
        if (md.mass > 0.0 && std::isfinite(md.mass)) {
            body.mass = md.mass;
            body.invMass = 1.0 / md.mass;
            body.localCenter = md.center;
            body.inertia = md.inertia;
            body.invInertia = md.inertia > 0.0 ? 1.0 / md.inertia : 0.0;
        } else {
            body.mass = 1.0;
            body.invMass = 1.0;
        }
    }
    body.center = transformPoint(body.xf, body.localCenter);
    body.center0 = body.center;
    body.q0 = body.xf.q;
    computeExtents(body, info.shapeSlots());
    m_bodies[si] = body;
    createProxies(slot);
    ++m_bodyCount;
    return BodyId{slot, info.generation};
}

void World::compactPolygons() {
    // Records of destroyed shapes are holes in the store; once they are most of it (an editor that replaced
    // every body a few times), the live records are copied into a new store in slot order. Amortised: the
    // live bytes copied are at most the bytes released since the last compaction.
    if (m_polygons->releasedBytes() * 2 <= m_polygons->usedBytes()) {
        return;
    }
    PolygonStore packed;
    for (ShapeSim& shape : m_shapes) {
        if (shape.alive && !shape.isCircle()) {
            shape.polygon = packed.add(polygonOf(shape, *m_polygons));
        }
    }
    m_polygons->swap(packed);
}

void World::reserve(int bodies, int shapes) {
    const auto more = [](std::size_t now, int extra) {
        return now + static_cast<std::size_t>(std::max(extra, 0));
    };
    m_bodies.reserve(more(m_bodies.size(), bodies));
    m_bodyInfo.reserve(more(m_bodyInfo.size(), bodies));
    m_shapes.reserve(more(m_shapes.size(), shapes));
    m_broadPhase->reserveProxies(shapes);
}

void World::reserve(std::span<const BodyDef> bodies) {
    std::size_t shapes = 0;
    for (const BodyDef& def : bodies) {
        shapes += def.shapes.size();
    }
    reserve(static_cast<int>(bodies.size()), static_cast<int>(shapes));
}

void World::createProxies(int bodySlot) {
    const BodySim& b = m_bodies[static_cast<std::size_t>(bodySlot)];
    for (const int s : m_bodyInfo[static_cast<std::size_t>(bodySlot)].shapeSlots()) {
        ShapeSim& shape = m_shapes[static_cast<std::size_t>(s)];
        shape.aabb = boundsOf(viewOf(shape, *m_polygons), b.xf);
        shape.proxy = m_broadPhase->createProxy(shape.aabb, s);
        shape.fatAABB = m_broadPhase->fatAABB(shape.proxy);
        if (b.type != BodyType::Dynamic) {
            shape.fixedProxy = m_fixedTree->createProxy(shape.aabb, s);
        }
    }
}

void World::destroyProxies(int bodySlot) {
    for (const int s : m_bodyInfo[static_cast<std::size_t>(bodySlot)].shapeSlots()) {
        ShapeSim& shape = m_shapes[static_cast<std::size_t>(s)];
        if (shape.proxy >= 0) {
            m_broadPhase->destroyProxy(shape.proxy);
            shape.proxy = -1;
        }
        if (shape.fixedProxy >= 0) {
            m_fixedTree->destroyProxy(shape.fixedProxy);
            shape.fixedProxy = -1;
        }
    }
}

void World::destroyContact(int contactIndex) {
    const auto ci = static_cast<std::size_t>(contactIndex);
    if (m_contacts[ci].touching >= 0) {
        releaseTouching(contactIndex);
    }
    m_contactMap->erase(pairKey(m_contacts[ci].shapeA, m_contacts[ci].shapeB), m_contacts);
    const std::size_t last = m_contacts.size() - 1;
    if (ci != last) {
        m_contacts[ci] = m_contacts[last];
        m_contactMap->move(pairKey(m_contacts[ci].shapeA, m_contacts[ci].shapeB), contactIndex, m_contacts);
        if (m_contacts[ci].touching >= 0) {
            m_touching[static_cast<std::size_t>(m_contacts[ci].touching)].pair = contactIndex;
        }
    }
    m_contacts.pop_back();
}

void World::addTouching(int contactIndex, const Manifold& m) {
    // A pair without a record had no points last step: nothing to warm start from (zero impulses, not
    // persisted), as updateContact() gives a new point that matches no old one.
    TouchingSim t;
    t.setManifold(m);
    t.pair = contactIndex;
    t.friction = frictionOf(m_contacts[static_cast<std::size_t>(contactIndex)], m_shapes);
    m_contacts[static_cast<std::size_t>(contactIndex)].touching =
        static_cast<std::int32_t>(m_touching.size());
    m_touching.push_back(t);
}

void World::releaseTouching(int contactIndex) {
    ContactSim& c = m_contacts[static_cast<std::size_t>(contactIndex)];
    const auto ti = static_cast<std::size_t>(c.touching);
    const std::size_t last = m_touching.size() - 1;
    if (ti != last) {
        m_touching[ti] = m_touching[last];
        m_contacts[static_cast<std::size_t>(m_touching[ti].pair)].touching = c.touching;
    }
    m_touching.pop_back();
    c.touching = -1;
}

void World::destroyContactsOf(int bodySlot) {
    for (int i = static_cast<int>(m_contacts.size()) - 1; i >= 0; --i) {
        const ContactSim& c = m_contacts[static_cast<std::size_t>(i)];
        if (c.bodyA == bodySlot || c.bodyB == bodySlot) {
            destroyContact(i);
        }
    }
}

bool World::removeBody(BodyId id) {
    const int slot = slotOf(id);
    if (slot < 0) {
        return false;
    }
    // Wake the bodies it touched: they lose their support.
    for (const ContactSim& c : m_contacts) {
        if (c.bodyA == slot || c.bodyB == slot) {
            wake(c.bodyA == slot ? c.bodyB : c.bodyA);
        }
    }
    destroyContactsOf(slot);
    destroyProxies(slot);
    const auto si = static_cast<std::size_t>(slot);
    for (int s : m_bodyInfo[si].shapeSlots()) {
        ShapeSim& shape = m_shapes[static_cast<std::size_t>(s)];
        if (!shape.isCircle()) {
            m_polygons->release(shape.polygon);
        }
        shape = ShapeSim{};
        m_freeShapes.push_back(s);
    }
    compactPolygons();
    m_bodyInfo[si].clearShapes();
    m_bodyInfo[si].name.clear();
    m_bodies[si] = BodySim{};
    m_freeBodies.push_back(slot);
    --m_bodyCount;
    m_impulseSolver->reset();
    if (m_verletSolver) {
        m_verletSolver->reset();
    }
    return true;
}

void World::clear() {
    for (const BodyId id : bodyIds()) {
        removeBody(id);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Accessors

namespace {
const std::string kEmptyName;
const BodySim kDefaultBody;
} // namespace

const std::string& World::name(BodyId id) const {
    const int s = slotOf(id);
    assert(s >= 0);
    return s < 0 ? kEmptyName : m_bodyInfo[static_cast<std::size_t>(s)].name;
}

const BodySim& World::bodySim(BodyId id) const {
    const int s = slotOf(id);
    assert(s >= 0);
    return s < 0 ? kDefaultBody : m_bodies[static_cast<std::size_t>(s)];
}

BodyType World::type(BodyId id) const {
    return bodySim(id).type;
}
Transform World::transform(BodyId id) const {
    return bodySim(id).xf;
}
Vec2 World::position(BodyId id) const {
    return bodySim(id).xf.p;
}
double World::angle(BodyId id) const {
    return bodySim(id).xf.q.angle();
}
Vec2 World::worldCenter(BodyId id) const {
    return bodySim(id).center;
}
Vec2 World::localCenter(BodyId id) const {
    return bodySim(id).localCenter;
}
Vec2 World::linearVelocity(BodyId id) const {
    return bodySim(id).linearVelocity;
}
double World::angularVelocity(BodyId id) const {
    return bodySim(id).angularVelocity;
}
bool World::isBullet(BodyId id) const {
    return bodySim(id).bullet;
}
bool World::isAwake(BodyId id) const {
    return bodySim(id).awake;
}
bool World::isEnabled(BodyId id) const {
    return bodySim(id).enabled;
}

Vec2 World::velocityAtPoint(BodyId id, Vec2 worldPoint) const {
    const BodySim& b = bodySim(id);
    return b.linearVelocity + cross(b.angularVelocity, worldPoint - b.center);
}

MassData World::massData(BodyId id) const {
    const BodySim& b = bodySim(id);
    return MassData{b.type == BodyType::Dynamic ? b.mass : 0.0, b.localCenter,
                    b.type == BodyType::Dynamic ? b.inertia : 0.0};
}

int World::shapeCount(BodyId id) const {
    const int s = slotOf(id);
    return s < 0 ? 0 : static_cast<int>(m_bodyInfo[static_cast<std::size_t>(s)].shapeSlots().size());
}

ShapeDef World::shape(BodyId id, int shapeIndex) const {
    const int s = slotOf(id);
    assert(s >= 0 && shapeIndex >= 0 && shapeIndex < shapeCount(id));
    if (s < 0 || shapeIndex < 0 || shapeIndex >= shapeCount(id)) {
        return ShapeDef{};
    }
    const ShapeSim& sh = m_shapes[static_cast<std::size_t>(
        m_bodyInfo[static_cast<std::size_t>(s)].shapeSlots()[static_cast<std::size_t>(shapeIndex)])];
    ShapeDef def;
    if (sh.isCircle()) {
        def.geometry = sh.circle;
    } else {
        def.geometry = Polygon::copyOf(polygonOf(sh, *m_polygons));
    }
    def.density = sh.density;
    def.friction = sh.friction;
    def.restitution = sh.restitution;
    return def;
}

AABB World::shapeAABB(BodyId id, int shapeIndex) const {
    const int s = slotOf(id);
    if (s < 0 || shapeIndex < 0 || shapeIndex >= shapeCount(id)) {
        return AABB{};
    }
    const ShapeSim& sh = m_shapes[static_cast<std::size_t>(
        m_bodyInfo[static_cast<std::size_t>(s)].shapeSlots()[static_cast<std::size_t>(shapeIndex)])];
    return boundsOf(viewOf(sh, *m_polygons), m_bodies[static_cast<std::size_t>(s)].xf);
}

AABB World::bodyAABB(BodyId id) const {
    const int n = shapeCount(id);
    if (n == 0) {
        const Vec2 p = position(id);
        return AABB{p, p};
    }
    AABB box = shapeAABB(id, 0);
    for (int k = 1; k < n; ++k) {
        box = combine(box, shapeAABB(id, k));
    }
    return box;
}

BodyDef World::bodyDef(BodyId id) const {
    BodyDef def;
    const int s = slotOf(id);
    if (s < 0) {
        return def;
    }
    const BodySim& b = m_bodies[static_cast<std::size_t>(s)];
    def.name = m_bodyInfo[static_cast<std::size_t>(s)].name;
    def.type = b.type;
    def.position = b.xf.p;
    def.angle = b.xf.q.angle();
    def.linearVelocity = b.linearVelocity;
    def.angularVelocity = b.angularVelocity;
    def.bullet = b.bullet;
    const int n = shapeCount(id);
    def.shapes.reserve(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
        def.shapes.push_back(shape(id, k));
    }
    return def;
}

// ---------------------------------------------------------------------------------------------------------------
// Mutators

void World::wake(int bodySlot) {
    if (bodySlot < 0) {
        return;
    }
    BodySim& b = m_bodies[static_cast<std::size_t>(bodySlot)];
    if (b.alive && b.type != BodyType::Static) {
        b.awake = true;
        b.sleepTime = 0.0;
    }
}

void World::refreshShapes(int bodySlot, Vec2 displacement) {
    updateShapeBounds(bodySlot);
    moveShapeProxies(bodySlot, displacement);
}

void World::updateShapeBounds(int bodySlot) {
    const BodySim& b = m_bodies[static_cast<std::size_t>(bodySlot)];
    for (int s : m_bodyInfo[static_cast<std::size_t>(bodySlot)].shapeSlots()) {
        ShapeSim& shape = m_shapes[static_cast<std::size_t>(s)];
        shape.aabb = boundsOf(viewOf(shape, *m_polygons), b.xf);
    }
}

AABB World::proxyBox(const BodySim& b, const ShapeSim& shape) const {
    // Continuous collision: the proxy covers the sweep of the next step (v dt), so a fast body meets what
    // lies ahead of it in the broad phase and gets speculative contacts in the narrow phase.
    if (m_settings.continuous && b.type != BodyType::Static) {
        const Vec2 ahead = m_settings.timeStep * b.linearVelocity;
        return combine(shape.aabb, AABB{shape.aabb.lower + ahead, shape.aabb.upper + ahead});
    }
    return shape.aabb;
}

bool World::proxiesStillFit(int bodySlot, Vec2 displacement) const {
    const BodySim& b = m_bodies[static_cast<std::size_t>(bodySlot)];
    for (int s : m_bodyInfo[static_cast<std::size_t>(bodySlot)].shapeSlots()) {
        const ShapeSim& shape = m_shapes[static_cast<std::size_t>(s)];
        if (shape.fixedProxy >= 0) {
            return false; // kept in a second tree with its own boxes: moved every time
        }
        if (shape.proxy >= 0 && !m_broadPhase->stillFits(shape.fatAABB, proxyBox(b, shape), displacement)) {
            return false;
        }
    }
    return true;
}

void World::moveShapeProxies(int bodySlot, Vec2 displacement) {
    const BodySim& b = m_bodies[static_cast<std::size_t>(bodySlot)];
    for (int s : m_bodyInfo[static_cast<std::size_t>(bodySlot)].shapeSlots()) {
        ShapeSim& shape = m_shapes[static_cast<std::size_t>(s)];
        const AABB box = proxyBox(b, shape);
        if (shape.proxy >= 0) {
            m_broadPhase->moveProxy(shape.proxy, box, displacement);
            shape.fatAABB = m_broadPhase->fatAABB(shape.proxy);
        }
        if (shape.fixedProxy >= 0) {
            m_fixedTree->moveProxy(shape.fixedProxy, box, displacement);
        }
    }
}

void World::setTransform(BodyId id, Vec2 position, double angle) {
    const int s = slotOf(id);
    if (s < 0 || !isFinite(position) || !std::isfinite(angle) || std::abs(position.x) > kMaxWorldCoordinate ||
        std::abs(position.y) > kMaxWorldCoordinate) {
        return;
    }
    BodySim& b = m_bodies[static_cast<std::size_t>(s)];
    const Vec2 oldCenter = b.center;
    b.xf = Transform{position, Rot(angle)};
    b.center = transformPoint(b.xf, b.localCenter);
    b.center0 = b.center;
    b.q0 = b.xf.q;
    if (!b.enabled) {
        // A hand-placed escaped body comes back: new proxies, simulated again.
        b.enabled = true;
        createProxies(s);
    } else {
        refreshShapes(s, b.center - oldCenter);
    }
    // Teleported: the old impulses no longer describe the contacts.
    for (const ContactSim& c : m_contacts) {
        if (c.bodyA == s || c.bodyB == s) {
            if (c.touching >= 0) {
                m_touching[static_cast<std::size_t>(c.touching)].clearImpulses();
            }
            wake(c.bodyA);
            wake(c.bodyB);
        }
    }
    wake(s);
}

void World::setLinearVelocity(BodyId id, Vec2 velocity) {
    const int s = slotOf(id);
    if (s < 0 || !isFinite(velocity) || m_bodies[static_cast<std::size_t>(s)].type == BodyType::Static) {
        return;
    }
    m_bodies[static_cast<std::size_t>(s)].linearVelocity = velocity;
    wake(s);
}

void World::setAngularVelocity(BodyId id, double omega) {
    const int s = slotOf(id);
    if (s < 0 || !std::isfinite(omega) || m_bodies[static_cast<std::size_t>(s)].type == BodyType::Static) {
        return;
    }
    m_bodies[static_cast<std::size_t>(s)].angularVelocity = omega;
    wake(s);
}

void World::applyForce(BodyId id, Vec2 force, Vec2 worldPoint) {
    const int s = slotOf(id);
    if (s < 0 || !isFinite(force) || !isFinite(worldPoint) ||
        m_bodies[static_cast<std::size_t>(s)].type != BodyType::Dynamic) {
        return;
    }
    BodySim& b = m_bodies[static_cast<std::size_t>(s)];
    b.force += force;
    b.torque += cross(worldPoint - b.center, force);
    wake(s);
}

void World::applyForceToCenter(BodyId id, Vec2 force) {
    const int s = slotOf(id);
    if (s < 0 || !isFinite(force) || m_bodies[static_cast<std::size_t>(s)].type != BodyType::Dynamic) {
        return;
    }
    m_bodies[static_cast<std::size_t>(s)].force += force;
    wake(s);
}

void World::applyTorque(BodyId id, double torque) {
    const int s = slotOf(id);
    if (s < 0 || !std::isfinite(torque) || m_bodies[static_cast<std::size_t>(s)].type != BodyType::Dynamic) {
        return;
    }
    m_bodies[static_cast<std::size_t>(s)].torque += torque;
    wake(s);
}

void World::applyLinearImpulse(BodyId id, Vec2 impulse, Vec2 worldPoint) {
    const int s = slotOf(id);
    if (s < 0 || !isFinite(impulse) || !isFinite(worldPoint) ||
        m_bodies[static_cast<std::size_t>(s)].type != BodyType::Dynamic) {
        return;
    }
    BodySim& b = m_bodies[static_cast<std::size_t>(s)];
    b.linearVelocity += b.invMass * impulse;
    b.angularVelocity += b.invInertia * cross(worldPoint - b.center, impulse);
    wake(s);
}

void World::applyAngularImpulse(BodyId id, double impulse) {
    const int s = slotOf(id);
    if (s < 0 || !std::isfinite(impulse) || m_bodies[static_cast<std::size_t>(s)].type != BodyType::Dynamic) {
        return;
    }
    BodySim& b = m_bodies[static_cast<std::size_t>(s)];
    b.angularVelocity += b.invInertia * impulse;
    wake(s);
}

void World::setBullet(BodyId id, bool bullet) {
    const int s = slotOf(id);
    if (s >= 0) {
        m_bodies[static_cast<std::size_t>(s)].bullet = bullet;
    }
}

void World::setAwake(BodyId id, bool awake) {
    const int s = slotOf(id);
    if (s < 0) {
        return;
    }
    BodySim& b = m_bodies[static_cast<std::size_t>(s)];
    if (awake) {
        wake(s);
    } else if (b.type != BodyType::Static) {
        b.awake = false;
        b.sleepTime = kTimeToSleep;
        b.linearVelocity = {};
        b.angularVelocity = 0.0;
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Step

void World::addPair(int proxyA, int proxyB) {
    const int shapeA = static_cast<int>(m_broadPhase->userData(proxyA));
    const int shapeB = static_cast<int>(m_broadPhase->userData(proxyB));
    const ShapeSim& sa = m_shapes[static_cast<std::size_t>(shapeA)];
    const ShapeSim& sb = m_shapes[static_cast<std::size_t>(shapeB)];
    if (sa.body == sb.body) {
        return;
    }
    const BodySim& ba = m_bodies[static_cast<std::size_t>(sa.body)];
    const BodySim& bb = m_bodies[static_cast<std::size_t>(sb.body)];
    if (ba.type != BodyType::Dynamic && bb.type != BodyType::Dynamic) {
        return;
    }
    if (!ba.enabled || !bb.enabled) {
        return;
    }
    const std::uint64_t key = pairKey(shapeA, shapeB);
    if (!m_contactMap->insert(key, static_cast<int>(m_contacts.size()), m_contacts)) {
        return;
    }
    // Shape order in the contact: the lower shape slot is A (deterministic).
    ContactSim c;
    c.shapeA = std::min(shapeA, shapeB);
    c.shapeB = std::max(shapeA, shapeB);
    c.bodyA = m_shapes[static_cast<std::size_t>(c.shapeA)].body;
    c.bodyB = m_shapes[static_cast<std::size_t>(c.shapeB)].body;
    reserveForSize(m_contacts, m_contacts.size() + 1);
    m_contacts.push_back(c);
}

void World::updateContacts() {
    // Narrow phase over the persistent contact list (Box2D 2.4 b2ContactManager::Collide):
    //   for each contact: drop it when the fat boxes no longer overlap; skip it when neither body moves;
    //   keep it, recycled, while the pair barely moved since its anchors were taken (recyclable());
    //   else new manifold; for each new point, find the old point with the same FeatureId::key() and carry
    //   its accumulated impulses over (warm starting), marking it persisted.
    // The manifolds are computed on the worker threads, each contact writing only its own touching record
    // (or, when it got points and has none yet, a slot of its worker's scratch); then this thread runs over
    // the contacts in index order, exactly as a single loop that did everything as it went would: it drops
    // the pairs whose boxes parted (the last contact moves into the hole; its new manifold does not depend
    // on where it is stored), releases the records of manifolds that lost their points and makes the records
    // of those that got some (from the scratch, or collided again when the scratch was full). So the
    // records' order depends on the contacts' order alone, never on the threads.
    // The report's contact figures are summed here too, while each manifold is in cache (fillReport() would
    // read every contact again): per range, then merged; sums and a maximum do not depend on the ranges.
    const int count = static_cast<int>(m_contacts.size());
    m_contactLinks.resize(static_cast<std::size_t>(count));
    m_newManifolds.resize(static_cast<std::size_t>(m_pool->threads()));
    for (std::vector<Manifold>& scratch : m_newManifolds) {
        scratch.reserve(kNewManifolds);
    }
    m_contactSummary = ContactSummary{};
    std::mutex merge;
    // 512 pairs a range: a recycled pair takes tens of nanoseconds, and finer ranges cost more in tasks
    // than they shared (a 20-row pyramid ran its narrow phase slower on two threads than on one).
    m_pool->forRanges(count, 512, [this, &merge](int begin, int end) {
        const int worker = m_pool->workerIndex();
        std::vector<Manifold>& scratch = m_newManifolds[static_cast<std::size_t>(worker)];
        ContactSummary local;
        for (int i = begin; i < end; ++i) {
            if (i + kPrefetchAhead < end) {
                prefetchContact(i + kPrefetchAhead);
            }
            if (i + kPrefetchAhead / 2 < end) {
                prefetchPolygons(i + kPrefetchAhead / 2);
            }
            m_contactLinks[static_cast<std::size_t>(i)] = updateContact(i, worker, scratch, local);
        }
        const std::lock_guard lock(merge);
        m_contactSummary.contacts += local.contacts;
        m_contactSummary.touching += local.touching;
        m_contactSummary.bouncing = m_contactSummary.bouncing || local.bouncing;
        m_contactSummary.points += local.points;
        m_contactSummary.newRecords += local.newRecords;
        m_contactSummary.maxPenetration = std::max(m_contactSummary.maxPenetration, local.maxPenetration);
    });
    m_contactSummary.valid = true;
    // The new records are pushed below a page at a time (World::m_touching, paged_array.h), after this pass
    // has released the records of the manifolds that lost their points: reserving for all the new ones first
    // added a page that the step's final count did not need. The records are the largest per-contact array
    // (256 bytes each): as a vector growing by a sixteenth, pyramid100's 10,005 had room for 10,641, and the
    // step that grew it held both arrays (5.3 MB); in pages of 64 the room is 10,048 and nothing is copied.
    for (int i = 0; i < static_cast<int>(m_contacts.size());) {
        ContactLink& link = m_contactLinks[static_cast<std::size_t>(i)];
        if (link.bodyA == kGoneLink) {
            link = m_contactLinks.back();
            m_contactLinks.pop_back();
            destroyContact(i);
            continue;
        }
        if (link.bodyA == kLostLink) {
            releaseTouching(i);
            link.bodyA = link.bodyB = kNoPointsLink;
        } else if (link.bodyA == kNewLink) {
            const ContactSim& c = m_contacts[static_cast<std::size_t>(i)];
            if (link.bodyB >= 0) {
                const std::vector<Manifold>& scratch = m_newManifolds[static_cast<std::size_t>(link.bodyB)];
                addTouching(i, scratch[static_cast<std::size_t>(link.fresh)]);
            } else {
                addTouching(i, collidePair(c)); // the same function of the same poses: the same manifold
            }
            link = {c.bodyA, c.bodyB, 1, static_cast<std::int16_t>(m_touching.back().pointCount)};
        }
        ++i;
    }
    for (std::vector<Manifold>& scratch : m_newManifolds) {
        scratch.clear();
    }
}

void World::prefetchContact(int index) const {
    const ContactSim& c = m_contacts[static_cast<std::size_t>(index)];
    const ShapeSim& sa = m_shapes[static_cast<std::size_t>(c.shapeA)];
    const ShapeSim& sb = m_shapes[static_cast<std::size_t>(c.shapeB)];
    __builtin_prefetch(&sa);
    __builtin_prefetch(&sb);
    __builtin_prefetch(&m_bodies[static_cast<std::size_t>(c.bodyA)]);
    __builtin_prefetch(&m_bodies[static_cast<std::size_t>(c.bodyB)]);
}

void World::prefetchPolygons(int index) const {
    // Where a shape's polygon record is, is known only once its ShapeSim has arrived: prefetchContact asked
    // for that line kPrefetchAhead contacts ahead, this asks for the records half as far ahead.
    const ContactSim& c = m_contacts[static_cast<std::size_t>(index)];
    const ShapeSim& sa = m_shapes[static_cast<std::size_t>(c.shapeA)];
    const ShapeSim& sb = m_shapes[static_cast<std::size_t>(c.shapeB)];
    if (!sa.isCircle()) {
        polygonOf(sa, *m_polygons).prefetch();
    }
    if (!sb.isCircle()) {
        polygonOf(sb, *m_polygons).prefetch();
    }
    // The pair's touching record (old feature ids and impulses, and the anchors that recycling reads): its
    // lines from first to last byte.
    if (c.touching >= 0) {
        prefetchRecord(m_touching[static_cast<std::size_t>(c.touching)]);
    }
}

bool World::recyclable(const TouchingSim& t, const BodySim& a, const BodySim& b) const {
    // Box2D v3's contact recycling (physics_world.c b2CollideTask, on by default there): a pair that has
    // barely moved relative to itself since its anchors were taken keeps its manifold, and the narrow phase
    // is skipped. Here it takes:
    //   the impulse solver's anchors for every point, in the points' order (keptLeverArms() takes them; the
    //   Verlet solver takes none, so it always gets fresh manifolds)
    //   neither body fast: (|v| + |w| maxExtent) dt within the speculative margin, the motion that the
    //   time-of-impact sweep also calls slow (v3 skips its fast bodies)
    //   anchorPoseHolds() with the bodies' farthest extents (v3's maxExtent; a static body's is 0)
    const int n = t.pointCount;
    if (!m_settings.recycleContacts || n == 0 || t.anchorCount != n) {
        return false;
    }
    for (int k = 0; k < n; ++k) {
        if (t.anchorKeys[k] != t.ids[k].key()) {
            return false;
        }
    }
    const double dt = m_settings.timeStep;
    if (!speedWithinMargin(a, dt) || !speedWithinMargin(b, dt)) {
        return false;
    }
    const double extent = std::max(a.type == BodyType::Static ? 0.0 : a.maxExtent,
                                   b.type == BodyType::Static ? 0.0 : b.maxExtent);
    return anchorPoseHolds(t, a, b, extent);
}

bool World::recycle(TouchingSim& t, const BodySim& a, const BodySim& b) {
    // Box2D v3's recycled manifold: the normal, the feature ids and the impulses stay; each point's anchors
    // turn with their bodies since they were taken, and its depth is the depth then less how far the two
    // carried points have moved apart along the normal (exact for a translation):
    //   dq = q q_then^-1 ; pA = cA + dqA anchorA ; pB = cB + dqB anchorB
    //   depth = depth_then - dot(pB - pA, n) ; point = (pA + pB) / 2 (midway, as the narrow phase's)
    // pB - pA is taken as (cB - cA) + (dqB anchorB - dqA anchorA): the centres' difference first, as v3 does,
    // against round-off far from the origin. A point carried past the speculative margin is one the narrow
    // phase would drop: then nothing is kept (false), and the pair is collided afresh.
    const Rot dqA = invMulRot(t.anchorQA, a.xf.q);
    const Rot dqB = invMulRot(t.anchorQB, b.xf.q);
    const Vec2 dc = b.center - a.center;
    const int n = t.pointCount;
    TouchingPoint carried[kMaxManifoldPoints];
    for (int k = 0; k < n; ++k) {
        const Vec2 rA = rotate(dqA, t.anchorA[k]);
        const Vec2 rB = rotate(dqB, t.anchorB(k));
        const Vec2 d = dc + (rB - rA);
        carried[k] = {a.center + rA + 0.5 * d, t.anchorDepth[k] - dot(d, t.normal)};
        if (carried[k].depth < -kSpeculativeDistance) {
            return false;
        }
    }
    for (int k = 0; k < n; ++k) {
        t.geometry[k] = carried[k];
    }
    t.persisted = static_cast<std::uint8_t>((1u << n) - 1u);
    t.recycled = 1;
    return true;
}

Manifold World::collidePair(const ContactSim& c) const {
    const ShapeSim& sa = m_shapes[static_cast<std::size_t>(c.shapeA)];
    const ShapeSim& sb = m_shapes[static_cast<std::size_t>(c.shapeB)];
    return collideShapes(viewOf(sa, *m_polygons), m_bodies[static_cast<std::size_t>(c.bodyA)].xf,
                         viewOf(sb, *m_polygons), m_bodies[static_cast<std::size_t>(c.bodyB)].xf,
                         m_settings.contactMethod, kSpeculativeDistance);
}

ContactLink World::updateContact(int index, int worker, std::vector<Manifold>& scratch,
                                 ContactSummary& summary) {
    const ContactSim& c = m_contacts[static_cast<std::size_t>(index)];
    const ShapeSim& sa = m_shapes[static_cast<std::size_t>(c.shapeA)];
    const ShapeSim& sb = m_shapes[static_cast<std::size_t>(c.shapeB)];
    const BodySim& ba = m_bodies[static_cast<std::size_t>(c.bodyA)];
    const BodySim& bb = m_bodies[static_cast<std::size_t>(c.bodyB)];
    // The shapes' copies of their proxies' fat boxes (kept equal by createProxies and moveShapeProxies)
    // instead of BroadPhase::testOverlap, which would read two tree nodes from far away in memory.
    if (!ba.enabled || !bb.enabled || sa.proxy < 0 || sb.proxy < 0 || !overlaps(sa.fatAABB, sb.fatAABB)) {
        return {kGoneLink, kGoneLink, 0};
    }
    constexpr ContactLink kNoPoints{kNoPointsLink, kNoPointsLink, 0};
    TouchingSim* t = c.touching >= 0 ? &m_touching[static_cast<std::size_t>(c.touching)] : nullptr;
    // The report's figures of a manifold with points (depthOf(k): point k's depth).
    const bool bouncy = mixRestitution(sa.restitution, sb.restitution) != 0.0;
    const auto count = [&summary, bouncy](int pointCount, auto depthOf) {
        ++summary.contacts;
        summary.points += pointCount;
        bool touching = false;
        for (int k = 0; k < pointCount; ++k) {
            touching = touching || depthOf(k) > 0.0;
            summary.maxPenetration = std::max(summary.maxPenetration, depthOf(k));
        }
        summary.touching += touching ? 1 : 0;
        summary.bouncing = summary.bouncing || bouncy;
    };
    // A pair with its record: its figures, and its link to the solver (the bodies, and whether no point
    // touched last step).
    const auto touchingLink = [&c, &count](const TouchingSim& record) {
        count(record.pointCount, [&record](int k) { return record.geometry[k].depth; });
        return ContactLink{c.bodyA, c.bodyB, static_cast<std::int16_t>(record.persisted == 0 ? 1 : 0),
                           static_cast<std::int16_t>(record.pointCount)};
    };
    const bool activeA = ba.awake && ba.type != BodyType::Static;
    const bool activeB = bb.awake && bb.type != BodyType::Static;
    if (!activeA && !activeB) {
        // Both asleep (or asleep and static): the old manifold still holds.
        return t ? touchingLink(*t) : kNoPoints;
    }
    // Speculative contacts (Catto, "Continuous Collision", GDC 2013; Box2D v3): a pair closer than a small
    // fixed margin gets points with negative depth, and the solver lets it close only the gap. The margin is
    // never widened by speed: a corner far off the path would get a constraint along the corner-to-body
    // direction and deflect a body that passes it (a ghost collision). Fast bodies are caught by the
    // time-of-impact sweep instead (solveContinuous).
    if (!overlaps(fatten(sa.aabb, kSpeculativeDistance), sb.aabb)) {
        return t ? ContactLink{kLostLink, kLostLink, 0} : kNoPoints;
    }
    if (t != nullptr && recyclable(*t, ba, bb) && recycle(*t, ba, bb)) {
        return touchingLink(*t);
    }
    const Manifold m = collidePair(c);
    if (m.pointCount == 0) {
        return t ? ContactLink{kLostLink, kLostLink, 0} : kNoPoints;
    }
    if (t == nullptr) {
        // No points last step: nothing to warm start from. The serial pass makes the record, from the
        // scratch while it has room (reserved: no allocation here), else by colliding the pair again.
        count(m.pointCount, [&m](int k) { return m.points[k].depth; });
        ++summary.newRecords;
        if (scratch.size() == scratch.capacity()) {
            return {kNewLink, -1, 0};
        }
        scratch.push_back(m);
        return {kNewLink, worker, static_cast<std::int16_t>(scratch.size() - 1)}; // < kNewManifolds
    }
    ContactPointSim fresh[kMaxManifoldPoints];
    std::uint8_t persisted = 0;
    for (int k = 0; k < m.pointCount; ++k) {
        const std::uint32_t key = m.points[k].id.key();
        for (int j = 0; j < t->pointCount; ++j) {
            if (t->ids[j].key() == key) {
                persisted = static_cast<std::uint8_t>(persisted | (1u << k));
                if (m_settings.warmStarting) {
                    fresh[k].normalImpulse = t->points[j].normalImpulse;
                    fresh[k].tangentImpulse = t->points[j].tangentImpulse;
                }
                break;
            }
        }
    }
    t->setManifold(m);
    t->persisted = persisted;
    t->recycled = 0;
    for (int k = 0; k < kMaxManifoldPoints; ++k) {
        t->points[k] = fresh[k];
    }
    return touchingLink(*t);
}

const StepReport& World::step() {
    return step(nullptr);
}

void World::collectAwake() {
    // The simulated bodies' slots in ascending order, and each one's pose at the start of the step. On the
    // worker threads, in fixed chunks of slots: each chunk writes its bodies' slots from its own start in
    // m_awake and counts them, then this thread closes the gaps in chunk order. The list does not depend on
    // the thread count. As one serial pass over every body record it was 3 % of manypyramids' step on the
    // first of two threads, with the second idle.
    constexpr int kChunk = 1024;
    const int slots = static_cast<int>(m_bodies.size());
    const int chunks = (slots + kChunk - 1) / kChunk;
    resizeForSize(m_motion, m_bodies.size());
    resizeForSize(m_awake, m_bodies.size());
    resizeForSize(m_chunkCounts, static_cast<std::size_t>(chunks));
    m_pool->forRanges(chunks, 1, [this, slots](int begin, int end) {
        for (int c = begin; c < end; ++c) {
            int count = 0;
            int* out = m_awake.data() + c * kChunk;
            for (int i = c * kChunk; i < std::min(slots, (c + 1) * kChunk); ++i) {
                BodySim& b = m_bodies[static_cast<std::size_t>(i)];
                if (b.isSimulated()) {
                    b.center0 = b.center;
                    b.q0 = b.xf.q;
                    m_motion[static_cast<std::size_t>(i)] = Motion::Unknown;
                    out[count++] = i;
                }
            }
            m_chunkCounts[static_cast<std::size_t>(c)] = count;
        }
    });
    std::size_t awake = 0;
    for (int c = 0; c < chunks; ++c) {
        const auto count = static_cast<std::size_t>(m_chunkCounts[static_cast<std::size_t>(c)]);
        const auto from = static_cast<std::size_t>(c) * kChunk;
        if (awake != from) { // leftwards: std::copy allows an overlap whose destination starts first
            std::copy(m_awake.begin() + static_cast<std::ptrdiff_t>(from),
                      m_awake.begin() + static_cast<std::ptrdiff_t>(from + count),
                      m_awake.begin() + static_cast<std::ptrdiff_t>(awake));
        }
        awake += count;
    }
    m_awake.resize(awake);
}

const StepReport& World::step(SolverTrace* trace) {
    const unsigned flags = m_reportFlags;
    const Clock::time_point t0 = Clock::now();
    const double dt = m_settings.timeStep;

    // Broad phase: new candidate pairs from the proxies that moved (proxies were moved at the end of the last
    // step, or by setTransform / createBody).
    m_broadPhase->updatePairs([this](int a, int b) { addPair(a, b); }, m_pool.get());
    const Clock::time_point t1 = Clock::now();
    // Cancelled (setCancelFlag): stop here; the owner drops this World.
    const auto cancelled = [this] {
        return m_cancel && m_cancel->load(std::memory_order_relaxed);
    };
    if (cancelled()) {
        return m_report;
    }

    // Narrow phase.
    updateContacts();
    const Clock::time_point t2 = Clock::now();
    if (cancelled()) {
        return m_report;
    }

    // Solve.
    collectAwake();
    SolverContext context;
    context.settings = &m_settings;
    context.world = this;
    context.timeStep = dt;
    context.bodies = m_bodies;
    context.shapes = m_shapes;
    context.polygons = m_polygons.get();
    context.contacts = m_contacts;
    context.touching = m_touching;
    context.contactLinks = m_contactLinks;
    context.contactsBounce = m_contactSummary.bouncing;
    context.awakeBodies = m_awake;
    if (m_settings.continuous) {
        context.motion = m_motion;
    }
    context.pool = m_pool.get();
    context.trace = trace;
    if (trace != nullptr) {
        trace->clear();
    }
    ContactSolver* solver = m_impulseSolver.get();
    if (m_settings.solver == SolverKind::Verlet && m_verletSolver) {
        solver = m_verletSolver.get();
    }
    solver->step(context);
    solveContinuous();
    const Clock::time_point t3 = Clock::now();

    // Finalise: origins, bounds, escapes, forces, sleep.
    m_report.escaped.clear();
    finalizeBodies();
    if (m_settings.sleep) {
        updateSleep();
    }
    m_time += dt;
    ++m_stepCount;
    const Clock::time_point t4 = Clock::now();

    fillReport(m_report, flags);
    if (flags & kReportTimings) {
        m_report.timings.broadphase = seconds(t0, t1);
        m_report.timings.narrowphase = seconds(t1, t2);
        m_report.timings.solve = seconds(t2, t3);
        m_report.timings.integrate = seconds(t3, t4);
        m_report.timings.total = seconds(t0, Clock::now());
    } else {
        m_report.timings = StepTimings{};
    }
    return m_report;
}

void World::computeExtents(BodySim& body, std::span<const int> shapes) const {
    // Box2D v3 b2ComputeShapeExtent: for a polygon, the smallest distance from the centre of mass to an edge
    // line (its thickness from there) and the largest to a vertex; for a circle, its radius and the distance
    // to its far rim.
    double minExtent = std::numeric_limits<double>::infinity();
    double maxExtent = 0.0;
    for (const int s : shapes) {
        const ShapeSim& shape = m_shapes[static_cast<std::size_t>(s)];
        if (shape.isCircle()) {
            const Circle* circle = &shape.circle;
            minExtent = std::min(minExtent, circle->radius);
            maxExtent = std::max(maxExtent, length(circle->center - body.localCenter) + circle->radius);
            continue;
        }
        const PolygonView polygon = polygonOf(shape, *m_polygons);
        double inner = std::numeric_limits<double>::infinity();
        for (int i = 0; i < polygon.count(); ++i) {
            const Vec2 v = polygon.vertex(i);
            inner = std::min(inner, dot(polygon.normal(i), v - polygon.centroid()));
            maxExtent = std::max(maxExtent, length(v - body.localCenter));
        }
        minExtent = std::min(minExtent, inner);
    }
    body.minExtent = std::isfinite(minExtent) ? minExtent : 0.0;
    body.maxExtent = maxExtent;
}

void World::solveContinuous() {
    // Continuous collision by time of impact (Catto, "Continuous Collision", GDC 2013; Box2D v3
    // b2SolveContinuous):
    //   a dynamic body is swept when it moved more than the speculative margin this step: a slower body
    //   cannot close a gap wider than the margin, and a narrower gap already has a speculative contact.
    //   (Box2D v3 sweeps only bodies that move half their smallest extent, against tunnelling; sweeping from
    //   the margin on also puts every impact at the surface, which an exact bounce needs.) For each, in slot
    //   order:
    //     swept box of each shape = its box at the start of the step joined with its box at the end
    //     for each shape in the broad phase under that box: static and kinematic always, dynamic non-bullets
    //     only when the fast body is a bullet
    //       t = time of impact of the two sweeps; the smallest t over all of them
    //       a sweep that starts touching (t = 0) is retried with a small disc at the shape's centroid, so a
    //       body touching one thing can still not pass through another
    //     t < 1: the body is put back at its pose at t, keeping its velocity; next step's speculative contact
    //     stops it there
    //   Non-bullets first (they only see static and kinematic bodies, whose motion is already final), then
    //   bullets against everybody's final poses: the result does not depend on the order of the bodies.
    if (!m_settings.continuous) {
        return;
    }
    const double dt = m_settings.timeStep;
    // Which bodies are fast (motionOf()): the impulse solver classified its bodies as it wrote them back
    // (SolverContext::motion), while their lines were in cache; a separate pass over them here took 3 % of
    // manypyramids' step. The bodies left Unknown (the Verlet solver's) are classified here, on the worker
    // threads (each writes its own byte). Then the lists, in slot order, on this thread.
    const auto unknown = [this](int slot) {
        return m_motion[static_cast<std::size_t>(slot)] == Motion::Unknown;
    };
    if (std::any_of(m_awake.begin(), m_awake.end(), unknown)) {
        m_pool->forRanges(static_cast<int>(m_awake.size()), 1024, [this, dt](int begin, int end) {
            for (int k = begin; k < end; ++k) {
                const auto slot = static_cast<std::size_t>(m_awake[static_cast<std::size_t>(k)]);
                if (m_motion[slot] == Motion::Unknown) {
                    m_motion[slot] = motionOf(m_bodies[slot], dt);
                }
            }
        });
    }
    m_fastBodies.clear();
    for (const int slot : m_awake) {
        if (m_motion[static_cast<std::size_t>(slot)] == Motion::Fast) {
            m_fastBodies.push_back(slot);
        }
    }
    const std::size_t bulletStart = m_fastBodies.size();
    for (const int slot : m_awake) {
        if (m_motion[static_cast<std::size_t>(slot)] == Motion::FastBullet) {
            m_fastBodies.push_back(slot);
        }
    }
    // Each sweep moves only its own body and reads only bodies whose motion is final (see above), so the
    // sweeps of one pass run on the worker threads in any order.
    const int fast = static_cast<int>(m_fastBodies.size());
    const int slow = static_cast<int>(bulletStart); // the non-bullets come first
    m_pool->forRanges(slow, 8, [this](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            sweepBody(m_fastBodies[static_cast<std::size_t>(k)], false);
        }
    });
    m_pool->forRanges(fast - slow, 8, [this, slow](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            sweepBody(m_fastBodies[static_cast<std::size_t>(slow + k)], true);
        }
    });
}

void World::sweepBody(int slot, bool bullet) {
    BodySim& b = m_bodies[static_cast<std::size_t>(slot)];
    // The sweep (its angle is an atan2) and each shape's distance proxy are made only once the swept box
    // meets a shape: most fast bodies, falling through open space, meet none (in the first 100 steps of the
    // rain scene 900 bodies a step are swept, and almost none finds a static shape under its box).
    // The start pose is sweepTransform(sweep, 0) to the bit: c1 + 0 (c2 - c1) = c1, and q1 turned by
    // Rot(0) = (1, 0) is q1.
    std::optional<Sweep> sweepMade;
    const auto sweepOf = [&]() -> const Sweep& {
        if (!sweepMade) {
            sweepMade = makeSweep(b.localCenter, b.center0, b.q0, b.center, b.xf.q);
        }
        return *sweepMade;
    };
    const Transform xfStart{b.center0 - rotate(b.q0, b.localCenter), b.q0};
    const Transform xfEnd{b.center - rotate(b.xf.q, b.localCenter), b.xf.q};
    double fraction = 1.0;
    for (const int s : m_bodyInfo[static_cast<std::size_t>(slot)].shapeSlots()) {
        const ShapeSim& shape = m_shapes[static_cast<std::size_t>(s)];
        const ShapeView view = viewOf(shape, *m_polygons);
        std::optional<DistanceProxy> proxyMade;
        const auto proxyOf = [&]() -> const DistanceProxy& {
            if (!proxyMade) {
                proxyMade = makeProxy(view);
            }
            return *proxyMade;
        };
        const AABB box = combine(boundsOf(view, xfStart), boundsOf(view, xfEnd));
        // A non-bullet meets only static and kinematic shapes: they have a tree of their own.
        const auto visit = [&](int otherShape) {
            const ShapeSim& other = m_shapes[static_cast<std::size_t>(otherShape)];
            if (other.body == slot) {
                return;
            }
            const BodySim& ob = m_bodies[static_cast<std::size_t>(other.body)];
            const bool canCollide = ob.type != BodyType::Dynamic || (bullet && !ob.bullet);
            if (!canCollide || !ob.enabled) {
                return;
            }
            // Bodies that moved this step are swept too; static and sleeping ones stand at their pose.
            const Sweep otherSweep = ob.isSimulated()
                                         ? makeSweep(ob.localCenter, ob.center0, ob.q0, ob.center, ob.xf.q)
                                         : fixedSweep(ob.xf, ob.localCenter);
            const DistanceProxy otherProxy = makeProxy(viewOf(other, *m_polygons));
            const Sweep& sweep = sweepOf();
            const ToiOutput out = timeOfImpact(otherProxy, otherSweep, proxyOf(), sweep, fraction);
            if (out.fraction > 0.0 && out.fraction < fraction) {
                fraction = out.fraction;
            } else if (out.fraction == 0.0) {
                DistanceProxy core;
                core.count = 1;
                core.points[0] = shape.circle.center; // a circle's centre or a polygon's centroid
                core.radius = 0.25 * b.minExtent;     // Box2D v3's core fraction
                const ToiOutput centre = timeOfImpact(otherProxy, otherSweep, core, sweep, fraction);
                if (centre.fraction > 0.0 && centre.fraction < fraction) {
                    fraction = centre.fraction;
                }
            }
        };
        if (bullet) {
            m_broadPhase->query(
                box, [&](int proxyId) { visit(static_cast<int>(m_broadPhase->userData(proxyId))); });
        } else {
            m_fixedTree->query(box,
                               [&](int proxyId) { visit(static_cast<int>(m_fixedTree->userData(proxyId))); });
        }
    }
    if (fraction < 1.0) { // a time of impact was found: the sweep was made
        const Sweep& sweep = sweepOf();
        const Transform xf = sweepTransform(sweep, fraction);
        b.xf.q = xf.q;
        b.center = sweep.c1 + fraction * (sweep.c2 - sweep.c1);
    }
}

namespace {

/// Escape and non-finite guard: a body far outside the world (or broken by a non-finite input that slipped
/// through) is reported and frozen rather than kept.
bool keptInWorld(const BodySim& b) {
    const bool finite = isFinite(b.center) && isFinite(b.linearVelocity) &&
                        std::isfinite(b.angularVelocity) && std::isfinite(b.xf.q.c) &&
                        std::isfinite(b.xf.q.s);
    return finite && std::abs(b.center.x) <= kEscapeBound && std::abs(b.center.y) <= kEscapeBound;
}

} // namespace

void World::finalizeBodies() {
    // Origins and shape boxes on the worker threads, each body its own; then, on this thread and in body
    // order as before, the escapes and the proxy moves, which change the trees.
    // Most bodies of a resting scene stay inside their fat boxes: the threads find those (a pure test on
    // the box the shape keeps), and the serial pass touches the trees only for the others.
    m_proxyMoves.resize(m_awake.size());
    m_pool->forRanges(static_cast<int>(m_awake.size()), 256, [this](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            const int i = m_awake[static_cast<std::size_t>(k)];
            BodySim& b = m_bodies[static_cast<std::size_t>(i)];
            std::uint8_t move = 1;
            if (keptInWorld(b)) {
                syncOriginFromCenter(b);
                updateShapeBounds(i);
                move = proxiesStillFit(i, b.center - b.center0) ? 0 : 1;
            }
            m_proxyMoves[static_cast<std::size_t>(k)] = move;
            b.force = {};
            b.torque = 0.0;
        }
    });
    for (std::size_t k = 0; k < m_awake.size(); ++k) {
        const int i = m_awake[k];
        if (m_proxyMoves[k] == 0) {
            continue; // kept in the world (tested above), every proxy still fits
        }
        BodySim& b = m_bodies[static_cast<std::size_t>(i)];
        if (!keptInWorld(b)) {
            const bool finite = isFinite(b.center) && std::isfinite(b.xf.q.c) && std::isfinite(b.xf.q.s) &&
                                isFinite(b.linearVelocity) && std::isfinite(b.angularVelocity);
            if (!finite) {
                b.center = b.center0;
                b.xf.q = Rot{};
            }
            b.enabled = false;
            b.linearVelocity = {};
            b.angularVelocity = 0.0;
            syncOriginFromCenter(b);
            destroyProxies(i);
            destroyContactsOf(i);
            m_report.escaped.push_back(idOfSlot(i));
            continue;
        }
        moveShapeProxies(i, b.center - b.center0);
    }
    // The forces are cleared above for the awake bodies, with their other writes; here for the rest (in a
    // settled scene most bodies are awake, and a second pass over them all cost a body's cache line each).
    std::size_t next = 0;
    for (int i = 0; i < static_cast<int>(m_bodies.size()); ++i) {
        if (next < m_awake.size() && m_awake[next] == i) {
            ++next;
            continue;
        }
        BodySim& b = m_bodies[static_cast<std::size_t>(i)];
        b.force = {};
        b.torque = 0.0;
    }
}

void World::updateSleep() {
    // Islands by union-find over touching contacts between dynamic bodies (Box2D 2.4 builds islands by a
    // depth first search over the contact graph; union-find gives the same partition):
    //   sleepTime(b) += dt if |v| < tol and |w| < tol else 0      (awake dynamic bodies)
    //   island sleeps when min over its bodies of sleepTime >= kTimeToSleep; otherwise all of it is awake
    // A moving kinematic body or static body does not join islands (it would chain the whole scene); touching
    // a moving kinematic body keeps a body awake.
    const double dt = m_settings.timeStep;
    const int n = static_cast<int>(m_bodies.size());
    m_islandParent.resize(static_cast<std::size_t>(n));
    m_islandMinSleep.assign(static_cast<std::size_t>(n), 1.0e300);
    for (int i = 0; i < n; ++i) {
        m_islandParent[static_cast<std::size_t>(i)] = i;
        BodySim& b = m_bodies[static_cast<std::size_t>(i)];
        if (!b.alive || !b.enabled || b.type == BodyType::Static || !b.awake) {
            continue;
        }
        const bool slow = lengthSquared(b.linearVelocity) <= kLinearSleepTolerance * kLinearSleepTolerance &&
                          std::abs(b.angularVelocity) <= kAngularSleepTolerance;
        b.sleepTime = slow ? b.sleepTime + dt : 0.0;
    }
    auto find = [this](int x) {
        while (m_islandParent[static_cast<std::size_t>(x)] != x) {
            int& p = m_islandParent[static_cast<std::size_t>(x)];
            p = m_islandParent[static_cast<std::size_t>(p)];
            x = p;
        }
        return x;
    };
    for (const ContactSim& c : m_contacts) {
        if (c.touching < 0) {
            continue;
        }
        BodySim& a = m_bodies[static_cast<std::size_t>(c.bodyA)];
        BodySim& b = m_bodies[static_cast<std::size_t>(c.bodyB)];
        if (a.type == BodyType::Dynamic && b.type == BodyType::Dynamic) {
            const int ra = find(c.bodyA);
            const int rb = find(c.bodyB);
            if (ra != rb) {
                m_islandParent[static_cast<std::size_t>(std::max(ra, rb))] = std::min(ra, rb);
            }
        } else if (a.type == BodyType::Kinematic || b.type == BodyType::Kinematic) {
            BodySim& kin = a.type == BodyType::Kinematic ? a : b;
            BodySim& dyn = a.type == BodyType::Kinematic ? b : a;
            if (lengthSquared(kin.linearVelocity) > 0.0 || kin.angularVelocity != 0.0) {
                dyn.sleepTime = 0.0;
            }
        }
    }
    for (int i = 0; i < n; ++i) {
        const BodySim& b = m_bodies[static_cast<std::size_t>(i)];
        if (b.alive && b.enabled && b.type != BodyType::Static) {
            double& m = m_islandMinSleep[static_cast<std::size_t>(find(i))];
            m = std::min(m, b.sleepTime);
        }
    }
    for (int i = 0; i < n; ++i) {
        BodySim& b = m_bodies[static_cast<std::size_t>(i)];
        if (!b.alive || !b.enabled || b.type == BodyType::Static) {
            continue;
        }
        const bool sleep = m_islandMinSleep[static_cast<std::size_t>(find(i))] >= kTimeToSleep;
        if (sleep) {
            b.awake = false;
            b.linearVelocity = {};
            b.angularVelocity = 0.0;
        } else if (!b.awake) {
            b.awake = true;
            b.sleepTime = 0.0;
        }
    }
}

ContactReport World::toReport(const ContactSim& c) const {
    ContactReport r;
    r.bodyA = idOfSlot(c.bodyA);
    r.bodyB = idOfSlot(c.bodyB);
    r.shapeIndexA = m_shapes[static_cast<std::size_t>(c.shapeA)].indexInBody;
    r.shapeIndexB = m_shapes[static_cast<std::size_t>(c.shapeB)].indexInBody;
    if (c.touching < 0) {
        return r;
    }
    const TouchingSim& t = m_touching[static_cast<std::size_t>(c.touching)];
    r.normal = t.normal;
    r.pointCount = t.pointCount;
    for (int k = 0; k < t.pointCount; ++k) {
        ContactPointReport& p = r.points[k];
        p.point = t.geometry[k].point;
        p.depth = t.geometry[k].depth;
        p.id = t.ids[k];
        p.normalImpulse = t.points[k].stepNormalImpulse;
        p.tangentImpulse = t.points[k].stepTangentImpulse;
        p.persisted = t.isPersisted(k);
    }
    r.recycled = t.recycled != 0;
    return r;
}

void World::fillReport(StepReport& report, unsigned flags) const {
    report.stepIndex = m_stepCount;
    report.time = m_time;
    report.contactCount = 0;
    report.touchingCount = 0;
    report.pointCount = 0;
    report.maxPenetration = 0.0;
    report.contacts.clear();
    // The narrow phase summed the contacts of this step; only the list, or a contact destroyed since (an
    // escaped body's), needs the walk over them.
    if (m_contactSummary.valid && !(flags & kReportContacts) && report.escaped.empty()) {
        report.contactCount = m_contactSummary.contacts;
        report.touchingCount = m_contactSummary.touching;
        report.pointCount = m_contactSummary.points;
        report.maxPenetration = m_contactSummary.maxPenetration;
    } else {
        for (const ContactSim& c : m_contacts) {
            if (c.touching < 0) {
                continue;
            }
            const TouchingSim& t = m_touching[static_cast<std::size_t>(c.touching)];
            ++report.contactCount;
            report.pointCount += t.pointCount;
            bool touching = false;
            for (int k = 0; k < t.pointCount; ++k) {
                const double d = t.geometry[k].depth;
                touching = touching || d > 0.0;
                report.maxPenetration = std::max(report.maxPenetration, d);
            }
            report.touchingCount += touching ? 1 : 0;
            if (flags & kReportContacts) {
                report.contacts.push_back(toReport(c));
            }
        }
    }
    // Counted on the worker threads (integer sums: the same for any thread count). As one serial pass over
    // every body record it was 2 % of manypyramids' step on the first of two threads, with the second idle.
    std::atomic<int> counts[2] = {0, 0}; // awake, sleeping
    m_pool->forRanges(static_cast<int>(m_bodies.size()), 2048, [this, &counts](int begin, int end) {
        int awake = 0;
        int sleeping = 0;
        for (int i = begin; i < end; ++i) {
            const BodySim& b = m_bodies[static_cast<std::size_t>(i)];
            if (b.alive && b.enabled && b.type != BodyType::Static) {
                (b.awake ? awake : sleeping) += 1;
            }
        }
        counts[0].fetch_add(awake, std::memory_order_relaxed);
        counts[1].fetch_add(sleeping, std::memory_order_relaxed);
    });
    report.awakeBodyCount = counts[0].load();
    report.sleepingBodyCount = counts[1].load();
    if (flags & kReportEnergy) {
        report.kineticEnergy = kineticEnergy();
        report.potentialEnergy = potentialEnergy();
        report.linearMomentum = linearMomentum();
        report.angularMomentum = angularMomentum();
    } else {
        report.kineticEnergy = report.potentialEnergy = report.angularMomentum = 0.0;
        report.linearMomentum = {};
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Queries

BodyId World::bodyAt(Vec2 worldPoint) const {
    for (int i = static_cast<int>(m_bodies.size()) - 1; i >= 0; --i) {
        const BodySim& b = m_bodies[static_cast<std::size_t>(i)];
        if (!b.alive) {
            continue;
        }
        const Vec2 local = invTransformPoint(b.xf, worldPoint);
        for (int s : m_bodyInfo[static_cast<std::size_t>(i)].shapeSlots()) {
            const ShapeSim& shape = m_shapes[static_cast<std::size_t>(s)];
            const bool inside = shape.isCircle() ? pointInCircle(shape.circle, local)
                                                 : pointInConvexPolygon(polygonOf(shape, *m_polygons), local);
            if (inside) {
                return idOfSlot(i);
            }
        }
    }
    return kNullBody;
}

std::vector<ContactReport> World::contacts() const {
    std::vector<ContactReport> out;
    for (const ContactSim& c : m_contacts) {
        if (c.touching >= 0) {
            out.push_back(toReport(c));
        }
    }
    return out;
}

double World::kineticEnergy() const {
    double e = 0.0;
    for (const BodySim& b : m_bodies) {
        if (b.alive && b.enabled && b.type == BodyType::Dynamic) {
            e += 0.5 * b.mass * lengthSquared(b.linearVelocity) +
                 0.5 * b.inertia * b.angularVelocity * b.angularVelocity;
        }
    }
    return e;
}

double World::potentialEnergy() const {
    double e = 0.0;
    for (const BodySim& b : m_bodies) {
        if (b.alive && b.enabled && b.type == BodyType::Dynamic) {
            e -= b.mass * dot(m_settings.gravity, b.center);
        }
    }
    return e;
}

Vec2 World::linearMomentum() const {
    Vec2 p;
    for (const BodySim& b : m_bodies) {
        if (b.alive && b.enabled && b.type == BodyType::Dynamic) {
            p += b.mass * b.linearVelocity;
        }
    }
    return p;
}

double World::angularMomentum() const {
    double l = 0.0;
    for (const BodySim& b : m_bodies) {
        if (b.alive && b.enabled && b.type == BodyType::Dynamic) {
            l += b.inertia * b.angularVelocity + b.mass * cross(b.center, b.linearVelocity);
        }
    }
    return l;
}

std::uint64_t World::stateHash() const {
    std::uint64_t h = 1469598103934665603ull;
    for (const BodySim& b : m_bodies) {
        if (!b.alive) {
            continue;
        }
        hashDouble(h, b.xf.p.x);
        hashDouble(h, b.xf.p.y);
        hashDouble(h, b.xf.q.c);
        hashDouble(h, b.xf.q.s);
        hashDouble(h, b.linearVelocity.x);
        hashDouble(h, b.linearVelocity.y);
        hashDouble(h, b.angularVelocity);
    }
    return h;
}

// --- copies ------------------------------------------------------------------------------------------------
// Deep copies: every array by value, the broadphase tree, the contact map and both solvers
// (ContactSolver::clone). A copy stepped N times is bit-identical to the original stepped N times (the app
// keeps copies as checkpoints to rebuild a past frame without replaying the whole run).

namespace {

template <class T> std::unique_ptr<T> copyOf(const std::unique_ptr<T>& p) {
    return p ? std::make_unique<T>(*p) : nullptr;
}

std::unique_ptr<ContactSolver> cloneOf(const std::unique_ptr<ContactSolver>& solver) {
    return solver ? solver->clone() : nullptr;
}

} // namespace

// A member added to World must be copied below too: this trips when the layout changes (x86-64 libstdc++),
// as a reminder to look here (and to update the number).
#if defined(__GLIBCXX__) && defined(__x86_64__)
static_assert(sizeof(World) == 864, "World changed: update World's copy constructor");
#endif

// Member by member: the arrays and scalars are values; the owned parts are copied deeply, so the copy
// shares nothing with the original.
World::World(const World& other)
    : m_settings(other.m_settings), m_reportFlags(other.m_reportFlags), m_bodies(other.m_bodies),
      m_bodyInfo(other.m_bodyInfo), m_freeBodies(other.m_freeBodies), m_bodyCount(other.m_bodyCount),
      m_shapes(other.m_shapes), m_freeShapes(other.m_freeShapes), m_polygons(copyOf(other.m_polygons)),
      m_broadPhase(copyOf(other.m_broadPhase)), m_fixedTree(copyOf(other.m_fixedTree)),
      m_contacts(other.m_contacts), m_touching(other.m_touching), m_newManifolds(other.m_newManifolds),
      m_contactMap(copyOf(other.m_contactMap)), m_awake(other.m_awake), m_fastBodies(other.m_fastBodies),
      m_motion(other.m_motion), m_islandParent(other.m_islandParent),
      m_islandMinSleep(other.m_islandMinSleep), m_impulseSolver(cloneOf(other.m_impulseSolver)),
      m_verletSolver(cloneOf(other.m_verletSolver)),
      m_pool(std::make_unique<TaskPool>(other.m_pool->threads())), m_contactLinks(other.m_contactLinks),
      m_contactSummary(other.m_contactSummary), m_proxyMoves(other.m_proxyMoves), m_report(other.m_report),
      m_time(other.m_time), m_stepCount(other.m_stepCount) {
    // m_cancel stays null: a copy is not cancelled with the original.
}

World& World::operator=(const World& other) {
    if (this != &other) {
        World copy(other);
        *this = std::move(copy);
    }
    return *this;
}

// ---------------------------------------------------------------------------------------------------------------
// Memory and snapshots

namespace {

template <class T> std::size_t heapBytes(const std::vector<T>& v) {
    return v.capacity() * sizeof(T);
}
template <class T, int PageBits> std::size_t heapBytes(const PagedArray<T, PageBits>& v) {
    return v.heapBytes();
}

/// Characters a string keeps on the heap: none while they fit in the string object (small-string
/// optimisation), else its capacity and the terminator.
std::size_t heapBytes(const std::string& text) {
    const auto* data = reinterpret_cast<const unsigned char*>(text.data());
    const auto* self = reinterpret_cast<const unsigned char*>(&text);
    const bool inside = data >= self && data < self + sizeof(std::string);
    return inside ? 0 : text.capacity() + 1;
}

} // namespace

std::size_t World::memoryBytes() const {
    std::size_t bytes = sizeof(World) + heapBytes(m_bodies) + heapBytes(m_bodyInfo) +
                        heapBytes(m_freeBodies) + heapBytes(m_shapes) + heapBytes(m_freeShapes) +
                        sizeof(PolygonStore) + m_polygons->memoryBytes() + heapBytes(m_contacts) +
                        heapBytes(m_touching) + heapBytes(m_awake) + heapBytes(m_fastBodies) +
                        heapBytes(m_motion) + heapBytes(m_islandParent) + heapBytes(m_islandMinSleep) +
                        heapBytes(m_contactLinks) + heapBytes(m_proxyMoves) + heapBytes(m_chunkCounts);
    for (const BodyInfo& info : m_bodyInfo) {
        bytes += heapBytes(info.name) + heapBytes(info.shapes);
    }
    bytes += heapBytes(m_newManifolds);
    for (const std::vector<Manifold>& scratch : m_newManifolds) {
        bytes += heapBytes(scratch);
    }
    bytes +=
        sizeof(BroadPhase) + m_broadPhase->memoryBytes() + sizeof(DynamicTree) + m_fixedTree->memoryBytes();
    bytes += sizeof(ContactMap) + heapBytes(m_contactMap->slots);
    for (const auto* solver : {m_impulseSolver.get(), m_verletSolver.get()}) {
        if (solver != nullptr) {
            bytes += solver->memoryBytes();
        }
    }
    bytes += heapBytes(m_report.contacts) + heapBytes(m_report.escaped);
    return bytes;
}

WorldSnapshot World::snapshot() const {
    auto copy = std::make_unique<World>(*this);
    copy->m_pool = std::make_unique<TaskPool>(1); // never stepped: no worker threads to keep
    WorldSnapshot out;
    out.m_world = std::move(copy);
    return out;
}

void World::restore(const WorldSnapshot& snapshot) {
    assert(!snapshot.empty());
    World copy(*snapshot.m_world);
    copy.m_pool = std::move(m_pool); // the thread count is the machine's, not the state's
    copy.m_cancel = m_cancel;
    *this = std::move(copy);
}

WorldSnapshot::WorldSnapshot() = default;
WorldSnapshot::~WorldSnapshot() = default;
WorldSnapshot::WorldSnapshot(WorldSnapshot&&) noexcept = default;
WorldSnapshot& WorldSnapshot::operator=(WorldSnapshot&&) noexcept = default;

std::int64_t WorldSnapshot::stepCount() const {
    return m_world ? m_world->stepCount() : 0;
}

double WorldSnapshot::time() const {
    return m_world ? m_world->time() : 0.0;
}

std::uint64_t WorldSnapshot::stateHash() const {
    return m_world ? m_world->stateHash() : 0;
}

std::size_t WorldSnapshot::memoryBytes() const {
    return m_world ? m_world->memoryBytes() : 0;
}

} // namespace phys
