import Napkin
import TerminalIO

/// Opens a deep link the way a RIBs workflow does: each step waits for the napkin that handles
/// it to be attached and active, so the link works whether the user is signed in yet or not.
///
/// Run it as a task of the root interactor: it then ends when the tree does, and it holds no
/// napkin while it waits (the first wait keeps the root only weakly, so a tree dropped while the
/// link waits is released, and the link ends).
@MainActor
enum DeepLinkFlow {
  /// Waits for `link.user` to sign in, then for Home, then opens the profile; `report` says what
  /// happened, once.
  static func open(
    _ link: DeepLink, from login: ChildWait<any LoggedInDeepLinkable>, report: (String) -> Void
  ) async {
    let name = TerminalText.echoed(link.user)
    do {
      let loggedIn = try await login.value()
      guard loggedIn.signedInName == link.user, let session = loggedIn.routing else {
        let who = TerminalText.echoed(loggedIn.signedInName ?? "nobody")
        report("The link to \(name)'s profile was dropped: \(who) signed in.\n")
        return
      }
      let home = try await session.activeChild(as: (any HomeDeepLinkable).self)
      home.openProfile()
      report("Opened \(name)'s profile from the link.\n")
    } catch is CancellationError {
      return
    } catch {
      report("The link to \(name)'s profile was dropped: \(error).\n")
    }
  }
}
