import Napkin

final class AComponent: EmptyComponent, @unchecked Sendable {
  var token: String {
    get async throws { "token" }
  }
  var b: BComponent { BComponent(dependency: self) }
}

nonisolated protocol BDependency: Dependency {}
nonisolated extension AComponent: BDependency {}

final class BComponent: Component<any BDependency>, @unchecked Sendable {
  var c: CComponent { CComponent(dependency: self) }
}

nonisolated protocol CDependency: Dependency {
  @MainActor var token: String { get async throws }
}
nonisolated extension BComponent: CDependency {}

final class CComponent: Component<any CDependency>, @unchecked Sendable {}
