import Foundation
import Testing

@testable import NapkinToolKit

/// Deep input: a pass-through chain thousands of components deep, diamonds of shared children,
/// a snapshot of a tree a thousand napkins deep. Every format's output grows linearly with the
/// input, nothing recurses once per level on the caller's stack, and what is too deep is
/// refused with a message that says so.
struct DeepInputTests {
  /// A chain `depth` components below a root that shares `value`: each passes it on.
  static func chain(_ depth: Int) -> String {
    var source = "final class Value: Sendable {}\n"
    source += "nonisolated protocol C1Dependency: Dependency {\n  var value: Value { get }\n}\n"
    source += "final class C0Component: EmptyComponent, C1Dependency, @unchecked Sendable {\n"
    source += "  var value: Value { shared { Value() } }\n}\n"
    for level in 1..<depth {
      source += "nonisolated protocol C\(level + 1)Dependency: Dependency {\n"
      source += "  var value: Value { get }\n}\n"
      source += "final class C\(level)Component: Component<any C\(level)Dependency>, "
      source += "C\(level + 1)Dependency, @unchecked Sendable {\n"
      source += "  var value: Value { dependency.value }\n}\n"
    }
    source += "final class C\(depth)Component: Component<any C\(depth)Dependency>, "
    source += "@unchecked Sendable {\n  var value: Value { dependency.value }\n}\n"
    return source
  }

  /// The output of `format` for a chain `depth` deep.
  private static func rendered(_ format: GraphFormat, depth: Int) -> String {
    format.render(Analysis.wiring(source: chain(depth)), problems: [])
  }

  @Test(arguments: GraphFormat.allCases)
  func everyFormatGrowsLinearlyWithTheDepthOfAChain(_ format: GraphFormat) {
    let shallow = Self.rendered(format, depth: 300).utf8.count
    let deep = Self.rendered(format, depth: 600).utf8.count
    // Twice the components: about twice the output, never four times (the HTML page embedded
    // each member's whole chain and its readers: 107 MB at 600).
    #expect(Double(deep) / Double(shallow) < 2.3, "\(format): \(shallow) then \(deep) bytes")
  }

  /// The old text graph recursed once per level and died at 20,000 levels on the main thread;
  /// a test's thread has far less stack.
  @Test func theTextGraphOfAChainThousandsDeepIsDrawnAndContinuedBelow() {
    let text = Self.rendered(.text, depth: 3_000)
    let lines = text.split(separator: "\n")
    #expect(lines.last == "3001 components, 3000 edges in 1 file")
    let widest = lines.map { $0.count }.max() ?? 0
    #expect(widest < 3 * TextGraph.maximumIndentedDepth + 120)
    #expect(text.contains("C64Component via C64Dependency  Snippet.swift"))
    #expect(text.contains("(continued below)"))
    #expect(text.contains("  (continued from C63Component)"))
    #expect(text.contains("C3000Component via C3000Dependency  "))
  }

  @Test func whyFollowsAChainThousandsDeepToItsSource() {
    let wiring = Analysis.wiring(source: Self.chain(3_000))
    let text = (try? MemberOrigin.explain("value", within: "C3000", in: wiring)) ?? ""
    let lines = text.split(separator: "\n")
    #expect(lines.first?.hasPrefix("C3000Component.value  ") == true)
    #expect(lines.contains { $0.hasPrefix("  from C0Component.value  ") })
    #expect(lines.count == 3_002)
  }

  /// Diamonds: each level's two components share the next level's. Drawn as a tree, the old
  /// text graph and page doubled at each level.
  static func diamonds(_ levels: Int) -> String {
    var source = "nonisolated protocol D0Dependency: Dependency {}\n"
    source += "final class TopComponent: EmptyComponent, D0Dependency, @unchecked Sendable {}\n"
    for level in 0..<levels {
      for side in ["L", "R"] {
        source += "final class \(side)\(level)Component: Component<any D\(level)Dependency>, "
        source += "D\(level + 1)Dependency, @unchecked Sendable {}\n"
      }
      source += "nonisolated protocol D\(level + 1)Dependency: Dependency {}\n"
    }
    return source
  }

  /// Lines, not bytes: up to 64 levels a line's indentation grows with its depth.
  @Test func sharedChildrenAreDrawnOnceSoDiamondsDoNotDoubleTheTextGraph() {
    func lines(_ levels: Int) -> Int {
      GraphFormat.text.render(Analysis.wiring(source: Self.diamonds(levels)), problems: [])
        .split(separator: "\n").count
    }
    let small = lines(10)
    let large = lines(20)
    #expect(Double(large) / Double(small) < 2.2, "\(small) then \(large) lines")
    let text = GraphFormat.text.render(Analysis.wiring(source: Self.diamonds(2)), problems: [])
    #expect(text.contains("R0Component via D0Dependency  Snippet.swift"))
    #expect(text.contains("L1Component via D1Dependency  (drawn once, at its first place)"))
  }

  /// Folders nested as deep as a path allows (some 2,000 levels of `a/`) are listed with a
  /// stack of the loader's own, not one frame per level of the test's thread.
  @Test func foldersNestedAsDeepAsAPathGoesAreSearched() throws {
    let scratch = try ScratchFolder()
    let relative = Array(repeating: "a", count: 1_500).joined(separator: "/")
    var folder = scratch.path
    for _ in 0..<1_500 {
      folder += "/a"
      #expect(mkdir(folder, 0o755) == 0)
    }
    try Data("final class AComponent: EmptyComponent {}\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/AComponent.swift"))
    let loaded = SourceLoader.load(paths: [scratch.path])
    #expect(loaded.problems.isEmpty, "\(loaded.problems)")
    #expect(loaded.files.map(\.path) == [scratch.path + "/" + relative + "/AComponent.swift"])
  }

  // MARK: Snapshots

  /// A snapshot whose root has one child, which has one child... `depth` napkins in all.
  static func snapshot(depth: Int) -> String {
    var json = #"{"schema": 1, "kind": "tree-snapshot", "ancestorComponents": [], "#
    json += #""detached": [], "root": "#
    for level in 0..<depth {
      json += #"{"name": "N\#(level)", "router": "R", "interactor": "I", "active": true, "#
      json += #""tasks": 0, "cleanups": 0, "children": ["#
    }
    json += String(repeating: "]}", count: depth) + "}"
    return json
  }

  /// How many napkins deep a snapshot is, counted without recursion.
  private static func depth(of snapshot: TreeSnapshot) -> Int {
    var depth = 1
    var napkin = snapshot.root
    while let child = napkin.children.first {
      depth += 1
      napkin = child
    }
    return depth
  }

  /// The deepest snapshot JSONDecoder reads is read, written again and embedded. Decoded,
  /// compared and released on a thread with room: the test's own thread is not what is tested.
  @Test(arguments: [100, TreeSnapshot.maximumDepth])
  func aValidDeepSnapshotIsReadAndEmbedded(_ depth: Int) throws {
    let results = ParserThreads.map(1) { _ in
      Result { () throws(UsageError) -> (Int, Bool, Bool) in
        let snapshot = try TreeSnapshot.decode(Data(Self.snapshot(depth: depth).utf8), from: "x")
        let again = try TreeSnapshot.decode(Data(snapshot.jsonText.utf8), from: "x")
        let page = HTMLGraph.render(
          Analysis.wiring(source: "final class AComponent: EmptyComponent {}"), problems: [],
          snapshot: snapshot)
        return (Self.depth(of: snapshot), again == snapshot, page.contains(#""N\#(depth - 1)""#))
      }
    }
    let (read, roundTrip, embedded) = try results[0].get()
    #expect(read == depth)
    #expect(roundTrip)
    #expect(embedded)
  }

  /// Just past what JSONDecoder reads (513 levels of JSON), and far past it: refused before
  /// decoding, saying so, never "not a JSON object".
  @Test(arguments: [256, 20_000])
  func aSnapshotDeeperThanJSONDecoderReadsIsRefusedAsNestedTooDeeply(_ depth: Int) throws {
    let scratch = try ScratchFolder()
    let file = try scratch.write("deep.json", Self.snapshot(depth: depth))
    let (status, console) = run(
      "graph", "--format", "html", "--snapshot", file, Paths.fixture("CleanTree"))
    #expect(status == .inputProblem)
    #expect(
      console.errors.contains(
        "is nested too deeply: more than 512 levels of JSON (some 253 napkins), more than "
          + "JSONDecoder reads"), "\(console.errors)")
  }

  @Test func bracketsInsideStringsDoNotCountAsNesting() {
    #expect(TreeSnapshot.nesting(of: Data(#"{"a": ["[[[", "\"{{"]}"#.utf8)) == 2)
    #expect(TreeSnapshot.nesting(of: Data("[[[]]]".utf8)) == 3)
  }
}
