import Foundation
import Testing

@testable import NapkinToolKit

struct GraphFormatTests {
  private let wiring = Analysis.wiring(Paths.fixture("CleanTree")).wiring

  @Test func textDrawsTheTreeWithMembersBelowEachComponent() {
    let lines = GraphFormat.text.render(wiring, problems: []).split(separator: "\n").map {
      String($0)
    }
    #expect(lines.first?.hasPrefix("RootComponent  ") == true)
    #expect(lines.contains("│  shared: userService, clock"))
    #expect(lines.contains { $0.hasPrefix("└─ LoggedInComponent via LoggedInDependency  ") })
    #expect(lines.contains { $0.hasPrefix("      └─ ProfileComponent via ProfileDependency  ") })
    #expect(lines.contains("      │  pass-through: userService"))
    #expect(lines.last == "4 components, 3 edges in 6 files")
  }

  @Test func dotHasANodePerComponentAndALabelledEdgePerDependency() {
    let dot = GraphFormat.dot.render(wiring, problems: [])
    #expect(dot.hasPrefix("digraph napkin {"))
    #expect(dot.contains(#""HomeComponent" -> "ProfileComponent" [label="ProfileDependency"];"#))
    #expect(dot.contains(#"label="RootComponent\nshared: userService, clock""#))
  }

  @Test func mermaidHasALabelledArrowPerDependency() {
    let mermaid = GraphFormat.mermaid.render(wiring, problems: [])
    #expect(mermaid.hasPrefix("graph TD\n"))
    #expect(mermaid.contains("  LoggedInComponent -->|HomeDependency| HomeComponent"))
    #expect(mermaid.contains(#"RootComponent["RootComponent<br/>shared: userService, clock"]"#))
  }

  @Test func jsonDecodesToTheSameTree() throws {
    let json = GraphFormat.json.render(wiring, problems: [])
    let document = try JSONDecoder().decode(JSONGraph.Document.self, from: Data(json.utf8))
    #expect(document.roots == ["RootComponent"])
    let home = try #require(document.components.first { $0.name == "HomeComponent" })
    #expect(home.parents == ["LoggedInComponent"])
    #expect(home.shared == ["homeAnalytics"])
    #expect(home.passThrough == ["userService"])
    #expect(home.children.map(\.via) == ["ProfileDependency"])
    #expect(home.location.hasSuffix("CleanTree/Home/HomeComponent.swift:8:13"))
  }
}
