/// @file broadphase.cpp
/// Dynamic AABB tree and broad phase. References: Erin Catto, "Dynamic AABB Tree" and Box2D 2.4
/// (b2DynamicTree, b2BroadPhase); Christer Ericson, Real-Time Collision Detection, 6.2-6.5.

#include "broadphase.h"

#include "growth.h"
#include "task_pool.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace phys {

namespace {

/// The node pool starts with this many nodes and grows by a quarter when it runs out (a doubling left up to
/// half of a big scene's nodes unused: issue 17's memory item).
constexpr int kInitialNodeCapacity = 16;

} // namespace

DynamicTree::DynamicTree(double margin) : m_margin(margin) {}

int DynamicTree::allocateNode() {
    if (m_freeList == kNullProxy) {
        // Grow the pool geometrically (the ids handed out do not depend on the factor) and thread the new nodes onto the free list in increasing index order,
        // so allocation order (and thus every proxy id) depends only on the sequence of calls.
        const int oldSize = static_cast<int>(m_nodes.size());
        int newSize = std::max(kInitialNodeCapacity, oldSize + oldSize / 4);
        const int room = static_cast<int>(m_nodes.capacity());
        if (room > oldSize) {
            newSize = std::min(newSize, room); // reserveProxies() made room: fill it before growing
        }
        // reserve() first: resize() past the capacity alone would double it, whatever newSize asks.
        m_nodes.reserve(static_cast<std::size_t>(newSize));
        m_nodes.resize(static_cast<std::size_t>(newSize));
        for (int i = oldSize; i < newSize; ++i) {
            Node& n = node(i);
            n = Node{};
            n.parent = i + 1 < newSize ? i + 1 : kNullProxy;
        }
        m_freeList = oldSize;
    }
    const int id = m_freeList;
    Node& n = node(id);
    m_freeList = n.parent;
    n = Node{};
    n.height = 0;
    return id;
}

void DynamicTree::reserveProxies(int proxies) {
    const std::size_t nodes = 2 * static_cast<std::size_t>(m_proxyCount + std::max(proxies, 0));
    if (nodes > m_nodes.capacity()) {
        m_nodes.reserve(nodes - 1);
    }
}

void DynamicTree::freeNode(int nodeId) {
    Node& n = node(nodeId);
    n = Node{};
    n.parent = m_freeList;
    n.height = -1;
    m_freeList = nodeId;
}

bool DynamicTree::isProxy(int proxyId) const {
    return proxyId >= 0 && proxyId < static_cast<int>(m_nodes.size()) && node(proxyId).height == 0;
}

int DynamicTree::createProxy(const AABB& aabb, int userData) {
    const int id = allocateNode();
    Node& n = node(id);
    n.aabb = fatten(aabb, m_margin);
    n.child2 = userData; // a leaf's data (Node::child2)
    n.height = 0;
    insertLeaf(id);
    ++m_proxyCount;
    return id;
}

void DynamicTree::destroyProxy(int proxyId) {
    assert(isProxy(proxyId));
    removeLeaf(proxyId);
    freeNode(proxyId);
    --m_proxyCount;
}

/// The box moveProxy() stores: the tight box plus the margin, stretched by kAabbDisplacementMultiplier *
/// displacement on the side it moves to.
AABB DynamicTree::movedFat(const AABB& aabb, Vec2 displacement) const {
    AABB fat = fatten(aabb, m_margin);
    const Vec2 d = kAabbDisplacementMultiplier * displacement;
    if (d.x < 0.0) {
        fat.lower.x += d.x;
    } else {
        fat.upper.x += d.x;
    }
    if (d.y < 0.0) {
        fat.lower.y += d.y;
    } else {
        fat.upper.y += d.y;
    }
    return fat;
}

bool DynamicTree::stillFits(const AABB& stored, const AABB& aabb, Vec2 displacement) const {
    if (!contains(stored, aabb)) {
        return false;
    }
    // The stored box must also not reach more than 4 margins beyond the box a move would store now.
    const AABB fat = movedFat(aabb, displacement);
    return contains(fatten(fat, 4.0 * m_margin), stored);
}

bool DynamicTree::moveProxy(int proxyId, const AABB& aabb, Vec2 displacement) {
    // Pseudocode (Box2D 2.4 b2DynamicTree::MoveProxy):
    //     fat = aabb grown by margin, then stretched by multiplier * displacement on the side it moves to
    //     if stored contains aabb:
    //         if stored is inside fat grown by 4 margins: return false      // still a good fit
    //         (else the stored box is far too large, e.g. a fast body that stopped: shrink it)
    //     remove leaf; stored = fat; insert leaf; return true
    assert(isProxy(proxyId));
    if (stillFits(node(proxyId).aabb, aabb, displacement)) {
        return false;
    }
    const AABB fat = movedFat(aabb, displacement);
    removeLeaf(proxyId);
    node(proxyId).aabb = fat;
    insertLeaf(proxyId);
    return true;
}

void DynamicTree::refit(int nodeId) {
    Node& n = node(nodeId);
    const Node& c1 = node(n.child1);
    const Node& c2 = node(n.child2);
    n.aabb = combine(c1.aabb, c2.aabb);
    n.height = 1 + std::max(c1.height, c2.height);
}

void DynamicTree::insertLeaf(int leaf) {
    // Pseudocode (Catto, Box2D 2.4 b2DynamicTree::InsertLeaf, with the descent ending only at height <= 1):
    //     index = root
    //     while index is internal:
    //         cost here     = 2 * perimeter(box(index) U leaf)          // new parent of index and leaf
    //         inheritance   = 2 * (perimeter(box(index) U leaf) - perimeter(box(index)))
    //         cost(child)   = growth of child's box (or its full perimeter for a leaf) + inheritance
    //         if height(index) <= 1 and cost here < both child costs: stop
    //         index = the cheaper child
    //     make a new parent of index and leaf; walk up: balance (one rotation at most), refit box and height
    node(leaf).parent = kNullProxy;
    if (m_root == kNullProxy) {
        m_root = leaf;
        return;
    }

    const AABB leafBox = node(leaf).aabb;
    int index = m_root;
    while (!node(index).isLeaf()) {
        const Node& n = node(index);
        const double perimeter = n.aabb.perimeter();
        const double combinedPerimeter = combine(n.aabb, leafBox).perimeter();
        const double cost = 2.0 * combinedPerimeter;
        const double inheritance = 2.0 * (combinedPerimeter - perimeter);

        auto descendCost = [&](int child) {
            const Node& c = node(child);
            const double grown = combine(leafBox, c.aabb).perimeter();
            return c.isLeaf() ? grown + inheritance : grown - c.aabb.perimeter() + inheritance;
        };
        const double cost1 = descendCost(n.child1);
        const double cost2 = descendCost(n.child2);
        if (n.height <= 1 && cost < cost1 && cost < cost2) {
            break;
        }
        index = cost1 <= cost2 ? n.child1 : n.child2;
    }

    const int sibling = index;
    const int oldParent = node(sibling).parent;
    const int newParent = allocateNode(); // may grow m_nodes: no references held across this call
    {
        Node& p = node(newParent);
        p.parent = oldParent;
        p.aabb = combine(leafBox, node(sibling).aabb);
        p.height = node(sibling).height + 1;
        p.child1 = sibling;
        p.child2 = leaf;
    }
    if (oldParent != kNullProxy) {
        Node& op = node(oldParent);
        (op.child1 == sibling ? op.child1 : op.child2) = newParent;
    } else {
        m_root = newParent;
    }
    node(sibling).parent = newParent;
    node(leaf).parent = newParent;

    for (index = newParent; index != kNullProxy; index = node(index).parent) {
        index = balance(index);
        refit(index);
    }
}

void DynamicTree::removeLeaf(int leaf) {
    // Pseudocode (Box2D 2.4 b2DynamicTree::RemoveLeaf): the sibling takes the parent's place, the parent is
    // freed, and the ancestors are balanced and refitted on the way up.
    if (leaf == m_root) {
        m_root = kNullProxy;
        return;
    }
    const int parent = node(leaf).parent;
    const int grandParent = node(parent).parent;
    const int sibling = node(parent).child1 == leaf ? node(parent).child2 : node(parent).child1;

    if (grandParent == kNullProxy) {
        m_root = sibling;
        node(sibling).parent = kNullProxy;
        freeNode(parent);
        return;
    }
    Node& g = node(grandParent);
    (g.child1 == parent ? g.child1 : g.child2) = sibling;
    node(sibling).parent = grandParent;
    freeNode(parent);
    for (int index = grandParent; index != kNullProxy; index = node(index).parent) {
        index = balance(index);
        refit(index);
    }
}

int DynamicTree::balance(int a) {
    // Pseudocode (one AVL rotation, as Box2D 2.4 b2DynamicTree::Balance):
    //     A has children B, C; if height(C) > height(B) + 1 (or the mirror case):
    //         C takes A's place and A becomes C's child;
    //         C keeps its taller child; the shorter one replaces C under A.
    // Children of a bounding-volume node are unordered, so keeping the taller grandchild covers both the
    // single and the double rotation of a textbook AVL tree. With |height(C) - height(B)| = 2 and C balanced,
    // A and C come out balanced and no higher than before, so one rotation per ancestor restores the
    // invariant after an insertion (a subtree grew by one level) or a removal (a subtree shrank by one
    // level).
    Node& nodeA = node(a);
    if (nodeA.isLeaf() || nodeA.height < 2) {
        return a;
    }
    const int b = nodeA.child1;
    const int c = nodeA.child2;
    const int diff = node(c).height - node(b).height;
    int tall = kNullProxy;
    if (diff > 1) {
        tall = c;
    } else if (diff < -1) {
        tall = b;
    } else {
        return a;
    }

    Node& nodeT = node(tall);
    const int f = nodeT.child1;
    const int g = nodeT.child2;
    const int keep = node(f).height > node(g).height ? f : g;
    const int move = keep == f ? g : f;

    // T takes A's place under A's parent.
    nodeT.parent = nodeA.parent;
    if (nodeT.parent != kNullProxy) {
        Node& p = node(nodeT.parent);
        (p.child1 == a ? p.child1 : p.child2) = tall;
    } else {
        m_root = tall;
    }
    nodeT.child1 = a;
    nodeT.child2 = keep;
    nodeA.parent = tall;
    (nodeA.child1 == tall ? nodeA.child1 : nodeA.child2) = move;
    node(move).parent = a;

    refit(a);
    refit(tall);
    return tall;
}

double DynamicTree::areaRatio() const {
    if (m_root == kNullProxy) {
        return 0.0;
    }
    const double rootPerimeter = node(m_root).aabb.perimeter();
    double total = 0.0;
    for (const Node& n : m_nodes) {
        if (n.height >= 0) {
            total += n.aabb.perimeter();
        }
    }
    return rootPerimeter > 0.0 ? total / rootPerimeter : 0.0;
}

std::string DynamicTree::validate() const {
    const int size = static_cast<int>(m_nodes.size());
    int reachable = 0;
    int leaves = 0;
    if (m_root != kNullProxy) {
        if (node(m_root).parent != kNullProxy) {
            return "root has a parent";
        }
        std::vector<int> stack{m_root};
        while (!stack.empty()) {
            const int id = stack.back();
            stack.pop_back();
            if (id < 0 || id >= size) {
                return "node index out of range: " + std::to_string(id);
            }
            ++reachable;
            const Node& n = node(id);
            if (n.isLeaf()) {
                if (n.height != 0) { // its child2 is its user data
                    return "leaf " + std::to_string(id) + " has a nonzero height";
                }
                ++leaves;
                continue;
            }
            if (n.child2 == kNullProxy) {
                return "node " + std::to_string(id) + " has one child";
            }
            const Node& c1 = node(n.child1);
            const Node& c2 = node(n.child2);
            if (c1.parent != id || c2.parent != id) {
                return "broken parent link under node " + std::to_string(id);
            }
            if (n.height != 1 + std::max(c1.height, c2.height)) {
                return "wrong height at node " + std::to_string(id);
            }
            if (std::abs(c1.height - c2.height) > 1) {
                return "AVL balance broken at node " + std::to_string(id);
            }
            if (!(n.aabb == combine(c1.aabb, c2.aabb))) {
                return "box of node " + std::to_string(id) + " is not the union of its children";
            }
            stack.push_back(n.child1);
            stack.push_back(n.child2);
        }
    }
    if (leaves != m_proxyCount) {
        return "leaf count " + std::to_string(leaves) + " != proxy count " + std::to_string(m_proxyCount);
    }
    int freeCount = 0;
    for (int id = m_freeList; id != kNullProxy; id = node(id).parent) {
        if (id < 0 || id >= size || node(id).height != -1 || ++freeCount > size) {
            return "broken free list";
        }
    }
    if (reachable + freeCount != size) {
        return "nodes leaked: " + std::to_string(size - reachable - freeCount);
    }
    return {};
}

// ---------------------------------------------------------------------------------------------------------------
// BroadPhase

int BroadPhase::createProxy(const AABB& aabb, int userData) {
    const int id = m_tree.createProxy(aabb, userData);
    bufferMove(id);
    return id;
}

void BroadPhase::destroyProxy(int proxyId) {
    if (isMoved(proxyId)) {
        // Box2D 2.4 UnBufferMove: leave a hole rather than shifting the buffer.
        std::replace(m_moveBuffer.begin(), m_moveBuffer.end(), proxyId, kNullProxy);
        m_moved[static_cast<std::size_t>(proxyId)] = 0;
        --m_moveCount;
    }
    m_tree.destroyProxy(proxyId);
}

bool BroadPhase::moveProxy(int proxyId, const AABB& aabb, Vec2 displacement) {
    const bool reinserted = m_tree.moveProxy(proxyId, aabb, displacement);
    if (reinserted) {
        bufferMove(proxyId);
    }
    return reinserted;
}

std::size_t BroadPhase::memoryBytes() const {
    std::size_t bytes = m_tree.memoryBytes() + m_moveBuffer.capacity() * sizeof(int) +
                        m_moved.capacity() * sizeof(std::uint8_t) + m_pairs.capacity() * sizeof(Pair) +
                        m_chunkPairs.capacity() * sizeof(std::vector<Pair>);
    for (const std::vector<Pair>& chunk : m_chunkPairs) {
        bytes += chunk.capacity() * sizeof(Pair);
    }
    return bytes;
}

void BroadPhase::touchProxy(int proxyId) {
    bufferMove(proxyId);
}

void BroadPhase::bufferMove(int proxyId) {
    if (isMoved(proxyId)) {
        return; // already buffered: each proxy is queried once per updatePairs
    }
    const auto index = static_cast<std::size_t>(proxyId);
    if (index >= m_moved.size()) {
        m_moved.resize(std::max(index + 1, static_cast<std::size_t>(m_tree.nodeCapacity())), 0);
    }
    m_moved[index] = 1;
    m_moveBuffer.push_back(proxyId);
    ++m_moveCount;
}

void BroadPhase::queryMoved(int moveIndex, std::vector<Pair>& out) const {
    const int q = m_moveBuffer[static_cast<std::size_t>(moveIndex)];
    if (q == kNullProxy) {
        return;
    }
    m_tree.query(m_tree.fatAABB(q), [this, q, &out](int p) {
        // A pair of two moved proxies is taken only from the query of the larger id, so it appears once.
        if (p == q || (p > q && isMoved(p))) {
            return;
        }
        reserveForSize(out, out.size() + 1); // a quarter more, not push_back's doubling (growth.h)
        out.push_back({std::min(p, q), std::max(p, q)});
    });
}

void BroadPhase::gatherPairs(TaskPool* pool) {
    m_pairs.clear();
    const int moved = static_cast<int>(m_moveBuffer.size());
    // Queries only read the tree; chunks of the move buffer fill lists of their own, joined in chunk order.
    constexpr int kChunk = 64;
    const int chunks = (moved + kChunk - 1) / kChunk;
    if (pool == nullptr || pool->threads() == 1 || chunks < 2) {
        for (int k = 0; k < moved; ++k) {
            queryMoved(k, m_pairs);
        }
    } else {
        if (static_cast<int>(m_chunkPairs.size()) < chunks) {
            m_chunkPairs.resize(static_cast<std::size_t>(chunks));
        }
        pool->forRanges(chunks, 1, [this, moved](int begin, int end) {
            for (int c = begin; c < end; ++c) {
                std::vector<Pair>& out = m_chunkPairs[static_cast<std::size_t>(c)];
                out.clear();
                for (int k = c * kChunk; k < std::min(moved, (c + 1) * kChunk); ++k) {
                    queryMoved(k, out);
                }
            }
        });
        for (int c = 0; c < chunks; ++c) {
            const std::vector<Pair>& out = m_chunkPairs[static_cast<std::size_t>(c)];
            m_pairs.insert(m_pairs.end(), out.begin(), out.end());
        }
    }
    std::sort(m_pairs.begin(), m_pairs.end(),
              [](const Pair& x, const Pair& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
    for (const int q : m_moveBuffer) {
        if (q != kNullProxy) {
            m_moved[static_cast<std::size_t>(q)] = 0;
        }
    }
    m_moveBuffer.clear();
    m_moveCount = 0;
}

} // namespace phys
