import Foundation

/// A running app's napkin tree: the `"kind": "tree-snapshot"` document of
/// `Schema/napkin.schema.json`, which `router.treeSnapshot()` writes and `napkin graph --format
/// html --snapshot FILE` draws on the static tree.
///
/// Decoding keeps only the fields the schema defines, so the page embeds nothing the schema does
/// not describe. Foundation's `JSONDecoder` reads 512 levels of JSON: a deeper snapshot is
/// refused first, by a scan of its nesting, with a message that says so.
struct TreeSnapshot: Equatable, Sendable, Codable {
  var schema: Int
  var kind: String
  var root: Napkin
  /// The live components above the root napkin's, nearest first (HomeNapkin's `AppComponent`).
  var ancestorComponents: [Component]
  /// Napkins detached but still alive, oldest detach first.
  var detached: [Detached]

  /// One attached napkin and its attached children, in attach order.
  struct Napkin: Equatable, Sendable, Codable {
    var name: String
    var router: String
    var interactor: String
    var presenter: String?
    var view: String?
    var active: Bool
    var tasks: Int
    var cleanups: Int
    var component: Component?
    var children: [Napkin]
  }

  /// A live component: its class's name, the name `napkin graph` gives it, and what it built.
  struct Component: Equatable, Sendable, Codable {
    var name: String
    var shared: [SharedInstance]
  }

  /// A built shared instance: its member's name, its type and how many; never its value.
  struct SharedInstance: Equatable, Sendable, Codable {
    var name: String
    var type: String
    var count: Int
    var description: String?
  }

  /// A napkin detached from the tree that has not been released yet.
  struct Detached: Equatable, Sendable, Codable {
    var napkin: Napkin
    var secondsSinceDetach: Double
    var detachedAt: String
  }

  /// The largest snapshot read: far more than a tree of thousands of napkins writes, and a bound
  /// so that a wrong path (a disk image, a log) cannot take all memory.
  static let maximumFileSize = 16 << 20

  /// The kind a tree snapshot names itself by.
  static let kindName = "tree-snapshot"

  /// Reads the snapshot at `path`: a regular file, never through a symbolic link, at most
  /// ``maximumFileSize`` bytes, of a schema and kind this tool knows; the messages say what was
  /// wrong and what to pass instead.
  static func read(_ path: String) throws(UsageError) -> TreeSnapshot {
    let limit = "\(maximumFileSize >> 20) MiB"
    // Never through a link: one planted where the app writes its snapshot is refused.
    let data: Data
    do {
      data = try BoundedFile.readWithStatus(path, limit: maximumFileSize).data
    } catch {
      let message =
        switch error {
        case .symbolicLink:
          "is a symbolic link, which napkin does not follow; pass the file it points to"
        case .cannotOpen(let code):
          "cannot open it (\(String(cString: strerror(code)))); pass the file the app writes "
            + "with --snapshot"
        case .notRegularFile: "is not a regular file (a folder, a FIFO, a device or a socket)"
        case .tooLarge:
          "is larger than \(limit), the most napkin reads of a snapshot; is it the app's snapshot?"
        case .cannotReadToTheEnd:
          "cannot be read to its end, or grew past \(limit) while it was read, the most napkin "
            + "reads of a snapshot"
        }
      throw UsageError(message: "--snapshot \(TerminalText.name(path)): \(message)")
    }
    return try decode(data, from: path)
  }

  /// The levels of JSON `JSONDecoder` reads; a deeper document is refused before it is decoded.
  static let maximumJSONDepth = 512

  /// The deepest napkin tree read, far deeper than any app's (a real one is some ten levels): a
  /// napkin is an object in its parent's `children` array, two levels of JSON, and the document,
  /// a detached entry, a component, its `shared` array and an instance take six more.
  static let maximumDepth = (maximumJSONDepth - 6) / 2

  /// The two fields that say what a document is, read before the rest.
  private struct Header: Decodable {
    var kind: String?
    var schema: Int?
  }

  /// Decodes `data` read from `path`, refusing a schema or a kind it does not know. Runs on a
  /// thread of ``ParserThreads``: decoding recurses once per level.
  static func decode(_ data: Data, from path: String) throws(UsageError) -> TreeSnapshot {
    try ParserThreads.map(1) { _ in
      Result { () throws(UsageError) -> TreeSnapshot in
        func failure(_ message: String) -> UsageError {
          UsageError(message: "--snapshot \(TerminalText.name(path)): \(message)")
        }
        guard nesting(of: data) <= maximumJSONDepth else {
          throw failure(
            "is nested too deeply: more than \(maximumJSONDepth) levels of JSON (some "
              + "\(maximumDepth) napkins), more than JSONDecoder reads; is it the app's snapshot?")
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
          throw failure(
            "is not a JSON object; pass the file a running app writes from router.treeSnapshot() "
              + "(HomeNapkin: --snapshot FILE)")
        }
        switch header.kind {
        case kindName?: break
        case "graph"?:
          throw failure(
            "is a graph (`napkin graph --format json`), not a tree snapshot; pass the file a running "
              + "app writes from router.treeSnapshot()")
        case let other?:
          throw failure(
            "has kind \"\(TerminalText.name(other))\", which napkin does not know; a tree snapshot "
              + "has \"kind\": \"\(kindName)\"")
        case nil:
          throw failure(
            "has no \"kind\"; a tree snapshot has \"kind\": \"\(kindName)\" and \"schema\": "
              + "\(JSONGraph.schema) (Schema/napkin.schema.json)")
        }
        guard header.schema == JSONGraph.schema else {
          let found = header.schema.map { "schema \($0)" } ?? "no schema number"
          throw failure(
            "has \(found), and this napkin reads schema \(JSONGraph.schema) only; use a napkin "
              + "built from the same Napkin release as the app")
        }
        do {
          return try JSONDecoder().decode(TreeSnapshot.self, from: data)
        } catch {
          throw failure(
            "does not match schema \(JSONGraph.schema) (Schema/napkin.schema.json): "
              + TerminalText.name(mismatch(error)))
        }
      }
    }[0].get()
  }

  /// Where a decoding error is, as the schema's path: `root.children[0].active is missing`.
  private static func mismatch(_ error: any Error) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      let text = keys.enumerated().map { index, key in
        key.intValue.map { "[\($0)]" } ?? (index == 0 ? key.stringValue : "." + key.stringValue)
      }.joined()
      return text.isEmpty ? "the document" : text
    }
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?:
      return path(context.codingPath + [key]) + " is missing"
    case .valueNotFound(_, let context)?: return path(context.codingPath) + " is missing"
    case .typeMismatch(_, let context)?: return path(context.codingPath) + " has the wrong type"
    case .dataCorrupted(let context)?: return path(context.codingPath) + " is not valid"
    default: return "it cannot be read"
    }
  }

  /// The deepest nesting of arrays and objects in `data`, read without recursion; brackets
  /// inside strings do not count.
  static func nesting(of data: Data) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in data {
      if escaped {
        escaped = false
        continue
      }
      switch byte {
      case UInt8(ascii: "\\"): escaped = inString
      case UInt8(ascii: "\""): inString.toggle()
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += inString ? 0 : 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= inString ? 0 : 1
      default: break
      }
    }
    return deepest
  }

  /// The snapshot's JSON text as the page embeds it, keys sorted, what a terminal or a script
  /// could misread escaped; on a thread of ``ParserThreads``, as encoding recurses once per level.
  var jsonText: String {
    ParserThreads.map(1) { _ in JSONOutput.encode(self).trimmingCharacters(in: .newlines) }[0]
  }
}
