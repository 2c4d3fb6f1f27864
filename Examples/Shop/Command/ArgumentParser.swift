import Foundation

/// Splits the command line into positionals and `--name value` (or `--name=value`) options, and
/// reports anything left over.
///
/// Threading: a value type used by one caller.
struct ArgumentParser {
  private var positionals: [String] = []
  private var options: [String: String] = [:]
  private var parseError: UsageError?
  private(set) var wantsHelp = false

  private static let valuedOptions: Set = ["--base-url", "--timeout", "--every", "--times"]

  init(_ arguments: [String]) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "-h" || argument == "--help" {
        wantsHelp = true
      } else if argument.hasPrefix("-") && Int(argument) == nil {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts[0]
        guard Self.valuedOptions.contains(name) else {
          parseError = parseError ?? UsageError("unknown option '\(name)'; see --help.")
          continue
        }
        guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
          parseError = parseError ?? UsageError("\(name) needs a value; see --help.")
          continue
        }
        if options.updateValue(value, forKey: name) != nil {
          parseError = parseError ?? UsageError("\(name) is given twice; give it once.")
        }
      } else {
        positionals.append(argument)
      }
    }
  }

  mutating func nextPositional() -> String? {
    positionals.isEmpty ? nil : positionals.removeFirst()
  }

  /// `--base-url` (the production server by default) and `--timeout`.
  mutating func serverOptions() throws(UsageError) -> ShopCommand.ServerOptions {
    try rethrowParseError()
    var server = ShopCommand.ServerOptions.production
    if let text = options.removeValue(forKey: "--base-url") {
      server.baseURL = try Self.baseURL(text)
    }
    if let timeout = try seconds(for: "--timeout") { server.timeout = timeout }
    return server
  }

  /// An http or https URL with a host and, if it names one, a port from 1 to 65535.
  ///
  /// The scheme is lowercased (`HTTP://shop.example` is `http://shop.example`): schemes are
  /// case-insensitive, and URLSession accepts only lowercase ones.
  private static func baseURL(_ text: String) throws(UsageError) -> URL {
    let notHTTP = UsageError(
      "--base-url must be an http or https URL such as http://127.0.0.1:8080; got '\(text)'.")
    guard var components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty
    else {
      throw notHTTP
    }
    if let port = components.port, !(1...65_535).contains(port) {
      throw UsageError("--base-url has port \(port); a port is a number from 1 to 65535.")
    }
    components.scheme = scheme
    guard let url = components.url else { throw notHTTP }
    return url
  }

  /// A positive number of seconds, at most a day.
  mutating func seconds(for name: String) throws(UsageError) -> Duration? {
    guard let text = options.removeValue(forKey: name) else { return nil }
    guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
      throw UsageError(
        "\(name) takes a number of seconds above 0 and at most 86400; got '\(text)'.")
    }
    return .seconds(seconds)
  }

  /// A whole number of at least one.
  mutating func count(for name: String) throws(UsageError) -> Int? {
    guard let text = options.removeValue(forKey: name) else { return nil }
    guard let count = Int(text), count >= 1 else {
      throw UsageError("\(name) takes a whole number of at least 1; got '\(text)'.")
    }
    return count
  }

  /// Fails on anything the command did not consume.
  func finish() throws(UsageError) {
    try rethrowParseError()
    if let option = options.keys.sorted().first {
      throw UsageError("\(option) does not apply to this command; see --help.")
    }
    if let extra = positionals.first {
      throw UsageError("unexpected argument '\(extra)'; see --help.")
    }
  }

  private func rethrowParseError() throws(UsageError) {
    if let parseError { throw parseError }
  }
}
