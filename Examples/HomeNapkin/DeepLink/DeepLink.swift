import TerminalIO

/// A link into the tree, as a URL's path would carry it: `profile/alice` opens alice's profile,
/// whether she is signed in yet or not.
nonisolated struct DeepLink: Equatable, Sendable {
  /// Whose profile the link opens.
  let user: String

  /// The link `text` names, or why it names none.
  static func parse(_ text: String) -> Result<DeepLink, DeepLinkError> {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == "profile", !parts[1].isEmpty else {
      return .failure(
        DeepLinkError(
          description: "`\(TerminalText.echoed(text))` is not a link HomeNapkin "
            + "knows; links look like `profile/alice`."))
    }
    return .success(DeepLink(user: String(parts[1])))
  }
}

/// Why a link names nothing to open; the message says what a link looks like.
nonisolated struct DeepLinkError: Error, Equatable, CustomStringConvertible {
  let description: String
}
