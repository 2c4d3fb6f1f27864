import Napkin

extension Routing {
  /// The napkin's component, if this router keeps one of type `type`: for a test that checks
  /// what a napkin was built with, without widening the router's API for the app.
  ///
  /// ```swift
  /// let router = Router(interactor: Interactor(), component: EmptyComponent())
  /// #expect(router.component(as: EmptyComponent.self) != nil)
  /// ```
  ///
  /// Threading: main actor.
  public func component<Component>(as type: Component.Type) -> Component? {
    (self as? any ComponentKeeping)?.keptComponent as? Component
  }
}
