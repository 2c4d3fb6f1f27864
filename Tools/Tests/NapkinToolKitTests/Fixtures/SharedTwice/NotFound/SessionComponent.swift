import Napkin

final class SessionComponent: EmptyComponent {
  var tokenStore: TokenStore {
    shared { TokenStore() }
  }

  var session: Session {
    shared { Session(store: tokenStore) }
  }
}
