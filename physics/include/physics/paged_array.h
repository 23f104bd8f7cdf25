#pragma once
/// @file paged_array.h
/// An array kept in pages of a fixed number of elements, indexed like a vector (issue 17's memory item). It
/// grows a page at a time and never copies the elements to grow; its room is the most elements it has held,
/// rounded up to a whole page (pages are kept when elements are popped, for the next pushes). A
/// std::vector of the World's touching records (256 bytes each) had both costs: each growth held the old and
/// the new array at once (5.3 MB for pyramid100's 10,005 records), and the room kept for later growth held
/// 636 records (163 KB) unused for the rest of the run.

#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace phys {

/// A non-owning view of a PagedArray's elements, like std::span for a vector. It stays valid while the
/// array neither gains a page nor is destroyed (as a span over a vector does while it is not reallocated).
template <class T, int PageBits> class PagedSpan {
public:
    static constexpr std::size_t kPageSize = std::size_t{1} << PageBits;

    PagedSpan() = default;
    PagedSpan(T* const* pages, std::size_t size) : m_pages(pages), m_size(size) {}
    /// A view of non-const elements is a view of const ones too.
    template <class U>
    requires(!std::is_const_v<U> && std::is_same_v<const U, T>) PagedSpan(const PagedSpan<U, PageBits>& other)
        : m_pages(other.pages()), m_size(other.size()) {}

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    T& operator[](std::size_t i) const { return m_pages[i >> PageBits][i & (kPageSize - 1)]; }
    T* const* pages() const { return m_pages; }

    class iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = std::remove_const_t<T>;
        using difference_type = std::ptrdiff_t;
        using pointer = T*;
        using reference = T&;
        iterator() = default;
        iterator(T* const* pages, std::size_t i) : m_pages(pages), m_i(i) {}
        T& operator*() const { return m_pages[m_i >> PageBits][m_i & (kPageSize - 1)]; }
        T* operator->() const { return &**this; }
        iterator& operator++() {
            ++m_i;
            return *this;
        }
        iterator operator++(int) {
            iterator old = *this;
            ++m_i;
            return old;
        }
        bool operator==(const iterator& other) const { return m_i == other.m_i; }

    private:
        T* const* m_pages = nullptr;
        std::size_t m_i = 0;
    };
    iterator begin() const { return {m_pages, 0}; }
    iterator end() const { return {m_pages, m_size}; }

private:
    T* const* m_pages = nullptr;
    std::size_t m_size = 0;
};

/// Elements in pages of 2^PageBits. Indices, push_back() and pop_back() behave as a vector's; an element's
/// address never changes while it is in the array. A popped element stays constructed in its page (T must
/// be copy-assignable) and is assigned over by the next push_back().
template <class T, int PageBits> class PagedArray {
public:
    static constexpr std::size_t kPageSize = std::size_t{1} << PageBits;
    using Span = PagedSpan<T, PageBits>;
    using ConstSpan = PagedSpan<const T, PageBits>;

    PagedArray() = default;
    PagedArray(const PagedArray& other) { *this = other; }
    PagedArray& operator=(const PagedArray& other) {
        if (this != &other) {
            m_size = 0;
            reserve(other.m_size);
            for (std::size_t i = 0; i < other.m_size; ++i) {
                (*this)[i] = other[i];
            }
            m_size = other.m_size;
        }
        return *this;
    }
    /// A moved-from array is empty (with no pages), as a moved-from vector is.
    PagedArray(PagedArray&& other) noexcept
        : m_pages(std::move(other.m_pages)), m_pageStarts(std::move(other.m_pageStarts)),
          m_size(std::exchange(other.m_size, 0)) {
        other.m_pages.clear();
        other.m_pageStarts.clear();
    }
    PagedArray& operator=(PagedArray&& other) noexcept {
        if (this != &other) {
            m_pages = std::move(other.m_pages);
            m_pageStarts = std::move(other.m_pageStarts);
            m_size = std::exchange(other.m_size, 0);
            other.m_pages.clear();
            other.m_pageStarts.clear();
        }
        return *this;
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    std::size_t capacity() const { return m_pageStarts.size() * kPageSize; }
    /// Heap bytes held: the pages and the page table.
    std::size_t heapBytes() const {
        return m_pages.size() * kPageSize * sizeof(T) + m_pageStarts.capacity() * sizeof(T*) +
               m_pages.capacity() * sizeof(std::unique_ptr<T[]>);
    }

    T& operator[](std::size_t i) { return m_pageStarts[i >> PageBits][i & (kPageSize - 1)]; }
    const T& operator[](std::size_t i) const { return m_pageStarts[i >> PageBits][i & (kPageSize - 1)]; }
    T& back() { return (*this)[m_size - 1]; }
    const T& back() const { return (*this)[m_size - 1]; }

    /// Room for `n` elements: the pages they need, added now (pages are never removed).
    void reserve(std::size_t n) {
        while (capacity() < n) {
            m_pages.push_back(std::make_unique<T[]>(kPageSize));
            m_pageStarts.push_back(m_pages.back().get());
        }
    }
    void push_back(const T& value) {
        reserve(m_size + 1);
        (*this)[m_size] = value;
        ++m_size;
    }
    void pop_back() { --m_size; }
    void clear() { m_size = 0; }

    Span span() { return {m_pageStarts.data(), m_size}; }
    ConstSpan span() const { return {m_pageStarts.data(), m_size}; }
    operator Span() { return span(); }
    operator ConstSpan() const { return span(); }
    typename Span::iterator begin() { return span().begin(); }
    typename Span::iterator end() { return span().end(); }
    typename ConstSpan::iterator begin() const { return span().begin(); }
    typename ConstSpan::iterator end() const { return span().end(); }

private:
    std::vector<std::unique_ptr<T[]>> m_pages;
    /// m_pages[k].get(), so that indexing reads a plain pointer array (what a PagedSpan points at).
    std::vector<T*> m_pageStarts;
    std::size_t m_size = 0;
};

} // namespace phys
