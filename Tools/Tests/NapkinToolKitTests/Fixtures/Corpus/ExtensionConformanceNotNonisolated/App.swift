import Napkin

nonisolated protocol TitleProviding: Sendable {
  var title: String { get }
}

final class HomeComponent: EmptyComponent, @unchecked Sendable {}

extension HomeComponent: TitleProviding {
  var title: String { "Home" }
}

nonisolated func heading(_ component: HomeComponent) -> String { component.title }
