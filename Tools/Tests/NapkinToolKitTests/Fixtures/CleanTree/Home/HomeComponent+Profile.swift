import Napkin

extension HomeComponent: ProfileDependency {
  var profileFormatter: ProfileFormatter {
    ProfileFormatter(locale: .current)
  }
}
