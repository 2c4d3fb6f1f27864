import TerminalSafety

/// The command line's options, each at most once, in any order.
struct Options: Equatable {
  /// `--open profile/<name>`.
  var link: DeepLink?
  /// `--snapshot FILE`.
  var snapshotPath: String?
  /// `--help` or `-h`.
  var help = false

  /// Why the command line is wrong; the message says how to write it.
  struct Refusal: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  /// Parses `arguments`, without the program name.
  static func parse(_ arguments: [String]) throws(Refusal) -> Options {
    var options = Options()
    var seen: Set<String> = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      guard ["--open", "--snapshot", "--help", "-h"].contains(argument) else {
        throw Refusal(
          description: "unknown argument `\(TerminalText.escaped(argument, limit: 60))`. "
            + "Try `HomeNapkin --help`.")
      }
      guard seen.insert(argument == "-h" ? "--help" : argument).inserted else {
        throw Refusal(description: "\(argument) is given twice; give it once.")
      }
      switch argument {
      case "--open":
        guard let text = rest.popFirst() else {
          throw Refusal(description: "--open needs a link, e.g. `--open profile/alice`.")
        }
        switch DeepLink.parse(text) {
        case .success(let parsed): options.link = parsed
        case .failure(let error): throw Refusal(description: error.description)
        }
      case "--snapshot":
        guard let path = rest.popFirst() else {
          throw Refusal(description: "--snapshot needs a file, e.g. `--snapshot tree.json`.")
        }
        options.snapshotPath = path
      default:
        options.help = true
      }
    }
    return options
  }
}
