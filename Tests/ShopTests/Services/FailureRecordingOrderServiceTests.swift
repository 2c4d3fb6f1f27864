import BoundedHTTP
import Testing

@testable import Shop

@Suite struct FailureRecordingOrderServiceTests {
  @Test func successesPassThroughAndRecordNothing() async throws {
    let service = FailureRecordingOrderService(
      wrapping: ScriptedOrderService(onOrders: { Order.samples }, onCancel: { _ in }))
    #expect(try await service.orders() == Order.samples)
    try await service.cancel(orderID: 1)
    #expect(service.lastFailureReason == nil)
  }

  @Test func aFailureIsRethrownAndItsReasonKept() async {
    let service = FailureRecordingOrderService(
      wrapping: ScriptedOrderService(
        onOrders: { throw ServerError(.status(503)) },
        onCancel: { _ in throw ServerError(.timedOut) }))

    await #expect(throws: ServerError(.status(503))) { try await service.orders() }
    #expect(service.lastFailureReason == "the server answered HTTP 503")

    await #expect(throws: ServerError(.timedOut)) { try await service.cancel(orderID: 1) }
    #expect(
      service.lastFailureReason == "the server did not answer in time; try a larger --timeout")
  }

  @Test func anErrorThatIsNotAServerErrorIsDescribedAsItIs() async {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline mode" }
    }
    let service = FailureRecordingOrderService(
      wrapping: ScriptedOrderService(onOrders: { throw Offline() }))
    await #expect(throws: Offline.self) { try await service.orders() }
    #expect(service.lastFailureReason == "offline mode")
  }
}
