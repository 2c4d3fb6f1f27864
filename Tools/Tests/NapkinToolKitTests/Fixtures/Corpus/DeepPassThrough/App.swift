import Napkin

nonisolated final class Service: Sendable {
  init() {}
}

final class AComponent: EmptyComponent, @unchecked Sendable {
  var service: Service { shared { Service() } }
  var b: BComponent { BComponent(dependency: self) }
}

nonisolated protocol BDependency: Dependency {}
nonisolated extension AComponent: BDependency {}

final class BComponent: Component<any BDependency>, @unchecked Sendable {
  var c: CComponent { CComponent(dependency: self) }
}

nonisolated protocol CDependency: Dependency {}
nonisolated extension BComponent: CDependency {}

final class CComponent: Component<any CDependency>, @unchecked Sendable {
  var d: DComponent { DComponent(dependency: self) }
}

nonisolated protocol DDependency: Dependency {
  var service: Service { get }
}
nonisolated extension CComponent: DDependency {}

final class DComponent: Component<any DDependency>, @unchecked Sendable {}
