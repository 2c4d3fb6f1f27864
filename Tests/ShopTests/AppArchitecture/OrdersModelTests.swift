import BoundedHTTP
import NapkinTesting
import Testing

@testable import Shop

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct OrdersModelTests {
  @Test func theDocumentsScenarioLoadsCancelsAndRollsBack() async throws {
    let model = OrdersModel(
      service: FakeOrderService(stored: Order.samples, failingCancels: [2]))

    await model.load()
    #expect(model.orders.map(\.id) == [1, 2])

    await model.cancel(try #require(model.orders.first))
    #expect(model.orders.map(\.id) == [2])
    #expect(model.error == nil)

    await model.cancel(try #require(model.orders.first))
    #expect(model.orders.map(\.id) == [2])
    #expect(model.error == "Couldn't cancel order #2.")
  }

  @Test func aFailedLoadKeepsTheOrdersAndSaysSo() async {
    let answers = AnswerQueue<[Order]>([
      .success(Order.samples), .failure(ServerError(.status(500))),
    ])
    let model = OrdersModel(service: ScriptedOrderService(onOrders: { try answers.next() }))

    await model.load()
    await model.load()

    #expect(model.orders == Order.samples)
    #expect(model.error == "Couldn't load orders.")
  }

  @Test func aSuccessfulLoadClearsAnEarlierError() async {
    let answers = AnswerQueue<[Order]>([
      .failure(ServerError()), .success([Order(id: 7, total: 1)]),
    ])
    let model = OrdersModel(service: ScriptedOrderService(onOrders: { try answers.next() }))

    await model.load()
    #expect(model.error == "Couldn't load orders.")
    await model.load()

    #expect(model.error == nil)
    #expect(model.orders == [Order(id: 7, total: 1)])
  }

  @Test func loadingNeverCancelsAnything() async {
    // `onCancel` is left unimplemented: a load that called it would record an issue.
    let model = OrdersModel(service: ScriptedOrderService(onOrders: { Order.samples }))
    await model.load()
    #expect(model.orders == Order.samples)
  }

  @Test func cancellingRemovesTheOrderBeforeTheServerAnswers() async throws {
    let gate = Gate()
    let (arrivals, arrived) = AsyncStream.makeStream(of: Int.self)
    let model = OrdersModel(
      service: ScriptedOrderService(
        onOrders: { Order.samples },
        onCancel: { id in
          arrived.yield(id)
          await gate.wait()
        }))
    await model.load()

    let cancelling = Task { await model.cancel(Order.samples[0]) }
    var calls = arrivals.makeAsyncIterator()
    #expect(await calls.next() == 1)
    #expect(model.orders.map(\.id) == [2])  // optimistic: gone while the request is in flight

    gate.open()
    await cancelling.value
    #expect(model.orders.map(\.id) == [2])
    #expect(model.error == nil)
  }

  @Test func aFailedCancelPutsTheOrderBackWhereItWas() async {
    let model = OrdersModel(
      service: ScriptedOrderService(
        onOrders: { [Order(id: 1, total: 1), Order(id: 2, total: 2), Order(id: 3, total: 3)] },
        onCancel: { _ in throw ServerError(.timedOut) }))
    await model.load()

    await model.cancel(Order(id: 2, total: 2))

    #expect(model.orders.map(\.id) == [1, 2, 3])
    #expect(model.error == "Couldn't cancel order #2.")
  }

  @Test func anUnexpectedServiceCallIsReportedByName() async {
    // The fake scripts only `orders()`; the cancel the test did not plan for is caught by name, and
    // the model treats the unimplemented call as a failure and rolls back.
    let model = OrdersModel(service: ScriptedOrderService(onOrders: { Order.samples }))
    await model.load()

    let failures = await collectFailures { await model.cancel(Order.samples[0]) }
    #expect(failures.map(\.message) == ["Unimplemented: OrderService.cancel was called."])

    #expect(model.orders == Order.samples)
    #expect(model.error == "Couldn't cancel order #1.")
  }
}
