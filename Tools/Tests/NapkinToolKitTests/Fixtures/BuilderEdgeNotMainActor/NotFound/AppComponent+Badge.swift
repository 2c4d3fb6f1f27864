import Napkin

nonisolated extension AppComponent: BadgeDependency {
  @MainActor var badgeBuilder: any BadgeBuildable {
    BadgeBuilder(dependency: self)
  }
}
