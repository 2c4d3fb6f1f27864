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
    #expect(mermaid.contains("  n1 -->|HomeDependency| n0"))
    #expect(mermaid.contains(#"n3["RootComponent<br/>shared: userService, clock"]"#))
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

  @Test func mermaidNodeIdsAreGeneratedSoARawIdentifierCannotAddNodes() {
    let wiring = Analysis.wiring(
      source: """
        protocol ChildDependency: Dependency {}
        final class RootComponent: EmptyComponent, ChildDependency {}
        final class `Child --> Z`: Component<any ChildDependency> {}
        """)
    let mermaid = GraphFormat.mermaid.render(wiring, problems: [])
    #expect(
      mermaid == """
        graph TD
          n0["RootComponent"]
          n1["#96;Child --#gt; Z#96;"]
          n0 -->|ChildDependency| n1

        """)
  }

  @Test func membersAreShownWithTheirKindIncludingStoresAndBuilders() {
    let wiring = Analysis.wiring(
      source: """
        final class LibraryComponent: EmptyComponent {
          let notebooks = PerKey<String, NotebookContext> { NotebookContext($0) }
          var config: Configured<SyncConfig> { SyncConfig.global }
          var notebook: NotebookContext { NotebookContext.all.shared(for: "inbox") }
          var index: SearchIndex { shared { SearchIndex() } }
          var request: RequestBuilder { RequestBuilder(host: "example.com") }
          var shelfBuilder: any ShelfBuildable { ShelfBuilder(dependency: self) }
        }
        """)
    let component = wiring.component(named: "LibraryComponent")
    #expect(component?.storeNames == ["notebooks", "config"])
    #expect(component?.perKeyNames == ["notebook"])
    #expect(component?.sharedNames == ["index"])
    #expect(component?.freshNames == ["request"])
    #expect(component?.builderNames == ["shelfBuilder"])
    let text = GraphFormat.text.render(wiring, problems: [])
    #expect(text.contains("   stores: notebooks, config\n"))
    #expect(text.contains("   per-key: notebook\n"))
    #expect(text.contains("   builders: shelfBuilder\n"))
  }

  @Test func aCycleOfParentsIsDrawnFromOneOfItsComponentsInEveryFormat() throws {
    let cycle = Analysis.wiring(Paths.fixture("ParentCycle/Found")).wiring
    let text = GraphFormat.text.render(cycle, problems: [])
    #expect(text.hasPrefix("AComponent  "))
    #expect(text.contains("(in a cycle of parents: its parents are BComponent)"))
    #expect(text.contains("CComponent via CDependency"))
    #expect(text.contains("BComponent via BDependency"))
    #expect(text.contains("AComponent via ADependency  (cycle)"))
    let json = GraphFormat.json.render(cycle, problems: [])
    let document = try JSONDecoder().decode(JSONGraph.Document.self, from: Data(json.utf8))
    #expect(document.roots == ["AComponent"])
    let html = GraphFormat.html.render(cycle, problems: [])
    let roots = try #require(html.range(of: #""roots" : ["#))
    #expect(html[roots.upperBound...].prefix(40).contains(#""AComponent""#))
  }

  @Test func aMemberThatReadsAStoredValueIsShownInEveryFormat() throws {
    let reading = Analysis.wiring(
      source: """
        final class FeedComponent: EmptyComponent {
          let boundaries = Boundaries()
          var feedServer: FeedServer { boundaries.feeds }
        }
        """)
    #expect(GraphFormat.text.render(reading, problems: []).contains("reads: feedServer"))
    #expect(GraphFormat.dot.render(reading, problems: []).contains("reads: feedServer"))
    #expect(GraphFormat.mermaid.render(reading, problems: []).contains("reads: feedServer"))
    #expect(GraphFormat.html.render(reading, problems: []).contains("feedServer"))
    let json = GraphFormat.json.render(reading, problems: [])
    let document = try JSONDecoder().decode(JSONGraph.Document.self, from: Data(json.utf8))
    #expect(document.components.first?.reads == ["feedServer"])
  }
}
