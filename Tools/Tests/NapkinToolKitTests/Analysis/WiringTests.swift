import Testing

@testable import NapkinToolKit

struct WiringTests {
  private let tree = Analysis.wiring(Paths.fixture("CleanTree"))

  @Test func theCleanTreeParsesWithoutProblems() {
    #expect(tree.problems.isEmpty)
    #expect(tree.wiring.files.count == 6)
  }

  @Test func aChildHangsBelowTheComponentThatConformsToItsDependency() {
    let wiring = tree.wiring
    #expect(wiring.roots.map(\.name) == ["RootComponent"])
    #expect(
      wiring.component(named: "RootComponent")?.children.map(\.child) == ["LoggedInComponent"])
    #expect(
      wiring.component(named: "LoggedInComponent")?.children.map(\.child) == ["HomeComponent"])
    #expect(wiring.component(named: "HomeComponent")?.parents == ["LoggedInComponent"])
  }

  @Test func aConformanceDeclaredInAnExtensionInAnotherFileIsAnEdge() {
    let home = tree.wiring.component(named: "HomeComponent")
    #expect(home?.children == [.init(child: "ProfileComponent", protocolName: "ProfileDependency")])
    // The extension's property belongs to the component too.
    #expect(home?.freshNames == ["requestBuilder", "profileFormatter"])
  }

  @Test func aComponentConformsToWhatItsProtocolsRefine() {
    let home = tree.wiring.component(named: "HomeComponent")
    #expect(home?.conformances.isSuperset(of: ["ProfileDependency", "UserDependency"]) == true)
  }

  @Test func membersAreSortedIntoSharedFreshAndPassThrough() {
    let root = tree.wiring.component(named: "RootComponent")
    #expect(root?.sharedNames == ["userService", "clock"])
    #expect(root?.isRoot == true)
    let loggedIn = tree.wiring.component(named: "LoggedInComponent")
    #expect(loggedIn?.sharedNames == ["session"])
    #expect(loggedIn?.passThroughNames == ["userService"])
  }

  @Test func aSubclassOfAComponentIsAComponentWithTheSameDependency() {
    let wiring = Analysis.wiring(
      source: """
        final class Special: BaseComponent {}
        class BaseComponent: Component<any ShopDependency> {}
        final class Parent: EmptyComponent, ShopDependency {}
        """)
    #expect(wiring.component(named: "Special")?.dependencyProtocols == ["ShopDependency"])
    #expect(
      wiring.component(named: "Parent")?.children.map(\.child) == ["BaseComponent", "Special"])
  }

  @Test func aDependencyCompositionNeedsAParentThatConformsToEveryPart() {
    let wiring = Analysis.wiring(
      source: """
        final class Child: Component<any A & B> {}
        final class Half: EmptyComponent, A {}
        final class Whole: EmptyComponent, A, B {}
        """)
    #expect(wiring.component(named: "Child")?.parents == ["Whole"])
  }

  @Test func aComponentWithoutAConformingParentIsAnOrphanRoot() {
    let wiring = Analysis.wiring(source: "final class Lost: Component<any NowhereDependency> {}")
    let lost = wiring.component(named: "Lost")
    #expect(wiring.roots.map(\.name) == ["Lost"])
    #expect(lost?.orphanNote == "no component conforms to NowhereDependency")
  }

  @Test func theFrameworksOwnBaseClassesAreNotNapkins() {
    let wiring = Analysis.wiring(
      source: """
        open class Component<DependencyType>: Dependency, @unchecked Sendable {}
        open class EmptyComponent: Component<any EmptyDependency>, EmptyDependency {}
        final class AppComponent: EmptyComponent {}
        final class TestRoot: Component<any EmptyDependency> {}
        """)
    #expect(wiring.components.map(\.name) == ["AppComponent", "TestRoot"])
    #expect(wiring.roots.map(\.name) == ["AppComponent", "TestRoot"])
    #expect(wiring.components.allSatisfy { $0.orphanNote == nil && $0.children.isEmpty })
  }

  @Test func aComponentThatProvidesItsOwnDependencyIsDrawnAsACycle() {
    let wiring = Analysis.wiring(
      source: """
        final class LinkRoot: EmptyComponent, LinkDependency {}
        final class Link: Component<any LinkDependency>, LinkDependency {}
        """)
    #expect(wiring.component(named: "Link")?.parents == ["LinkRoot", "Link"])
    let text = GraphFormat.text.render(wiring, problems: [])
    #expect(text.contains("   └─ Link via LinkDependency  (cycle)\n"))
  }
}
