import Foundation
import Testing

@testable import NapkinToolKit

/// What `napkin fix` writes matches the file it writes into (indentation width, tabs, CRLF line
/// endings) and the file's conditions and attributes: every `#if` branch of a protocol gets the
/// requirement, and a `@MainActor` requirement is passed through as `@MainActor`.
struct FixStyleTests {
  /// A tree of three components where Home must pass Root's `engine` on to Player, indented
  /// with `indent` and ended with `ending`.
  static func tree(indent: String, ending: String) -> [String: String] {
    func file(_ lines: [String]) -> String {
      lines.map { $0.replacingOccurrences(of: "\t", with: indent) + ending }.joined()
    }
    return [
      "RootComponent.swift": file([
        "import Napkin",
        "",
        "final class RootComponent: EmptyComponent, @unchecked Sendable {",
        "\tvar engine: Engine { shared { Engine() } }",
        "\tvar home: HomeComponent { HomeComponent(dependency: self) }",
        "}",
        "",
        "nonisolated extension RootComponent: HomeDependency {}",
        "",
        "nonisolated final class Engine: Sendable {",
        "\tinit() {}",
        "}",
      ]),
      "HomeComponent.swift": file([
        "import Napkin",
        "",
        "nonisolated protocol HomeDependency: Dependency {}",
        "",
        "final class HomeComponent: Component<any HomeDependency>, @unchecked Sendable {",
        "\tvar player: PlayerComponent { PlayerComponent(dependency: self) }",
        "}",
        "",
        "nonisolated extension HomeComponent: PlayerDependency {",
        "\t// Pass-throughs go here.",
        "}",
      ]),
      "PlayerComponent.swift": file([
        "import Napkin",
        "",
        "nonisolated protocol PlayerDependency: Dependency {",
        "\tvar engine: Engine { get }",
        "}",
        "",
        "final class PlayerComponent: Component<any PlayerDependency>, @unchecked Sendable {}",
      ]),
    ]
  }

  static let styles: [(name: String, indent: String, ending: String)] = [
    ("four spaces", "    ", "\n"), ("a tab", "\t", "\n"), ("two spaces and CRLF", "  ", "\r\n"),
    ("four spaces and CRLF", "    ", "\r\n"),
  ]

  @Test(arguments: 0..<styles.count)
  func addedLinesAreIndentedAndEndedAsTheFileIs(_ index: Int) throws {
    let style = Self.styles[index]
    let scratch = try ScratchFolder()
    for (name, text) in Self.tree(indent: style.indent, ending: style.ending) {
      try scratch.write(name, text)
    }
    let (status, console) = run("fix", scratch.path)
    #expect(status == .success, "\(console.errors)")
    let home = try String(contentsOfFile: scratch.path + "/HomeComponent.swift", encoding: .utf8)
    #expect(
      home.contains(
        style.indent + "var engine: Engine { dependency.engine }" + style.ending + "}"),
      "\(style.name): \(home.debugDescription)")
    #expect(
      home.contains(
        "nonisolated protocol HomeDependency: Dependency {" + style.ending + style.indent
          + "var engine: Engine { get }" + style.ending + "}"),
      "\(style.name): \(home.debugDescription)")
    if style.ending == "\r\n" {
      let lone = home.utf8.enumerated().filter { index, byte in
        byte == UInt8(ascii: "\n") && (index == 0 || Array(home.utf8)[index - 1] != 13)
      }
      #expect(lone.isEmpty, "a line ends in LF alone: \(home.debugDescription)")
    }
  }

  @Test func theStyleIsTheFilesWidthNotAContinuationLinesOddOne() {
    let text = "class A {\n    func f(\n          x: Int\n    ) {\n        g()\n    }\n}\n"
    #expect(FileStyle(of: Array(text.utf8)).indentUnit == "    ")
    #expect(FileStyle(of: Array("class A {\n\tvar x = 1\n}\n".utf8)).indentUnit == "\t")
    #expect(FileStyle(of: Array("a\r\nb\r\n".utf8)).lineEnding == "\r\n")
    #expect(FileStyle(of: Array("a\nb\n".utf8)) == .standard)
  }

  @Test func aProtocolDeclaredInBothBranchesOfAnIfGetsTheRequirementInEach() throws {
    let scratch = try ScratchFolder()
    var files = Self.tree(indent: "  ", ending: "\n")
    files["HomeComponent.swift"] = """
      import Napkin

      #if os(Linux)
        nonisolated protocol HomeDependency: Dependency {}
      #else
        nonisolated protocol HomeDependency: Dependency {
          var title: String { get }
        }
      #endif

      final class HomeComponent: Component<any HomeDependency>, @unchecked Sendable {
        var player: PlayerComponent { PlayerComponent(dependency: self) }
      }

      nonisolated extension HomeComponent: PlayerDependency {}

      """
    for (name, text) in files { try scratch.write(name, text) }
    let (status, console) = run("fix", scratch.path)
    #expect(status == .success, "\(console.errors)")
    #expect(console.output.contains("(in each of its #if branches)"), "\(console.output)")
    let home = try String(contentsOfFile: scratch.path + "/HomeComponent.swift", encoding: .utf8)
    #expect(home.components(separatedBy: "var engine: Engine { get }").count == 3, "\(home)")
    #expect(
      home.contains(
        """
          nonisolated protocol HomeDependency: Dependency {
            var engine: Engine { get }
          }
        #else
        """), "\(home)")
  }

  @Test func aMainActorRequirementIsPassedThroughAsMainActor() throws {
    let scratch = try ScratchFolder()
    var files = Self.tree(indent: "  ", ending: "\n")
    files["PlayerComponent.swift"] = """
      import Napkin

      nonisolated protocol PlayerDependency: Dependency {
        @MainActor var screen: Screen { get }
      }

      final class PlayerComponent: Component<any PlayerDependency>, @unchecked Sendable {}

      @MainActor
      final class Screen {
        init() {}
      }

      """
    files["RootComponent.swift"] = files["RootComponent.swift"]!.replacingOccurrences(
      of: "  var engine: Engine { shared { Engine() } }",
      with: "  @MainActor var screen: Screen { Screen() }")
    for (name, text) in files { try scratch.write(name, text) }
    let (status, console) = run("fix", scratch.path)
    #expect(status == .success, "\(console.errors)")
    let home = try String(contentsOfFile: scratch.path + "/HomeComponent.swift", encoding: .utf8)
    #expect(home.contains("  @MainActor var screen: Screen { dependency.screen }\n"), "\(home)")
    #expect(home.contains("  @MainActor var screen: Screen { get }\n"), "\(home)")
  }
}
