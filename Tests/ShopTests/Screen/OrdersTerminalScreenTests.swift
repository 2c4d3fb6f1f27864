import Observation
import Synchronization
import TerminalIO
import Testing

@testable import Shop

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct OrdersScreenTests {
  @Test func anEmptyModelRendersNoOrders() {
    let screen = OrdersTerminalScreen(model: OrdersModel(service: FakeOrderService(stored: [])))
    #expect(screen.render() == "Orders\n  (none)")
  }

  @Test func theScreenListsOrdersWithTotalsAndTheError() async {
    let model = OrdersModel(service: FakeOrderService(stored: Order.samples, failingCancels: [1]))
    await model.load()
    await model.cancel(Order.samples[0])

    #expect(
      OrdersTerminalScreen(model: model).render()
        == "Orders\n  #1   $40.00\n  #2   $15.50\n! Couldn't cancel order #1.")
  }

  @Test func renderingTracksTheModelSoAChangeInvalidatesTheScreen() async {
    let model = OrdersModel(service: FakeOrderService(orders: Order.samples))
    let screen = OrdersTerminalScreen(model: model)
    let invalidated = Atomic(0)

    let first = withObservationTracking {
      screen.render()
    } onChange: {
      invalidated.add(1, ordering: .relaxed)
    }
    #expect(first == "Orders\n  (none)")
    #expect(invalidated.load(ordering: .relaxed) == 0)

    await model.load()

    // Observation calls `onChange` synchronously, on the first change after the render.
    #expect(invalidated.load(ordering: .relaxed) == 1)
    #expect(screen.render() != first)
  }

  @Test func longAndNegativeOrderIdsAreShownWhole() async {
    // Cut to the width of the column, 12345 read as #1234 and -98765 as #-987: the user would
    // cancel the wrong order.
    let model = OrdersModel(
      service: FakeOrderService(orders: [
        Order(id: 12345, total: 1), Order(id: -98765, total: 2), Order(id: 7, total: 3),
        Order(id: Int.max, total: 4),
      ]))
    await model.load()

    #expect(
      OrdersTerminalScreen(model: model).render()
        == "Orders\n  #12345 $1.00\n  #-98765 $2.00\n  #7   $3.00\n  #\(Int.max) $4.00")
  }

  @Test func aScreenThatReadsNothingChangedIsNotInvalidated() async {
    let model = OrdersModel(service: FakeOrderService(orders: Order.samples))
    let other = OrdersModel(service: FakeOrderService(orders: Order.samples))
    let invalidated = Atomic(false)

    _ = withObservationTracking {
      OrdersTerminalScreen(model: model).render()
    } onChange: {
      invalidated.store(true, ordering: .relaxed)
    }
    await other.load()

    #expect(invalidated.load(ordering: .relaxed) == false)
  }

  @Test func theTerminalHostRedrawsWhenTheModelChanges() async {
    let model = OrdersModel(service: FakeOrderService(stored: Order.samples, failingCancels: [2]))
    let (frames, written) = AsyncStream.makeStream(of: String.self)
    let host = TerminalHost(render: OrdersTerminalScreen(model: model).render) { written.yield($0) }
    var next = frames.makeAsyncIterator()

    host.start()
    #expect(await next.next() == "Orders\n  (none)")

    await model.load()
    #expect(await next.next() == "Orders\n  #1   $40.00\n  #2   $15.50")

    // The optimistic removal is drawn while the request is in flight, then the rollback.
    await model.cancel(Order.samples[1])
    #expect(await next.next() == "Orders\n  #1   $40.00")
    #expect(
      await next.next() == "Orders\n  #1   $40.00\n  #2   $15.50\n! Couldn't cancel order #2.")
    host.finish()
  }

  @Test func theHostWritesNoFrameAfterItFinishes() async {
    let model = OrdersModel(service: FakeOrderService(orders: Order.samples))
    var frames: [String] = []
    let host = TerminalHost(render: OrdersTerminalScreen(model: model).render) { frames.append($0) }
    host.start()
    host.finish()

    await model.load()
    await Task.yield()

    #expect(frames == ["Orders\n  (none)"])
  }

  @Test func theModelDoesNotKeepAHostAlive() async {
    // The model's observation registrar holds the host's change handler until the next change;
    // the handler must hold the host weakly, or every screen ever shown would stay alive.
    let model = OrdersModel(service: FakeOrderService(orders: Order.samples))
    weak var released: TerminalHost?
    do {
      let host = TerminalHost(render: OrdersTerminalScreen(model: model).render) { _ in }
      host.start()
      released = host
    }
    #expect(released == nil)
    await model.load()  // fires the stale handler, which must find no host
    #expect(model.orders == Order.samples)
  }
}
