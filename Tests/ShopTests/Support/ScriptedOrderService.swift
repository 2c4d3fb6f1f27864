import NapkinTesting

@testable import Shop

/// An ``OrderService`` whose answers each test scripts; anything a test leaves unscripted records
/// an issue naming the method, so a test notices a call it did not expect.
///
/// ```swift
/// let service = ScriptedOrderService(onOrders: { Order.samples })
/// ```
struct ScriptedOrderService: OrderService {
  var onOrders: @Sendable () async throws -> [Order] = unimplemented("OrderService.orders")
  var onCancel: @Sendable (Int) async throws -> Void = unimplemented("OrderService.cancel")

  func orders() async throws -> [Order] { try await onOrders() }
  func cancel(orderID: Int) async throws { try await onCancel(orderID) }
}
