import Napkin

extension HomeComponent: ProfileDependency {
  var analytics: Analytics { shared { Analytics(session: currentSession) } }
}
