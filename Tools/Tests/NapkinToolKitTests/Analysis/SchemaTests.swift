import Foundation
import Testing

@testable import NapkinToolKit

/// `Schema/napkin.schema.json` is the one definition of both documents: what `napkin graph
/// --format json` writes and what `--snapshot` reads. Read at test time, so that the test fails
/// when either the schema or the code drifts from the other.
struct SchemaTests {
  /// The schema's `$defs`, by name.
  static func definitions() throws -> [String: Any] {
    let url = Paths.repository.appendingPathComponent("Schema/napkin.schema.json")
    let schema = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    return try #require(schema["$defs"] as? [String: Any])
  }

  /// The `required` and `properties` names of definition `name`.
  static func keys(of name: String) throws -> (required: Set<String>, known: Set<String>) {
    let definition = try #require(try definitions()[name] as? [String: Any], "no $defs.\(name)")
    let required = try #require(definition["required"] as? [String])
    let properties = try #require(definition["properties"] as? [String: Any])
    return (Set(required), Set(properties.keys))
  }

  /// `object` has every key `definition` requires and none it does not define.
  static func check(_ object: Any?, against definition: String, at place: String) throws {
    let keys = try Self.keys(of: definition)
    let present = Set(try #require(object as? [String: Any], "\(place) is no object").keys)
    #expect(
      keys.required.isSubset(of: present),
      "\(place) lacks \(keys.required.subtracting(present).sorted()) that $defs.\(definition) requires"
    )
    #expect(
      present.isSubset(of: keys.known),
      "\(place) has \(present.subtracting(keys.known).sorted()) that $defs.\(definition) does not define"
    )
  }

  @Test func graphJSONHasTheSchemaNumberKindAndKeysTheSchemaDefines() throws {
    let json = GraphFormat.json.render(
      Analysis.wiring(Paths.examples + "/HomeNapkin").wiring, problems: [])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    try Self.check(document, against: "graph", at: "the graph")
    let graph = try #require(try Self.definitions()["graph"] as? [String: Any])
    let properties = try #require(graph["properties"] as? [String: [String: Any]])
    #expect(document["schema"] as? Int == properties["schema"]?["const"] as? Int)
    #expect(document["kind"] as? String == properties["kind"]?["const"] as? String)
    #expect(document["kind"] as? String == "graph")
    let components = try #require(document["components"] as? [[String: Any]])
    #expect(components.count == HTMLGraphTests.homeNapkinComponents.count)
    for component in components {
      let name = component["name"] as? String ?? "?"
      try Self.check(component, against: "graphComponent", at: name)
      let children = try #require(component["children"] as? [[String: Any]])
      for child in children {
        #expect(Set(child.keys) == ["name", "via"], "a child of \(name)")
      }
    }
  }

  /// A snapshot with every optional field set encodes to the keys the schema defines: the
  /// reader keeps nothing the schema lacks, and misses nothing it requires.
  @Test func theSnapshotReaderUsesTheSchemasNames() throws {
    let component = TreeSnapshot.Component(
      name: "HomeComponent",
      shared: [.init(name: "homeAnalytics", type: "HomeAnalytics", count: 1, description: "on")])
    let napkin = TreeSnapshot.Napkin(
      name: "Home", router: "HomeRouter", interactor: "HomeInteractor", presenter: "HomeView",
      view: "HomeView", active: true, tasks: 0, cleanups: 0, component: component, children: [])
    let snapshot = TreeSnapshot(
      schema: 1, kind: "tree-snapshot", root: napkin, ancestorComponents: [component],
      detached: [.init(napkin: napkin, secondsSinceDetach: 0.5, detachedAt: "Home.swift:1")])
    let object = try JSONSerialization.jsonObject(with: Data(snapshot.jsonText.utf8))
    let document = try #require(object as? [String: Any])
    try Self.check(document, against: "treeSnapshot", at: "the snapshot")
    try Self.check(document["root"], against: "napkin", at: "root")
    let root = document["root"] as? [String: Any]
    try Self.check(root?["component"], against: "component", at: "root.component")
    let shared = (root?["component"] as? [String: Any])?["shared"] as? [Any]
    try Self.check(shared?.first, against: "sharedInstance", at: "root.component.shared[0]")
    let detached = document["detached"] as? [Any]
    try Self.check(detached?.first, against: "detachedNapkin", at: "detached[0]")
    #expect(try Self.keys(of: "treeSnapshot").known.contains("ancestorComponents"))
  }
}
