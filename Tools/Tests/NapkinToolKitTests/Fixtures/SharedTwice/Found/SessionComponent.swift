import Napkin

final class SessionComponent: EmptyComponent {
  var session: Session {
    let store = shared { TokenStore() }
    return shared { Session(store: store) }
  }
}
