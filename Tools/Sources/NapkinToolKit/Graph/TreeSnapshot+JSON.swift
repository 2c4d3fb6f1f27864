extension TreeSnapshot {
  /// Where a value sits in the document, kept as a chain to its parent so that each level costs
  /// the same however deep it is; spelled out only for a message.
  final class Place: Sendable {
    let parent: Place?
    let key: String?
    let index: Int?

    init(parent: Place? = nil, key: String? = nil, index: Int? = nil) {
      self.parent = parent
      self.key = key
      self.index = index
    }

    /// `root.children[0].active`, or "the document".
    var description: String {
      var parts: [String] = []
      var place: Place? = self
      while let current = place {
        if let index = current.index {
          parts.append("[\(index)]")
        } else if let key = current.key {
          parts.append(current.parent?.parent == nil ? key : "." + key)
        }
        place = current.parent
      }
      let text = parts.reversed().joined()
      return text.isEmpty ? "the document" : text
    }
  }

  /// Where the document differs from the schema.
  enum Mismatch: Error {
    case missing(Place)
    case wrongType(Place)
    /// Napkins nested deeper than ``TreeSnapshot/maximumDepth``.
    case tooDeep

    var description: String {
      switch self {
      case .missing(let place): "\(place.description) is missing"
      case .wrongType(let place): "\(place.description) has the wrong type"
      case .tooDeep: "napkins are nested deeper than \(TreeSnapshot.maximumDepth)"
      }
    }
  }

  /// A value of the document, or its absence, and where it is.
  struct Field {
    let value: SnapshotJSON.Value?
    let place: Place

    subscript(key: String) -> Field {
      guard case .object(let members)? = value else { return Field(value: nil, place: place) }
      return Field(value: members[key], place: Place(parent: place, key: key))
    }

    /// nil when absent or `null`.
    var optional: Field? {
      switch value {
      case nil, .null?: nil
      default: self
      }
    }

    private func present() throws(Mismatch) -> SnapshotJSON.Value {
      guard let value else { throw .missing(place) }
      return value
    }

    func string() throws(Mismatch) -> String {
      guard case .string(let text) = try present() else { throw .wrongType(place) }
      return text
    }

    func bool() throws(Mismatch) -> Bool {
      guard case .bool(let flag) = try present() else { throw .wrongType(place) }
      return flag
    }

    func double() throws(Mismatch) -> Double {
      guard case .number(let text) = try present(), let number = Double(text) else {
        throw .wrongType(place)
      }
      return number
    }

    func int() throws(Mismatch) -> Int {
      let number = try double()
      guard number.rounded() == number, let whole = Int(exactly: number) else {
        throw .wrongType(place)
      }
      return whole
    }

    func array() throws(Mismatch) -> [Field] {
      guard case .array(let items) = try present() else { throw .wrongType(place) }
      return items.enumerated().map { Field(value: $1, place: Place(parent: place, index: $0)) }
    }
  }

  /// The snapshot `document` holds. Recursive once per napkin level: call it on a thread of
  /// ``ParserThreads``, with a document nested no deeper than ``maximumDepth`` napkins.
  init(_ document: Field) throws(Mismatch) {
    schema = try document["schema"].int()
    kind = try document["kind"].string()
    root = try Napkin(document["root"])
    var ancestors: [Component] = []
    for field in try document["ancestorComponents"].array() {
      ancestors.append(try Component(field))
    }
    ancestorComponents = ancestors
    var detached: [Detached] = []
    for field in try document["detached"].array() {
      detached.append(
        Detached(
          napkin: try Napkin(field["napkin"]),
          secondsSinceDetach: try field["secondsSinceDetach"].double(),
          detachedAt: try field["detachedAt"].string()))
    }
    self.detached = detached
  }

  /// The snapshot as JSON, every field the schema defines and nothing else.
  var json: SnapshotJSON.Value {
    .object([
      "schema": .number(String(schema)), "kind": .string(kind), "root": root.json,
      "ancestorComponents": .array(ancestorComponents.map(\.json)),
      "detached": .array(
        detached.map {
          .object([
            "napkin": $0.napkin.json, "secondsSinceDetach": .number("\($0.secondsSinceDetach)"),
            "detachedAt": .string($0.detachedAt),
          ])
        }),
    ])
  }
}

extension TreeSnapshot.Napkin {
  /// The napkin `field` holds, `depth` levels down (1 for a root).
  init(_ field: TreeSnapshot.Field, depth: Int = 1) throws(TreeSnapshot.Mismatch) {
    guard depth <= TreeSnapshot.maximumDepth else { throw .tooDeep }
    name = try field["name"].string()
    router = try field["router"].string()
    interactor = try field["interactor"].string()
    presenter = try field["presenter"].optional?.string()
    view = try field["view"].optional?.string()
    active = try field["active"].bool()
    tasks = try field["tasks"].int()
    cleanups = try field["cleanups"].int()
    if let field = field["component"].optional {
      component = try TreeSnapshot.Component(field)
    } else {
      component = nil
    }
    var children: [TreeSnapshot.Napkin] = []
    for child in try field["children"].array() {
      children.append(try TreeSnapshot.Napkin(child, depth: depth + 1))
    }
    self.children = children
  }

  var json: SnapshotJSON.Value {
    var members: [String: SnapshotJSON.Value] = [
      "name": .string(name), "router": .string(router), "interactor": .string(interactor),
      "active": .bool(active), "tasks": .number(String(tasks)),
      "cleanups": .number(String(cleanups)), "children": .array(children.map(\.json)),
    ]
    if let presenter { members["presenter"] = .string(presenter) }
    if let view { members["view"] = .string(view) }
    if let component { members["component"] = component.json }
    return .object(members)
  }
}

extension TreeSnapshot.Component {
  init(_ field: TreeSnapshot.Field) throws(TreeSnapshot.Mismatch) {
    name = try field["name"].string()
    var shared: [TreeSnapshot.SharedInstance] = []
    for instance in try field["shared"].array() {
      shared.append(
        TreeSnapshot.SharedInstance(
          name: try instance["name"].string(), type: try instance["type"].string(),
          count: try instance["count"].int(),
          description: try instance["description"].optional?.string()))
    }
    self.shared = shared
  }

  var json: SnapshotJSON.Value {
    .object([
      "name": .string(name),
      "shared": .array(
        shared.map { instance in
          var members: [String: SnapshotJSON.Value] = [
            "name": .string(instance.name), "type": .string(instance.type),
            "count": .number(String(instance.count)),
          ]
          if let description = instance.description {
            members["description"] = .string(description)
          }
          return .object(members)
        }),
    ])
  }
}
