// What the Shop snippets that declare the service protocol assume: the order itself.
// .ci/snippets/check.py compiles each snippet together with this file.
nonisolated struct Order: Equatable, Sendable {
  let id: Int
}
