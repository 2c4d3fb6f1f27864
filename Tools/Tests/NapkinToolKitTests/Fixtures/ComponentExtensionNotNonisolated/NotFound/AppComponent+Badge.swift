import Napkin

nonisolated extension AppComponent: BadgeDependency {
  var userName: String { "Ada" }
}

@MainActor
extension AppComponent {
  var badgeBuilder: any BadgeBuildable {
    BadgeBuilder(dependency: self)
  }
}
