import Foundation

/// The services the app hands to its screens: real ones in the app, fakes in previews and tests.
///
/// ```swift
/// let model = OrdersModel(service: AppDependencies.preview.orders)
/// ```
///
/// Threading: an immutable value of `Sendable` services; `Sendable`.
struct AppDependencies: Sendable {
  let orders: any OrderService

  /// The production wiring: the shop's API over HTTP. `Shop orders`, `cancel` and `watch` use
  /// it when no `--base-url` or `--timeout` points them elsewhere.
  static let live = AppDependencies(orders: LiveOrderService(baseURL: productionBaseURL))

  /// The shop's production server.
  static let productionBaseURL = URL(string: "https://api.example.com")!

  /// Sample data, no network: what a preview (or `Shop demo`) shows.
  static let preview = AppDependencies(orders: FakeOrderService(orders: Order.samples))
}

extension AppDependencies {
  /// The production wiring against the server at `baseURL`, as the command line chooses it.
  static func live(baseURL: URL, timeout: Duration) -> AppDependencies {
    AppDependencies(orders: LiveOrderService(baseURL: baseURL, timeout: timeout))
  }
}
