import Foundation
import TerminalIO

/// The values of Shop's options, checked: what ``ShopCommand/parse(_:)`` makes of their text.
enum ShopOptions {
  /// An http or https URL with a host and, if it names one, a port from 1 to 65535.
  ///
  /// The scheme is lowercased (`HTTP://shop.example` is `http://shop.example`): schemes are
  /// case-insensitive, and URLSession accepts only lowercase ones.
  static func baseURL(_ text: String) throws(UsageError) -> URL {
    let shown = TerminalText.echoed(text)
    let notHTTP = UsageError(
      "--base-url must be an http or https URL such as http://127.0.0.1:8080; got '\(shown)'.")
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
  static func seconds(_ text: String?, for name: String) throws(UsageError) -> Duration? {
    guard let text else { return nil }
    guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
      let shown = TerminalText.echoed(text)
      throw UsageError(
        "\(name) takes a number of seconds above 0 and at most 86400; got '\(shown)'.")
    }
    return .seconds(seconds)
  }

  /// A whole number of at least one.
  static func count(_ text: String?, for name: String) throws(UsageError) -> Int? {
    guard let text else { return nil }
    guard let count = Int(text), count >= 1 else {
      throw UsageError(
        "\(name) takes a whole number of at least 1; got '\(TerminalText.echoed(text))'.")
    }
    return count
  }
}
