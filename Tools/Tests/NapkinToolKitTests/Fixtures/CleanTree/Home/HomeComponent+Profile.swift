import Napkin

nonisolated extension HomeComponent: ProfileDependency {
  var profileFormatter: ProfileFormatter {
    ProfileFormatter(locale: .current)
  }
}
