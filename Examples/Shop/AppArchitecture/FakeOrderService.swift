import BoundedHTTP

/// An ``OrderService`` that answers from memory: previews, the `demo` command and tests.
///
/// ```swift
/// let service = FakeOrderService(stored: Order.samples, failingCancels: [2])
/// ```
///
/// It keeps no state: `orders()` always returns `stored`, as in the document, so a cancelled order
/// comes back on the next load. Cancelling an id in `failingCancels` throws ``ServerError``.
///
/// Threading: an immutable value; `Sendable`.
nonisolated struct FakeOrderService: OrderService {
  let stored: [Order]
  let failingCancels: Set<Int>

  init(stored: [Order], failingCancels: Set<Int> = []) {
    self.stored = stored
    self.failingCancels = failingCancels
  }

  /// The preview's spelling: `FakeOrderService(orders: Order.samples)`.
  init(orders: [Order]) {
    self.init(stored: orders)
  }

  func orders() async throws -> [Order] { stored }

  func cancel(orderID: Int) async throws {
    if failingCancels.contains(orderID) { throw ServerError() }
  }
}
