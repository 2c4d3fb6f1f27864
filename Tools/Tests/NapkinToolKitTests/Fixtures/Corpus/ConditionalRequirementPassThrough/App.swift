import Napkin

final class AComponent: EmptyComponent, @unchecked Sendable {
  var name: String { "a" }
  #if os(iOS)
    var haptics: Int { 1 }
  #elseif os(Linux)
    var journal: Int { 2 }
  #endif
  var b: BComponent { BComponent(dependency: self) }
}

nonisolated protocol BDependency: Dependency {}
nonisolated extension AComponent: BDependency {}

final class BComponent: Component<any BDependency>, @unchecked Sendable {
  #if os(iOS)
    var c: CComponent { CComponent(dependency: self) }
  #else
    var c: CComponent { CComponent(dependency: self) }
  #endif
}

nonisolated protocol CDependency: Dependency {
  var name: String { get }
  #if os(iOS)
    var haptics: Int { get }
  #elseif os(Linux)
    var journal: Int { get }
  #endif
}

final class CComponent: Component<any CDependency>, @unchecked Sendable {}
