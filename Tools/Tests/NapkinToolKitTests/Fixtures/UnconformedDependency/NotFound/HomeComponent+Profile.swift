import Napkin

nonisolated extension HomeComponent: ProfileDependency {
  var userName: String { "Ada" }
}
