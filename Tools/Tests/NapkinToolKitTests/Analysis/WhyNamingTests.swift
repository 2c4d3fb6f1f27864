import Testing

@testable import NapkinToolKit

/// `napkin why --in NAME` finds a component by the name `graph` draws, whatever it ends in, and
/// by a nested type's qualified name.
struct WhyNamingTests {
  static let source = """
    import Napkin

    final class Session: EmptyComponent, @unchecked Sendable {
      var clock: Clock { shared { Clock() } }
    }

    enum Feature {
      final class SearchComponent: EmptyComponent, @unchecked Sendable {
        var index: Index { shared { Index() } }
      }
    }

    """

  @Test(arguments: [
    ("clock", "Session", "Session.clock  "),
    ("index", "Feature.SearchComponent", "SearchComponent.index  "),
    ("index", "Feature.Search", "SearchComponent.index  "),
    ("index", "Search", "SearchComponent.index  "),
  ])
  func aComponentIsFoundByTheNameGraphDrawsOrItsQualifiedName(
    _ member: String, _ spelling: String, _ answer: String
  ) throws {
    let scratch = try ScratchFolder()
    try scratch.write("App.swift", Self.source)
    let (status, console) = run("why", member, "--in", spelling, scratch.path)
    #expect(status == .success, "\(console.errors)")
    #expect(console.output.hasPrefix(answer), "\(console.output)")
  }

  @Test func anUnknownNameSaysEverySpellingItTried() throws {
    let scratch = try ScratchFolder()
    try scratch.write("App.swift", Self.source)
    let (status, console) = run("why", "clock", "--in", "Feature.Sessions", scratch.path)
    #expect(status == .inputProblem)
    #expect(
      console.errors.contains("(looked for Feature.Sessions, Sessions, SessionsComponent)"),
      "\(console.errors)")
  }
}
