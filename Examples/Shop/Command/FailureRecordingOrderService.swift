import BoundedHTTP
import Foundation

/// Wraps a service and remembers why its last call failed.
///
/// The model turns every failure into a sentence for the screen ("Couldn't load orders.") and
/// keeps nothing else, as the document's model does. The terminal also wants the reason (HTTP 500?
/// nothing listening?), so the command line wraps the live service in this decorator instead of
/// teaching the model about transport errors.
///
/// Threading: `Sendable`; the record is kept under a lock.
nonisolated struct FailureRecordingOrderService: OrderService {
  let base: any OrderService
  private let lastFailure = Shared()

  init(wrapping base: any OrderService) {
    self.base = base
  }

  /// Why the most recent failed call failed, or `nil` when no call has failed.
  var lastFailureReason: String? {
    lastFailure.reason
  }

  func orders() async throws -> [Order] {
    do {
      return try await base.orders()
    } catch {
      lastFailure.record(error)
      throw error
    }
  }

  func cancel(orderID: Int) async throws {
    do {
      try await base.cancel(orderID: orderID)
    } catch {
      lastFailure.record(error)
      throw error
    }
  }

  private final class Shared: @unchecked Sendable {
    // SAFETY: `stored` is read and written only under `lock`, in `reason` and `record`; `lock`
    // is a `let`.
    private let lock = NSLock()
    private var stored: String?

    var reason: String? {
      lock.withLock { stored }
    }

    func record(_ error: any Error) {
      let text = Self.explain(error)
      lock.withLock { stored = text }
    }

    private static func explain(_ error: any Error) -> String {
      guard let error = error as? ServerError else { return String(describing: error) }
      switch error.reason {
      case .timedOut: return "\(error); try a larger --timeout"
      case .unreachable: return "\(error); check --base-url and that the server is running"
      case .notHTTP: return "\(error); check that --base-url names the shop's HTTP port"
      case .redirectedElsewhere, .tooManyRedirects: return "\(error); check --base-url"
      case .mutationRedirected: return "\(error); run `Shop orders` to see"
      default: return error.description
      }
    }
  }
}
