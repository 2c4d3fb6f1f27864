import Napkin

extension HomeComponent: ProfileDependency {
  var userName: String { "Ada" }
}
