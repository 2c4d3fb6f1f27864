import Napkin

class AppComponent<D, Extra, Handler, Pair, Table, Maybe>: Component<D>, @unchecked Sendable {}

final class HomeComponent: EmptyComponent, @unchecked Sendable {
  var list: ListComponent { ListComponent(dependency: self) }
}

nonisolated protocol ListDependency: Dependency {}

final class ListComponent:
  AppComponent<any ListDependency, [Int], (Int) -> Void, (Int, String), [String: Int], Int?>,
  @unchecked Sendable
{}
