/// An order as the shop's server reports it: `{"id": 1, "total": 40.0}`.
///
/// Threading: a value type; `Sendable`.
nonisolated struct Order: Equatable, Sendable, Codable {
  let id: Int
  let total: Double
}

extension Order {
  /// The orders the document's example starts from; the preview service shows them too.
  static let samples = [Order(id: 1, total: 40), Order(id: 2, total: 15.5)]
}
