import Napkin

nonisolated extension HomeComponent: ProfileDependency {
  var analytics: Analytics { shared { Analytics(session: currentSession) } }
}
