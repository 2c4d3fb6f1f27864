import Napkin

nonisolated extension AppComponent: BadgeDependency {
  var badgeBuilder: any BadgeBuildable {
    BadgeBuilder(dependency: self)
  }
}
