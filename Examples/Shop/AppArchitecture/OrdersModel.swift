import Observation

/// The orders screen's state and logic: the document's view model, unchanged.
///
/// `cancel(_:)` is optimistic: the order leaves the list at once and comes back, with an error
/// message, if the service fails.
///
/// Threading: main actor, like the view that renders it; the service runs off the main actor
/// while the model awaits it.
@MainActor @Observable
final class OrdersModel {
  private(set) var orders: [Order] = []
  private(set) var error: String?
  private let service: any OrderService

  init(service: any OrderService) { self.service = service }

  func load() async {
    do {
      orders = try await service.orders()
      error = nil
    } catch {
      self.error = "Couldn't load orders."
    }
  }

  func cancel(_ order: Order) async {
    let previous = orders
    orders.removeAll { $0.id == order.id }  // optimistic update
    do {
      try await service.cancel(orderID: order.id)
    } catch {
      orders = previous
      self.error = "Couldn't cancel order #\(order.id)."
    }
  }
}
