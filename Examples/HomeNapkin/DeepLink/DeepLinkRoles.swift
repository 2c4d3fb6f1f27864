import Napkin

/// What a deep link asks of the signed-in napkin: who is signed in, and its router, to wait on
/// for Home.
@MainActor
protocol LoggedInDeepLinkable: AnyObject {
  var signedInName: String? { get }
  var routing: (any Routing)? { get }
}

/// What a deep link asks of Home.
@MainActor
protocol HomeDeepLinkable: AnyObject {
  func openProfile()
}

extension LoggedInInteractor: LoggedInDeepLinkable {
  var signedInName: String? { userService.currentUser?.name }
  var routing: (any Routing)? { router }
}

extension HomeInteractor: HomeDeepLinkable {}
