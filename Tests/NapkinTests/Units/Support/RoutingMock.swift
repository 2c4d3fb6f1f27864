import Napkin

/// A `Routing` mock as RIBs' mock generator writes one (call counts, handlers, bare existentials),
/// ported by changing only the protocol it conforms to.
@MainActor
final class RoutingMock: RoutingTestDouble {
  var interactable: Interactable
  var children: [Routing] = []
  var loadCallCount = 0
  var attachChildCallCount = 0
  var attachChildHandler: ((_ child: Routing) -> Void)?
  var detachChildCallCount = 0
  var detachChildHandler: ((_ child: Routing) -> Void)?

  init(interactable: Interactable) {
    self.interactable = interactable
  }

  func load() {
    loadCallCount += 1
  }

  func attachChild(_ child: Routing) {
    attachChildCallCount += 1
    if let attachChildHandler {
      attachChildHandler(child)
    }
  }

  func detachChild(_ child: Routing) {
    detachChildCallCount += 1
    if let detachChildHandler {
      detachChildHandler(child)
    }
  }
}
