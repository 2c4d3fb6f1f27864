// What NapkinTesting's articles assume of the Shop example (Examples/Shop): its order, its
// service protocol, its view model, its working fake and its command runner, reduced to the
// members the snippets touch. .ci/snippets/check.py compiles each snippet together with this file.
import Foundation
import Napkin
import NapkinTesting
import Observation
import Testing

nonisolated struct Order: Equatable, Sendable {
  let id: Int

  static let samples = [Order(id: 1), Order(id: 2), Order(id: 3)]
}

nonisolated struct ServerError: Error {}

nonisolated protocol OrderService: Sendable {
  func orders() async throws -> [Order]
  func cancel(orderID: Int) async throws
}

@Observable @MainActor
final class OrdersModel {
  private(set) var orders: [Order] = []
  private(set) var errorMessage: String?
  private let service: any OrderService

  init(service: any OrderService) {
    self.service = service
  }

  func load() async {
    do { orders = try await service.orders() } catch { errorMessage = "Couldn't load the orders." }
  }

  func cancel(_ order: Order) async {
    orders.removeAll { $0 == order }
    do {
      try await service.cancel(orderID: order.id)
    } catch {
      orders.append(order)
      errorMessage = "Couldn't cancel order #\(order.id)."
    }
  }
}

nonisolated final class FakeOrderService: OrderService {
  let stored: [Order]
  let failingCancels: Set<Int>

  init(stored: [Order], failingCancels: Set<Int> = []) {
    self.stored = stored
    self.failingCancels = failingCancels
  }

  func orders() async throws -> [Order] { stored }

  func cancel(orderID: Int) async throws {
    if failingCancels.contains(orderID) { throw ServerError() }
  }
}

nonisolated final class LiveOrderService: OrderService {
  let baseURL: URL

  init(baseURL: URL) { self.baseURL = baseURL }

  func orders() async throws -> [Order] { [] }
  func cancel(orderID: Int) async throws {}
}

/// How a command ended.
nonisolated enum ExitStatus: Equatable, Sendable {
  case success
  case failure
}

/// Runs Shop's commands against a service, sleeping on the clock it is given.
nonisolated final class ShopRunner: Sendable {
  private let service: any OrderService
  private let clock: any Clock<Duration>

  init(service: any OrderService, clock: any Clock<Duration>) {
    self.service = service
    self.clock = clock
  }

  func run(_ arguments: [String]) async -> ExitStatus {
    do {
      _ = try await service.orders()
      try await clock.sleep(for: .seconds(5))
      _ = try await service.orders()
      return .success
    } catch {
      return .failure
    }
  }
}
