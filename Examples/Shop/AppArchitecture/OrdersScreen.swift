// Document 002's view, as the document writes it, for Apple platforms: `Shop` on Linux shows the
// same model on `OrdersTerminalScreen`. This machine (Linux) has no SwiftUI, so the lines below are
// never compiled here: they are kept to the document's, and the README's copy of them is the one
// block the snippet checker skips (`snippet-skip`).
#if canImport(SwiftUI)
  import SwiftUI

  struct OrdersScreen: View {
    @State private var model: OrdersModel
    init(dependencies: AppDependencies) {
      _model = State(initialValue: OrdersModel(service: dependencies.orders))
    }
    var body: some View { OrdersList(model: model).task { await model.load() } }
  }

  #Preview { OrdersScreen(dependencies: .preview) }

  /// The list the document's screen shows; the document leaves it out.
  struct OrdersList: View {
    let model: OrdersModel
    var body: some View {
      List(model.orders, id: \.id) { order in
        LabeledContent("#\(order.id)", value: order.total, format: .currency(code: "USD"))
      }
    }
  }
#endif
