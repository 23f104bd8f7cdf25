#pragma once
/// @file broadphase.h
/// The broad phase: which pairs of shapes are close enough to hand to the narrow phase.
///
/// Two layers, after Erin Catto's design ("Dynamic AABB Tree", Box2D 2.4 b2DynamicTree / b2BroadPhase) and
/// Ericson, Real-Time Collision Detection 6.2 (bounding volume hierarchies) and 6.5 (incremental updates):
/// - DynamicTree: a binary tree of fattened AABBs. Leaves are proxies (one per shape), addressed by a stable
///   integer id; internal nodes bound their two children. Nodes live in one std::vector addressed by index
///   (no pointer graph), freed nodes go to a free list and are reused.
/// - BroadPhase: the tree plus a move buffer. Only proxies whose fat AABB changed are queried against the
/// tree,
///   so a scene at rest costs nothing; the candidate pairs come out sorted, so the order is deterministic.
///
/// All boxes are in the world frame, metres. Nothing here allocates in steady state: the node pool, the move
/// buffer and the pair buffer keep their capacity, and tree traversals use a fixed stack array on the C++
/// stack.

#include "physics/math.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace phys {

class TaskPool;

/// Index value meaning "no node / no proxy".
inline constexpr int kNullProxy = -1;
/// Default margin added on every side of a proxy's tight box to make its fat box, metres (Box2D: 0.1 m).
inline constexpr double kAabbMargin = 0.1;
/// The fat box is stretched along the displacement passed to moveProxy times this factor (Box2D: 4), so a
/// body moving steadily is reinserted every few steps rather than every step.
inline constexpr double kAabbDisplacementMultiplier = 4.0;
/// Capacity of the traversal stack. The tree keeps the AVL invariant (see DynamicTree), so its height is at
/// most log_phi(L) ~= 1.44 log2(L) for L leaves; with L < 2^31 (int ids) that is below 45, and a depth-first
/// traversal that pushes both children holds at most height + 1 entries. 64 is therefore always enough.
inline constexpr int kTreeStackCapacity = 64;

/// A segment for DynamicTree::rayCast: from p1 to p1 + maxFraction (p2 - p1), world frame, metres.
struct TreeRayInput {
    Vec2 p1;
    Vec2 p2;
    double maxFraction = 1.0;
};

/// A dynamic AABB tree (Catto, Box2D 2.4 b2DynamicTree; Ericson RTCD 6.2.2 incremental insertion).
///
/// Invariants (checked by validate()):
/// - every internal node has two children, and its box is exactly the union of theirs;
/// - height(leaf) = 0, height(node) = 1 + max(height(children));
/// - AVL balance: the heights of the two children of every node differ by at most 1. A full binary tree with
/// this
///   property and height h has at least F(h+2) >= phi^h leaves (Fibonacci), so h <= log_phi(L) ~= 1.4405
///   log2(L).
///
/// Insertion descends by the surface-area heuristic (in 2D, the perimeter): at each node, go to the child
/// whose box grows least (Box2D 2.4 cost), and make the new leaf a sibling of the node where the descent
/// ends. Box2D may end the descent at any node; we end it only at a node of height <= 1, because then the new
/// subtree grows by exactly one level and one rotation per ancestor restores AVL balance on the way up, which
/// is what makes the height bound above a theorem rather than an observation.
class DynamicTree {
public:
    /// @param margin fattening on each side of every proxy box, metres, >= 0
    explicit DynamicTree(double margin = kAabbMargin);

    /// Adds a proxy for a tight box; the tree stores it fattened by the margin.
    /// @param aabb tight box, world frame, metres
    /// @param userData opaque value returned by userData() (e.g. a shape id)
    /// @return the proxy id, stable until destroyProxy; freed ids are reused
    int createProxy(const AABB& aabb, int userData);

    /// Removes a proxy. @warning id must be a live proxy.
    void destroyProxy(int proxyId);

    /// Updates a proxy after its shape moved. Nothing changes while the tight box stays inside the stored fat
    /// box (and the fat box does not reach more than 4 margins beyond the new fat box); otherwise the proxy
    /// is reinserted with a new fat box: the tight box plus the margin, stretched by
    /// kAabbDisplacementMultiplier * displacement (predictive, Box2D 2.4).
    /// @param aabb new tight box, world frame, metres
    /// @param displacement how far the shape moved this step, metres, world frame
    /// @return true when the proxy was reinserted (its fat box changed)
    bool moveProxy(int proxyId, const AABB& aabb, Vec2 displacement);
    /// True when moveProxy() would leave a proxy whose stored box is `stored` where it is: a pure test that
    /// reads no node, so the bodies' worker threads can run it and spare the serial pass its tree walk.
    bool stillFits(const AABB& stored, const AABB& aabb, Vec2 displacement) const;

    /// The stored (fat) box of a proxy, world frame.
    const AABB& fatAABB(int proxyId) const { return m_nodes[static_cast<std::size_t>(proxyId)].aabb; }
    int userData(int proxyId) const { return m_nodes[static_cast<std::size_t>(proxyId)].child2; }
    /// True when proxyId names a live proxy (a leaf in the tree).
    bool isProxy(int proxyId) const;

    /// Calls callback(proxyId) for every proxy whose fat box overlaps `aabb` (touching counts). The callback
    /// may return bool: false stops the query. Order: depth first, deterministic for a given sequence of
    /// calls.
    /// @warning the callback must not modify the tree.
    template <class Callback> void query(const AABB& aabb, Callback&& callback) const;

    /// Casts a segment against the fat boxes: calls callback(input, proxyId) -> double for every proxy whose
    /// box the (clipped) segment touches. The callback returns the new maxFraction: 0 stops the cast, a value
    /// in (0, maxFraction) clips the segment (the closest hit so far), a negative value (e.g. -1, a miss of
    /// the shape inside the box) or input.maxFraction goes on unchanged. The box test is exact: the segment's
    /// own box and its normal as separating axes (Ericson RTCD 5.3.3, Box2D b2DynamicTree::RayCast).
    /// @warning the callback must not modify the tree.
    template <class Callback> void rayCast(const TreeRayInput& input, Callback&& callback) const;

    /// Height of the tree (0 for a single leaf, -1 when empty).
    int height() const {
        return m_root == kNullProxy ? -1 : m_nodes[static_cast<std::size_t>(m_root)].height;
    }
    /// Number of live proxies.
    int proxyCount() const { return m_proxyCount; }
    /// Size of the node pool (grows geometrically, never shrinks): lets a test see that ids are reused.
    int nodeCapacity() const { return static_cast<int>(m_nodes.size()); }
    /// Heap bytes held (the node array's capacity).
    std::size_t memoryBytes() const { return m_nodes.capacity() * sizeof(Node); }
    /// Makes room for `proxies` more proxies (2 nodes each, less one for a tree's root) at once, instead of
    /// growing by a quarter as they come: a world built from a whole scene knows its count. The pool still
    /// hands out the same ids (allocateNode() fills the room in the same order).
    void reserveProxies(int proxies);
    /// Sum of the perimeters of all nodes divided by the root's perimeter: a quality measure (lower is
    /// better).
    double areaRatio() const;
    double margin() const { return m_margin; }

    /// Checks every structural invariant listed above, plus parent links and the free list.
    /// @return empty when the tree is sound, otherwise a description of the first broken invariant.
    std::string validate() const;

private:
    /// What a query reads of a node (its box and children, 40 bytes) comes first: in nodes of 56 bytes (48
    /// since a leaf's data took its second child's place) it lies on one cache line for half of them, where the box, user data and children in that order lay on
    /// two for six in eight (callgrind's cache simulation: the tree queries' D1 misses in the rain scene
    /// fell by a fifth).
    struct Node {
        AABB aabb;               ///< fat box for a leaf, union of the children otherwise; world frame
        int child1 = kNullProxy; ///< kNullProxy for a leaf
        /// An inner node's second child; a leaf's user data. A leaf has no children, so its data takes the
        /// second child's place (Box2D v3's tree shares them the same way): a field of its own made every node
        /// 56 bytes instead of 48, 81 KB of pyramid100's 10,101 nodes.
        int child2 = kNullProxy;
        int parent = kNullProxy; ///< parent index; for a free node, the next free node
        int height = -1;         ///< 0 for a leaf, -1 for a free node

        bool isLeaf() const { return child1 == kNullProxy; }
    };
    static_assert(sizeof(AABB) != 32 || sizeof(Node) == 48, "a node is 48 bytes");

    int allocateNode();
    void freeNode(int nodeId);
    void insertLeaf(int leaf);
    void removeLeaf(int leaf);
    int balance(int nodeId);
    void refit(int nodeId);
    const Node& node(int i) const { return m_nodes[static_cast<std::size_t>(i)]; }
    Node& node(int i) { return m_nodes[static_cast<std::size_t>(i)]; }

    std::vector<Node> m_nodes;
    int m_root = kNullProxy;
    int m_freeList = kNullProxy;
    int m_proxyCount = 0;
    double m_margin = kAabbMargin;
    AABB movedFat(const AABB& aabb, Vec2 displacement) const;
};

/// The broad phase: a DynamicTree plus Box2D's move buffer (Catto, Box2D 2.4 b2BroadPhase).
///
/// A proxy enters the move buffer when it is created, when moveProxy reinserts it, or on touchProxy.
/// updatePairs() queries each buffered proxy's fat box against the tree and reports every pair (a, b), a < b,
/// of proxies whose fat boxes overlap and of which at least one is buffered; each such pair exactly once,
/// sorted by (a, b). Pairs of which neither proxy moved were reported by an earlier call: the caller keeps
/// them (as a contact list) until their fat boxes stop overlapping (testOverlap).
class BroadPhase {
public:
    /// @param margin fattening on each side of every proxy box, metres
    explicit BroadPhase(double margin = kAabbMargin) : m_tree(margin) {}

    /// @param aabb tight box, world frame, metres. @return a stable proxy id (freed ids are reused)
    int createProxy(const AABB& aabb, int userData);
    void destroyProxy(int proxyId);
    /// See DynamicTree::reserveProxies.
    void reserveProxies(int proxies) { m_tree.reserveProxies(proxies); }
    /// See DynamicTree::moveProxy. @return true when the fat box changed (the proxy is then buffered)
    bool moveProxy(int proxyId, const AABB& aabb, Vec2 displacement);
    /// See DynamicTree::stillFits.
    bool stillFits(const AABB& stored, const AABB& aabb, Vec2 displacement) const {
        return m_tree.stillFits(stored, aabb, displacement);
    }
    /// Buffers a proxy without moving it, so the next updatePairs re-reports its pairs.
    void touchProxy(int proxyId);

    /// Reports the candidate pairs gathered since the last call: callback(proxyA, proxyB) with proxyA <
    /// proxyB, each pair once, in increasing (proxyA, proxyB) order, then empties the move buffer. Pseudocode
    /// (Box2D 2.4 b2BroadPhase::UpdatePairs, with the duplicate rule of its QueryCallback):
    ///     pairs = []
    ///     for q in moveBuffer:
    ///         for p in tree.query(fatAABB(q)), p != q:
    ///             if moved(p) and p > q: skip          // the pair is found again, once, from p's query
    ///             pairs += (min(p, q), max(p, q))
    ///     sort pairs; clear moved flags and the buffer; report pairs in order
    /// The queries run on `pool`'s threads when one is given (each buffered proxy's pairs go to its chunk's
    /// own list); the sort makes the order the same for any thread count.
    /// @warning the callback may read the broad phase but must not create, move or destroy proxies.
    template <class Callback> void updatePairs(Callback&& callback, TaskPool* pool = nullptr);

    /// Do the fat boxes of two proxies overlap?
    bool testOverlap(int proxyA, int proxyB) const { return overlaps(fatAABB(proxyA), fatAABB(proxyB)); }
    const AABB& fatAABB(int proxyId) const { return m_tree.fatAABB(proxyId); }
    int userData(int proxyId) const { return m_tree.userData(proxyId); }
    int proxyCount() const { return m_tree.proxyCount(); }
    /// Number of proxies waiting in the move buffer.
    int moveCount() const { return m_moveCount; }
    const DynamicTree& tree() const { return m_tree; }
    /// Heap bytes held: the tree and the move and pair buffers (their capacities).
    std::size_t memoryBytes() const;

    template <class Callback> void query(const AABB& aabb, Callback&& callback) const {
        m_tree.query(aabb, std::forward<Callback>(callback));
    }
    template <class Callback> void rayCast(const TreeRayInput& input, Callback&& callback) const {
        m_tree.rayCast(input, std::forward<Callback>(callback));
    }

private:
    struct Pair {
        int a;
        int b;
    };

    void bufferMove(int proxyId);
    bool isMoved(int proxyId) const {
        const auto i = static_cast<std::size_t>(proxyId);
        return i < m_moved.size() && m_moved[i] != 0;
    }
    void gatherPairs(TaskPool* pool);
    void queryMoved(int moveIndex, std::vector<Pair>& out) const;

    DynamicTree m_tree;
    std::vector<int> m_moveBuffer;     ///< buffered proxies; destroyed ones are replaced by kNullProxy
    std::vector<std::uint8_t> m_moved; ///< per proxy id: 1 while in the move buffer
    std::vector<Pair> m_pairs;         ///< reused between calls
    std::vector<std::vector<Pair>> m_chunkPairs; ///< per chunk of the move buffer, for threaded queries
    int m_moveCount = 0;
};

// ---------------------------------------------------------------------------------------------------------------
// Template implementations

template <class Callback> void DynamicTree::query(const AABB& aabb, Callback&& callback) const {
    // Depth-first traversal with an explicit stack (Ericson RTCD 6.3.2): prune every subtree whose box
    // misses.
    if (m_root == kNullProxy) {
        return;
    }
    std::array<int, kTreeStackCapacity> stack;
    int top = 0;
    stack[static_cast<std::size_t>(top++)] = m_root;
    while (top > 0) {
        const int id = stack[static_cast<std::size_t>(--top)];
        const Node& n = node(id);
        if (!overlaps(n.aabb, aabb)) {
            continue;
        }
        if (n.isLeaf()) {
            if constexpr (std::is_same_v<std::invoke_result_t<Callback&, int>, bool>) {
                if (!callback(id)) {
                    return;
                }
            } else {
                callback(id);
            }
        } else {
            stack[static_cast<std::size_t>(top++)] = n.child2;
            stack[static_cast<std::size_t>(top++)] = n.child1;
        }
    }
}

template <class Callback> void DynamicTree::rayCast(const TreeRayInput& input, Callback&& callback) const {
    // Pseudocode (Box2D 2.4 b2DynamicTree::RayCast; Ericson RTCD 5.3.3 segment/box by separating axes):
    //     v = unit normal of the segment; box of the segment so far = S
    //     pop node: skip unless box overlaps S and |v . (p1 - c)| <= |v| . h (c, h: box centre and half size)
    //     leaf: f = callback(sub-input); 0 stops; 0 < f updates maxFraction and S
    //     internal: push both children
    if (m_root == kNullProxy) {
        return;
    }
    const Vec2 p1 = input.p1;
    const Vec2 r = input.p2 - input.p1;
    if (lengthSquared(r) <= 0.0) {
        return;
    }
    const Vec2 v = normalize(leftPerp(r));
    const Vec2 absV{std::abs(v.x), std::abs(v.y)};
    double maxFraction = input.maxFraction;
    Vec2 t = p1 + maxFraction * r;
    AABB segmentBox{minVec(p1, t), maxVec(p1, t)};

    std::array<int, kTreeStackCapacity> stack;
    int top = 0;
    stack[static_cast<std::size_t>(top++)] = m_root;
    while (top > 0) {
        const int id = stack[static_cast<std::size_t>(--top)];
        const Node& n = node(id);
        if (!overlaps(n.aabb, segmentBox)) {
            continue;
        }
        const Vec2 c = n.aabb.center();
        const Vec2 h = n.aabb.extents();
        const double separation = std::abs(dot(v, p1 - c)) - dot(absV, h);
        if (separation > 0.0) {
            continue;
        }
        if (n.isLeaf()) {
            const TreeRayInput sub{input.p1, input.p2, maxFraction};
            const double value = callback(sub, id);
            if (value == 0.0) {
                return;
            }
            if (value > 0.0 && value < maxFraction) {
                maxFraction = value;
                t = p1 + maxFraction * r;
                segmentBox = {minVec(p1, t), maxVec(p1, t)};
            }
        } else {
            stack[static_cast<std::size_t>(top++)] = n.child2;
            stack[static_cast<std::size_t>(top++)] = n.child1;
        }
    }
}

template <class Callback> void BroadPhase::updatePairs(Callback&& callback, TaskPool* pool) {
    gatherPairs(pool);
    for (const Pair& pair : m_pairs) {
        callback(pair.a, pair.b);
    }
}

} // namespace phys
