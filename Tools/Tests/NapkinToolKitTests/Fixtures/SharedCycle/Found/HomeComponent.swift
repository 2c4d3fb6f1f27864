import Napkin

// `session` needs `analytics`, declared in the edge to Profile; `analytics` needs `session`
// back through a computed property.
final class HomeComponent: EmptyComponent, @unchecked Sendable {
  var session: Session { shared { Session(analytics: analytics) } }

  var currentSession: Session { self.session }
}
