import Foundation
import Testing

@testable import NapkinToolKit

/// Input built to hurt: nesting that overflows a parser's stack, brackets whose lookahead doubles
/// per level, and sizes that expose work growing faster than the source. Each file is reported
/// or analysed, never fatal, and the rest of the input is analysed.
struct HostileInputTests {
  private static let goodComponent = "final class GoodComponent: EmptyComponent {}\n"

  /// Runs the built `napkin` on `hostile` next to a clean component: a crash would take the test
  /// runner with it if this ran in process.
  private func lintNextToAGoodFile(_ hostile: String) throws -> NapkinProcess.Result {
    let scratch = try ScratchFolder()
    try scratch.write("Good.swift", Self.goodComponent)
    try scratch.write("Hostile.swift", hostile)
    return try NapkinProcess.run(["lint", scratch.path])
  }

  @Test func aGenericTypeNested500DeepIsReportedAndTheRestIsAnalysed() throws {
    let type = String(repeating: "Array<", count: 500) + "Int" + String(repeating: ">", count: 500)
    let result = try lintNextToAGoodFile("let x: \(type) = []\n")
    #expect(result.status == 3)
    #expect(result.errors.contains("Hostile.swift:1:"))
    #expect(result.errors.contains("nested more than 256 levels deep"))
    #expect(result.output == "No findings in 2 files.\n")
  }

  @Test func anArrayLiteralNested2000DeepIsReportedAndTheRestIsAnalysed() throws {
    let literal = String(repeating: "[", count: 2000) + "1" + String(repeating: "]", count: 2000)
    let result = try lintNextToAGoodFile("let x = \(literal)\n")
    #expect(result.status == 3)
    #expect(result.errors.contains("Hostile.swift:1:9: error: more than 10 `[` in a row"))
    #expect(result.output == "No findings in 2 files.\n")
  }

  /// One shape of nesting, named for the test report.
  struct Nesting: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var expression: String

    init(_ name: String, _ unit: String, _ core: String = "1", _ closer: String = "") {
      testDescription = name
      expression =
        String(repeating: unit, count: 5000) + core + String(repeating: closer, count: 5000)
    }
  }

  @Test(
    "Nesting deeper than 256 levels is refused, whatever builds it",
    arguments: [
      Nesting("try prefixes", "try ", "f()"),
      Nesting("function type arrows", "() -> ", "Int"),
      Nesting("parentheses", "(", "1", ")"),
      Nesting("closures", "{ ", "1", " }"),
    ])
  func deepNestingIsRefused(_ nesting: Nesting) throws {
    let result = try lintNextToAGoodFile("let x = \(nesting.expression)\n")
    #expect(result.status == 3)
    #expect(result.errors.contains("nested more than 256 levels deep"))
    #expect(result.output == "No findings in 2 files.\n")
  }

  @Test func anElseIfChainOf5000IsRefused() throws {
    let chain = "if a {} " + String(repeating: "else if a {} ", count: 5000)
    let result = try lintNextToAGoodFile("func f() {\n  \(chain)\n}\n")
    #expect(result.status == 3)
    #expect(result.errors.contains("Hostile.swift:2:"))
  }

  /// Without the guard this parse takes hours (the time doubles per `[`).
  @Test func aLongRunOfBracketsIsRefusedAtOnce() throws {
    let run = String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40)
    let result = try lintNextToAGoodFile("let a = 1\nlet x: Int = \(run)\n")
    #expect(!result.timedOut)
    #expect(result.errors.contains("Hostile.swift:2:14: error: more than 10 `[` in a row"))
  }

  @Test func bracketsInStringsAndCommentsAreNotCode() {
    let run = String(repeating: "[", count: 40)
    let source = """
      // \(run)
      /* \(run) /* nested */ \(run) */
      let a = "\(run)"
      let b = #"\(run)\\(run"#
      let c = \"\"\"
        \(run) "quoted" \\("interpolated")
        \"\"\"
      final class KeptComponent: EmptyComponent {}
      """
    let facts = Analysis.facts(source)
    #expect(facts.problems.isEmpty)
    #expect(facts.classes.map(\.name) == ["KeptComponent"])
  }

  @Test func anInterpolationIsCode() {
    let run = String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12)
    let facts = Analysis.facts("let a = \"value: \\(\(run))\"\n")
    #expect(facts.problems.first?.message.hasPrefix("more than 10 `[` in a row") == true)
  }

  @Test func ordinaryNestingIsRead() {
    let facts = Analysis.facts(
      """
      let grid: [[[Int]]] = [[[1, 2], [3]], [[4]]]
      let table: Dictionary<String, Array<Set<Int>>> = [:]
      func f() throws -> (Int) -> Int { { try g($0) } }
      if a < b && c<d { } else if e { } else { }
      """)
    #expect(facts.problems.isEmpty)
  }

  /// 20,000 dependency protocols that nothing conforms to: the rule used to compare every
  /// protocol with every component (40,000 took about 15 minutes, so 20,000 about 4, past the
  /// time limit); linear, the debug tool takes about 30 CPU-seconds, nearly all of it parsing.
  @Test func lintIsLinearInUnconformedDependencies() throws {
    var source = "import Napkin\n"
    for index in 0..<20_000 {
      source += "protocol N\(index)Dependency: Dependency {}\n"
      source += "final class N\(index)Component: Component<any N\(index)Dependency> {}\n"
    }
    let scratch = try ScratchFolder()
    let file = try scratch.write("Many.swift", source)
    let result = try NapkinProcess.run(["lint", "--format", "json", file])
    #expect(!result.timedOut)
    #expect(result.status == 1)
    #expect(result.output.components(separatedBy: "\"unconformed-dependency\"").count == 20_001)
  }

  /// A chain of component subclasses declared leaf first: each class is decided once, where the
  /// old fixed-point loop went round once per level.
  @Test func componentsAreResolvedInLinearTimeWhateverTheOrder() throws {
    var source = ""
    for index in (1..<20_000).reversed() {
      source += "final class C\(index): C\(index - 1) {}\n"
    }
    source += "class C0: EmptyComponent {}\n"
    let scratch = try ScratchFolder()
    let file = try scratch.write("Chain.swift", source)
    let result = try NapkinProcess.run(["graph", file])
    #expect(!result.timedOut)
    #expect(result.output.hasSuffix("20000 components, 0 edges in 1 file\n"))
  }

  /// SwiftParser's diagnostics take time that grows with the square of the errors (20,000 broken
  /// lines took 30 s, so 40,000 took minutes); the first 20 are listed, the rest summed up.
  @Test func manySyntaxErrorsAreListedUpToALimitInBoundedTime() throws {
    let result = try lintNextToAGoodFile(String(repeating: "let = 1\n", count: 40_000))
    #expect(!result.timedOut)
    #expect(result.status == 3)
    let lines = result.errors.split(separator: "\n")
    #expect(lines.filter { $0.contains(": error: syntax error: expected pattern") }.count == 20)
    #expect(lines.last?.hasSuffix("fix the first 20 and run napkin again") == true)
    #expect(result.output == "No findings in 2 files.\n")
  }
}
