/// The orders boundary: the network in the app, a fake in previews and tests.
///
/// The view model receives it through its initializer, so nothing in the model knows which one it
/// talks to.
///
/// Threading: implementations are `Sendable` and are called from the main actor's model without
/// blocking it.
protocol OrderService: Sendable {
  /// The customer's current orders.
  func orders() async throws -> [Order]
  /// Cancels the order with `orderID`; throws when the server refuses or cannot be reached.
  func cancel(orderID: Int) async throws
}
