import Napkin

nonisolated struct LoadError: Error {}

final class AComponent: EmptyComponent, @unchecked Sendable {
  func item(id: Int) async throws -> String { "item \(id)" }
  func load() throws(LoadError) -> Int { 1 }
  func transform(_ body: (Int) throws -> Int) rethrows -> Int { try body(1) }
  func note(_ message: @autoclosure () -> String) { _ = message() }
  func bump(_ value: inout Int) { value += 1 }
  func pick<T: Equatable>(_ first: T, or second: T) -> T where T: Sendable { first }
  func page(size: Int = 20) -> Int { size }
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
  func item(id: Int) async throws -> String
  func load() throws(LoadError) -> Int
  func transform(_ body: (Int) throws -> Int) rethrows -> Int
  func note(_ message: @autoclosure () -> String)
  func bump(_ value: inout Int)
  func pick<T: Equatable>(_ first: T, or second: T) -> T where T: Sendable
  func page(size: Int) -> Int
  var token: String { get async throws }
}
nonisolated extension BComponent: CDependency {}

final class CComponent: Component<any CDependency>, @unchecked Sendable {}
