import Foundation

/// The orders screen as text: the terminal plays document 002's SwiftUI view (`OrdersScreen`,
/// in `AppArchitecture/OrdersScreen.swift`, for Apple platforms), the Linux view of the same
/// model.
///
/// Like a view's `body`, ``render()`` only reads the model; whoever calls it inside
/// `withObservationTracking` (``TerminalHost``) learns when to call it again.
///
/// ```
/// Orders
///   #1   $40.00
///   #2   $15.50
/// ```
///
/// Threading: main actor, because the model is.
@MainActor
struct OrdersTerminalScreen {
  let model: OrdersModel

  init(model: OrdersModel) {
    self.model = model
  }

  /// As the document's `OrdersScreen(dependencies:)`: the screen builds its own model from the
  /// services it is given, so `OrdersTerminalScreen(dependencies: .preview)` needs no network.
  init(dependencies: AppDependencies) {
    self.init(model: OrdersModel(service: dependencies.orders))
  }

  func render() -> String {
    var lines = ["Orders"]
    if model.orders.isEmpty {
      lines.append("  (none)")
    }
    for order in model.orders {
      // Ids are padded to line up, never cut: a cut id would name another order.
      let id = "  #\(order.id)"
      lines.append(id + String(repeating: " ", count: max(1, 7 - id.count)) + price(order))
    }
    if let error = model.error {
      lines.append("! \(error)")
    }
    return lines.joined(separator: "\n")
  }

  private func price(_ order: Order) -> String {
    "$" + String(format: "%.2f", order.total)
  }
}
