/// What NapkinTesting reads of a router that apps cannot: the component it keeps alive.
@MainActor
package protocol ComponentKeeping: Routing {
  /// The napkin's component, as the builder passed it.
  var keptComponent: (any Dependency)? { get }
}

extension Router: ComponentKeeping {
  package var keptComponent: (any Dependency)? { component }
}
