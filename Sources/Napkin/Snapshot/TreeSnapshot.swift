import Foundation

/// The state of a running napkin tree at one moment: which napkins are attached, which
/// interactors are active, what work each still holds, what each component has built, and which
/// detached napkins are still alive.
///
/// ``Routing/treeSnapshot()`` takes one; it encodes to the JSON that `napkin graph --format html
/// --snapshot` draws on the static tree. The JSON is versioned (`"schema": 1`) and defined once, in
/// `Schema/napkin.schema.json`, with the same names as `napkin graph --format json` for the same
/// things: a component's `name` is its class's name, `shared` names its `shared { }` members.
///
/// ```swift
/// let snapshot = root.treeSnapshot()
/// let json = try snapshot.jsonData()
/// ```
///
/// Nothing private leaks into it: type names, property names and counts, never a value, unless
/// the value's type conforms to ``SnapshotDescribable``.
///
/// Threading: a `Sendable` value.
public struct TreeSnapshot: Sendable, Equatable, Codable {
  /// The version of the JSON this type writes and reads; a reader refuses any other.
  ///
  /// ```swift
  /// #expect(TreeSnapshot.schema == 1)
  /// ```
  public static let schema = 1

  /// The value of the JSON's `kind`, which tells a snapshot from a `napkin graph` document.
  ///
  /// ```swift
  /// #expect(TreeSnapshot.kind == "tree-snapshot")
  /// ```
  public static let kind = "tree-snapshot"

  /// The napkin the snapshot was taken from, with its attached subtree.
  ///
  /// ```swift
  /// #expect(snapshot.root.name == "Root")
  /// ```
  public var root: NapkinSnapshot

  /// The components above the root napkin's component, nearest first: the root's dependency,
  /// that one's dependency, and so on while each is a ``Component``. An app's own root
  /// component, which no router holds, is here.
  ///
  /// ```swift
  /// #expect(snapshot.ancestorComponents.map(\.name) == ["AppComponent"])
  /// ```
  public var ancestorComponents: [ComponentSnapshot]

  /// The napkins detached from the subtree that are still alive, oldest detach first. A leak
  /// shows here before the ``LeakDetector`` reports it.
  ///
  /// ```swift
  /// #expect(snapshot.detached.isEmpty)
  /// ```
  public var detached: [DetachedNapkinSnapshot]

  /// Creates a snapshot from its parts; ``Routing/treeSnapshot()`` is the usual way to get one.
  ///
  /// ```swift
  /// let empty = TreeSnapshot(root: leaf, ancestorComponents: [], detached: [])
  /// ```
  public init(
    root: NapkinSnapshot, ancestorComponents: [ComponentSnapshot],
    detached: [DetachedNapkinSnapshot]
  ) {
    self.root = root
    self.ancestorComponents = ancestorComponents
    self.detached = detached
  }

  private enum CodingKeys: String, CodingKey {
    case schema, kind, root, ancestorComponents, detached
  }

  /// Reads a snapshot's JSON; throws `DecodingError.dataCorrupted` for another schema or kind.
  ///
  /// ```swift
  /// let read = try JSONDecoder().decode(TreeSnapshot.self, from: data)
  /// ```
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let schema = try container.decode(Int.self, forKey: .schema)
    guard schema == Self.schema else {
      throw DecodingError.dataCorruptedError(
        forKey: .schema, in: container,
        debugDescription: "a tree snapshot of schema \(schema); this Napkin reads schema "
          + "\(Self.schema). Take the snapshot with the same Napkin version.")
    }
    let kind = try container.decode(String.self, forKey: .kind)
    guard kind == Self.kind else {
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container,
        debugDescription: "a document of kind \"\(kind)\", not \"\(Self.kind)\".")
    }
    root = try container.decode(NapkinSnapshot.self, forKey: .root)
    ancestorComponents = try container.decode([ComponentSnapshot].self, forKey: .ancestorComponents)
    detached = try container.decode([DetachedNapkinSnapshot].self, forKey: .detached)
  }

  /// Writes the snapshot's JSON, `schema` and `kind` first among its keys' sorted order.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(snapshot)
  /// ```
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.schema, forKey: .schema)
    try container.encode(Self.kind, forKey: .kind)
    try container.encode(root, forKey: .root)
    try container.encode(ancestorComponents, forKey: .ancestorComponents)
    try container.encode(detached, forKey: .detached)
  }

  /// The snapshot as JSON text, pretty-printed with sorted keys, so that two snapshots of the
  /// same state are the same bytes and a diff between two shows what changed.
  ///
  /// ```swift
  /// try root.treeSnapshot().jsonData().write(to: url, options: .atomic)
  /// ```
  ///
  /// - Throws: `EncodingError` if a count or a duration cannot be written, which a snapshot
  ///   taken by ``Routing/treeSnapshot()`` never causes.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}
