import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A running app's napkin tree: the `"kind": "tree-snapshot"` document of
/// `Schema/napkin.schema.json`, which `router.treeSnapshot()` writes and `napkin graph --format
/// html --snapshot FILE` draws on the static tree.
///
/// Only the fields the schema defines are kept: decoding drops anything else, so the page embeds
/// nothing the schema does not describe. Read and written by ``SnapshotJSON``, not Foundation's
/// coders, which refuse a tree deeper than 256 napkins; a snapshot may be ``maximumDepth`` deep.
struct TreeSnapshot: Equatable, Sendable {
  var schema: Int
  var kind: String
  var root: Napkin
  /// The live components above the root napkin's, nearest first (HomeNapkin's `AppComponent`).
  var ancestorComponents: [Component]
  /// Napkins detached but still alive, oldest detach first.
  var detached: [Detached]

  /// One attached napkin and its attached children, in attach order.
  struct Napkin: Equatable, Sendable {
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
  struct Component: Equatable, Sendable {
    var name: String
    var shared: [SharedInstance]
  }

  /// A built shared instance: its member's name, its type and how many; never its value.
  struct SharedInstance: Equatable, Sendable {
    var name: String
    var type: String
    var count: Int
    var description: String?
  }

  /// A napkin detached from the tree that has not been released yet.
  struct Detached: Equatable, Sendable {
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
  /// ``maximumFileSize`` bytes, of a schema and kind this tool knows.
  static func read(_ path: String) throws(UsageError) -> TreeSnapshot {
    try decode(readFile(path), from: path)
  }

  /// The file's bytes; the messages say what was wrong and what to pass instead.
  static func readFile(_ path: String) throws(UsageError) -> Data {
    func failure(_ message: String) -> UsageError {
      UsageError(message: "--snapshot \(TerminalText.name(path)): \(message)")
    }
    let limit = "\(maximumFileSize >> 20) MiB"
    // Never through a link: one planted where the app writes its snapshot is refused.
    do {
      return try BoundedFile.read(path, limit: maximumFileSize)
    } catch {
      switch error {
      case .symbolicLink:
        throw failure(
          "is a symbolic link, which napkin does not follow; pass the file it points to")
      case .cannotOpen(let code):
        throw failure(
          "cannot open it (\(String(cString: strerror(code)))); pass the file the app writes "
            + "with --snapshot")
      case .notRegularFile:
        throw failure("is not a regular file (a folder, a FIFO, a device or a socket)")
      case .tooLarge:
        throw failure(
          "is larger than \(limit), the most napkin reads of a snapshot; is it the app's snapshot?")
      case .cannotReadToTheEnd:
        throw failure(
          "cannot be read to its end, or grew past \(limit) while it was read, the most napkin "
            + "reads of a snapshot")
      }
    }
  }

  /// The deepest napkin tree read: far deeper than any app's (a real one is some ten levels).
  /// A napkin is an object in its parent's `children` array, so that is twice as many levels
  /// of JSON.
  static let maximumDepth = 1_000

  /// Levels of JSON a snapshot ``maximumDepth`` napkins deep takes: two a napkin, and the
  /// document, a detached entry, a component, its `shared` array and an instance.
  static let maximumJSONDepth = 2 * maximumDepth + 6

  /// Decodes `data` read from `path`, refusing a schema or a kind it does not know. Runs on a
  /// thread of ``ParserThreads``: decoding recurses once per napkin level.
  static func decode(_ data: Data, from path: String) throws(UsageError) -> TreeSnapshot {
    let bytes = [UInt8](data)
    return try ParserThreads.map(1) { _ in
      Result { () throws(UsageError) in try TreeSnapshot.decode(bytes, from: path) }
    }[0].get()
  }

  private static func decode(_ bytes: [UInt8], from path: String) throws(UsageError) -> TreeSnapshot
  {
    func failure(_ message: String) -> UsageError {
      UsageError(message: "--snapshot \(TerminalText.name(path)): \(message)")
    }
    let tooDeep = failure(
      "is nested deeper than \(maximumDepth) napkins (\(maximumJSONDepth) levels of JSON), "
        + "the deepest tree napkin draws; is it the app's snapshot?")
    let document: SnapshotJSON.Value
    do {
      document = try SnapshotJSON.parse(bytes, maximumDepth: maximumJSONDepth)
    } catch {
      guard error == .tooDeep else {
        throw failure(
          "is not a JSON object; pass the file a running app writes from router.treeSnapshot() "
            + "(HomeNapkin: --snapshot FILE)")
      }
      throw tooDeep
    }
    guard case .object(let members) = document else {
      throw failure(
        "is not a JSON object; pass the file a running app writes from router.treeSnapshot() "
          + "(HomeNapkin: --snapshot FILE)")
    }
    var kind: String?
    if case .string(let text)? = members["kind"] { kind = text }
    var schema: Int?
    if case .number(let text)? = members["schema"] { schema = Int(text) }
    switch kind {
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
    guard schema == JSONGraph.schema else {
      let found = schema.map { "schema \($0)" } ?? "no schema number"
      throw failure(
        "has \(found), and this napkin reads schema \(JSONGraph.schema) only; use a napkin "
          + "built from the same Napkin release as the app")
    }
    do {
      return try TreeSnapshot(Field(value: document, place: Place()))
    } catch .tooDeep {
      throw tooDeep
    } catch {
      throw failure(
        "does not match schema \(JSONGraph.schema) (Schema/napkin.schema.json): "
          + TerminalText.name(error.description))
    }
  }

  /// The snapshot as the JSON text the page embeds. Runs on a thread of ``ParserThreads``:
  /// building the value recurses once per napkin level.
  var jsonText: String {
    let snapshot = self
    return ParserThreads.map(1) { _ in SnapshotJSON.text(snapshot.json) }[0]
  }
}
