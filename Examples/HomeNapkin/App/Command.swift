import Foundation

/// A line of input, parsed.
enum Command: Equatable {
  case login(name: String)
  case logout
  case profile
  case settings
  case back
  case tree
  case treeJSON
  case open(DeepLink)
  case help
  case quit

  /// What a line parses to.
  enum Parsed: Equatable {
    case command(Command)
    case blank
    case unknown(String)
    /// A known keyword with arguments it cannot take; the message says why.
    case invalid(String)
  }

  /// Parses a line: a keyword (case-insensitive) and, for `login`, the rest of the line as the
  /// name; for `open`, a link such as `profile/alice`.
  static func parse(_ line: String) -> Parsed {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard let keyword = trimmed.split(separator: " ", maxSplits: 1).first else { return .blank }
    let rest = trimmed.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
    switch keyword.lowercased() {
    case "login": return .command(.login(name: rest))
    case "logout" where rest.isEmpty: return .command(.logout)
    case "profile" where rest.isEmpty: return .command(.profile)
    case "settings" where rest.isEmpty: return .command(.settings)
    case "back" where rest.isEmpty: return .command(.back)
    case "tree" where rest.isEmpty: return .command(.tree)
    case "tree" where rest == "--json": return .command(.treeJSON)
    case "open":
      switch DeepLink.parse(rest) {
      case .success(let link): return .command(.open(link))
      case .failure(let error): return .invalid(error.description)
      }
    case "help" where rest.isEmpty: return .command(.help)
    case "quit" where rest.isEmpty, "exit" where rest.isEmpty: return .command(.quit)
    default: return .unknown(trimmed)
    }
  }

  /// The keyword as typed.
  var keyword: String {
    switch self {
    case .login: "login"
    case .logout: "logout"
    case .profile: "profile"
    case .settings: "settings"
    case .back: "back"
    case .tree, .treeJSON: "tree"
    case .open: "open"
    case .help: "help"
    case .quit: "quit"
    }
  }

  /// The list of commands, for `help` and `--help`.
  static let helpText = """
    Commands:
      login <name>  sign in (letters and digits, up to 20)
      logout        sign out
      profile       open your profile
      settings      open the settings
      back          close the profile or the settings
      tree          print the live napkin tree, one napkin a line
      tree --json   print the live tree's snapshot: each napkin's state and work,
                    and what each component has built
      open profile/<name>
                    open a user's profile as a deep link does: now if they are
                    signed in, or as soon as they sign in
      help          print this list
      quit          leave (end of input leaves too)

    """
}
