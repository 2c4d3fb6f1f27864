import NapkinTesting
import Testing

@testable import XcodeShop

/// Document 002's pattern, as Shop writes it, from a module with Xcode 26's default isolation:
/// a main-actor view model over a service protocol, with a fake and the optimistic cancel.
@Suite struct ShopPatternTests {
  @Test func theModelLoadsThePreviewsOrders() async {
    let model = OrdersModel(service: AppDependencies.preview.orders)
    await model.load()
    #expect(model.orders == Order.samples)
  }

  @Test func aFailedCancelRollsBack() async {
    let model = OrdersModel(service: FakeOrderService(stored: Order.samples, failingCancels: [2]))
    await model.load()
    await model.cancel(Order.samples[1])
    #expect(model.orders == Order.samples)
    #expect(model.error != nil)
  }

  @Test func aScriptedFakeServesWhatTheTestPlanned() async {
    struct Scripted: OrderService {
      var onOrders: @Sendable () async throws -> [Order] = unimplemented("OrderService.orders")
      func orders() async throws -> [Order] { try await onOrders() }
      func cancel(orderID: Int) async throws {}
    }
    let model = OrdersModel(service: Scripted(onOrders: { Order.samples }))
    await model.load()
    #expect(model.orders == Order.samples)
  }
}
