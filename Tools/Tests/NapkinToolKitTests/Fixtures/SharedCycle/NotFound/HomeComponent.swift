import Napkin

nonisolated protocol LinkDependency: Dependency {
  var link: Link { get }
}

final class HomeComponent: EmptyComponent, LinkDependency, @unchecked Sendable {
  // A closure read later breaks the cycle on purpose.
  var session: Session { shared { Session(analytics: { [unowned self] in self.analytics }) } }
  var analytics: Analytics { shared { Analytics(session: session) } }

  // Reads in a chain, without a way back.
  var clock: Clock { shared { Clock() } }
  var scheduler: Scheduler { shared { Scheduler(clock: clock) } }

  var link: Link { shared { Link(parent: nil) } }
}

// Each link reads its parent's `link`: another instance of the same type, not a cycle.
final class LinkComponent: Component<any LinkDependency>, LinkDependency, @unchecked Sendable {
  var link: Link { shared { Link(parent: dependency.link) } }
}

nonisolated protocol ReportDependency: Dependency {
  var clock: Clock { get }
}

nonisolated extension HomeComponent: ReportDependency {
  // Built from a child whose read leads to another shared property, not back.
  var report: Report { shared { Report(title: ReportComponent(dependency: self).title) } }
}

final class ReportComponent: Component<any ReportDependency>, @unchecked Sendable {
  var title: Title { Title(clock: dependency.clock) }
}
