import Napkin

/// A `Routing` that is not a `Router`, as a test's spy would be: it counts how often it is
/// loaded, so that a test can see the tree load it once.
@MainActor
final class SpyRouter: Routing {
  let interactable: any Interactable
  private(set) var children: [any Routing] = []
  private(set) var loadCount = 0

  init(interactor: any Interactable) {
    interactable = interactor
  }

  func load() {
    loadCount += 1
  }

  func attachChild(_ child: any Routing, fileID: StaticString, line: UInt) {
    children.append(child)
  }

  func detachChild(_ child: any Routing, fileID: StaticString, line: UInt) {
    children.removeAll { $0 === child }
  }
}
